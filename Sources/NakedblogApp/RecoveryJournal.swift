import Blog
import Foundation

/// Unsaved editor text kept in `$XDG_STATE_HOME/nakedblog/recovery/`, one file per site and
/// post, so a crash or a dropped SSH connection never loses a word. Written atomically; removed
/// after a successful save.
public enum RecoveryJournal {
    /// The journal file for `post` (site-relative) of the site at `root`.
    public static func file(root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        XDGDirectory.state(environment) + "/recovery/" + escape(root) + "/" + escape(post)
    }

    /// A path as one file name: `/` → `%2F`, `%` → `%25`.
    static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    /// Saves `text` for later recovery (atomic: a half-written journal never replaces a good one).
    public static func write(_ text: String, root: String, post: String,
                             environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let path = file(root: root, post: post, environment: environment)
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(Data(text.utf8), to: path, permissions: 0o600)
    }

    /// The journaled text, if any.
    public static func read(root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        FileManager.default.contents(atPath: file(root: root, post: post, environment: environment))
            .flatMap { String(validating: $0, as: UTF8.self) }
    }

    public static func remove(root: String, post: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        try? FileManager.default.removeItem(atPath: file(root: root, post: post, environment: environment))
    }
}

/// A line diff for small texts (posts): `- ` lines only in `old`, `+ ` lines only in `new`.
public enum LineDiff {
    public static func lines(old: String, new: String, context: Int = 1, limit: Int = 2_000) -> [String] {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard a.count <= limit, b.count <= limit else { return ["(too long to compare line by line: \(a.count) and \(b.count) lines)"] }
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var all: [(mark: Character, text: String)] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { all.append((" ", a[i])); i += 1; j += 1 }
            else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] { all.append(("-", a[i])); i += 1 }
            else { all.append(("+", b[j])); j += 1 }
        }
        let changed = all.indices.filter { all[$0].mark != " " }
        guard !changed.isEmpty else { return ["(no differences)"] }
        var shown = Set<Int>()
        for index in changed { for k in max(0, index - context)...min(all.count - 1, index + context) { shown.insert(k) } }
        var result: [String] = []
        var previous = -1
        for index in shown.sorted() {
            if previous >= 0, index > previous + 1 { result.append("…") }
            result.append("\(all[index].mark) \(all[index].text)")
            previous = index
        }
        return result
    }
}
