import Foundation

/// Words a post itself accepts, as cspell reads them from the text it checks: a
/// `cSpell:ignore word word` or `cSpell:words word word` anywhere (an HTML or front-matter
/// comment, or a front-matter field), case-insensitive, also `spell-checker:` and `spellchecker:`.
public enum InlineWords {
    static let directives = ["cspell:", "spell-checker:", "spellchecker:"]

    /// The words named by the directives in `text`.
    public static func of(_ text: String) -> [String] {
        // Every directive holds "spell": a text without it (nearly every post) is passed over
        // in one search, no line made.
        guard text.range(of: "spell", options: .caseInsensitive) != nil else { return [] }
        var words: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let lower = line.lowercased()
            for directive in directives {
                var rest = lower[...]
                while let found = rest.range(of: directive) {
                    let after = lower[found.upperBound...].drop { $0 == " " || $0 == "\t" }
                    rest = after
                    let kind = after.prefix { $0.isLetter }
                    guard kind == "ignore" || kind == "words" else { continue }
                    // The words as written (cspell matches them without case anyway).
                    let offset = lower.distance(from: lower.startIndex, to: after.startIndex) + kind.count
                    var list = line.dropFirst(offset)
                    if let end = list.range(of: "-->") { list = list[..<end.lowerBound] }
                    words += list.split(whereSeparator: {
                        $0 == " " || $0 == "," || $0 == "\t" || $0 == "\"" || $0 == "'"
                    })
                    .map(String.init).filter { word in word.contains { $0.isLetter } }
                }
            }
        }
        return words
    }
}
