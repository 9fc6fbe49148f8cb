/// The lines that differ between two texts, after the common first and last lines.
struct ChangedLines: Equatable, CustomStringConvertible {
    let removed: [String]
    let added: [String]

    init(_ old: String, _ new: String) {
        // Split on bytes: "\r\n" is a single Character in Swift.
        let a = old.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let b = new.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        removed = Array(a[prefix..<(a.count - suffix)])
        added = Array(b[prefix..<(b.count - suffix)])
    }

    var description: String { (removed.map { "- " + $0 } + added.map { "+ " + $0 }).joined(separator: "\n") }
}
