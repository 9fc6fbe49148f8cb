import Foundation

/// Orders titles as people read them: case, accents and character width do not count, and runs
/// of digits compare by value ("Post 9" before "Post 10"). Each title gets a key once, so sorting
/// 20,000 titles compares plain strings (`localizedStandardCompare` took 0.8 s for them).
enum TitleOrder {
    /// Digit runs are padded to this many digits (longer runs compare as text).
    private static let width = 20

    /// The sort key of `title`.
    static func key(_ title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var key = String.UnicodeScalarView()
        var digits = String.UnicodeScalarView()
        func flush() {
            guard !digits.isEmpty else { return }
            let significant = digits.drop { $0 == "0" }
            if significant.count < width {
                key.append(contentsOf: repeatElement("0", count: width - significant.count))
            }
            key.append(contentsOf: significant)
            digits.removeAll()
        }
        for scalar in folded.unicodeScalars {
            if scalar.value >= 0x30 && scalar.value <= 0x39 {
                digits.append(scalar)
            } else {
                flush()
                key.append(scalar)
            }
        }
        flush()
        return String(key)
    }

    /// Whether `a` comes before `b` (keys made on the spot: for the odd tie, not for sorting).
    static func precedes(_ a: String, _ b: String) -> Bool {
        let (x, y) = (key(a), key(b))
        return x != y ? x < y : a < b
    }
}
