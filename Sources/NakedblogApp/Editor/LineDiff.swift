import Blog

/// A line diff of two versions of a post: `- ` lines only in `old`, `+ ` lines only in `new`,
/// with `context` unchanged lines around each change.
///
/// Lines are split at LF on the text's bytes (a CRLF line keeps its CR for the comparison, so a
/// changed ending is a changed line; it is not shown). Lines the two texts share at their start
/// and end are set aside first, so the usual case (one region edited in a long post) costs one
/// pass; the rest is compared line by line when it is small enough (`budget` cells of the
/// common-subsequence table), else shown as removed and added whole. Cost stays bounded for any
/// input.
public enum LineDiff {
    /// The most cells of the common-subsequence table (4 bytes each) a diff may fill.
    static let budget = 1_000_000

    public static func lines(old: String, new: String, context: Int = 1) -> [String] {
        let all = marks(old: old, new: new)
        let changed = all.indices.filter { all[$0].mark != " " }
        guard !changed.isEmpty else { return ["(no differences)"] }
        var shown = Set<Int>()
        for index in changed {
            for k in max(0, index - context)...min(all.count - 1, index + context) { shown.insert(k) }
        }
        var result: [String] = []
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0, index > previous + 1 { result.append("…") }
            result.append("\(all[index].mark) \(TextLines.withoutCR(all[index].text))")
            previous = index
        }
        return result
    }

    /// How many lines are only in `old` or only in `new`.
    public static func changedLineCount(old: String, new: String) -> Int {
        marks(old: old, new: new).lazy.filter { $0.mark != " " }.count
    }

    /// Each line of both texts in order, marked ` `, `-` or `+`.
    static func marks(old: String, new: String) -> [(mark: Character, text: Substring)] {
        let a = TextLines.split(old), b = TextLines.split(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = a[prefix..<(a.count - suffix)], middleB = b[prefix..<(b.count - suffix)]
        var all = a[..<prefix].map { (mark: Character(" "), text: $0) }
        all += middle(middleA, middleB)
        all += a[(a.count - suffix)...].map { (mark: Character(" "), text: $0) }
        return all
    }

    /// The changed middle: a longest-common-subsequence walk when its table fits the budget.
    private static func middle(_ a: ArraySlice<Substring>, _ b: ArraySlice<Substring>) -> [(
        mark: Character, text: Substring
    )] {
        guard !a.isEmpty, !b.isEmpty, (a.count + 1) * (b.count + 1) <= budget else {
            return a.map { (Character("-"), $0) } + b.map { (Character("+"), $0) }
        }
        let a = Array(a), b = Array(b)
        let width = b.count + 1
        var table = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i * width + j] =
                    a[i] == b[j]
                    ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var result: [(mark: Character, text: Substring)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                result.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                result.append(("-", a[i])); i += 1
            } else {
                result.append(("+", b[j])); j += 1
            }
        }
        return result
    }

}
