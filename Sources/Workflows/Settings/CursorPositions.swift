import Blog
import Foundation

/// Where the cursor was in each post when the writer left it, kept across sessions in
/// `$XDG_STATE_HOME/nakedblog/positions` (the 500 most recent; one line each: line, column,
/// then the key — the author on a shared server and the post's absolute path). A post opened
/// without a line to go to starts there.
public enum CursorPositions {
    static let limit = 500

    static func file(_ environment: [String: String]) -> String { XDGDirectory.state(environment) + "/positions" }

    static func key(_ post: String, author: String?) -> String { (author.map { $0 + " " } ?? "") + post }

    /// The remembered 0-based line and column of `post` (an absolute path).
    public static func read(_ post: String, author: String? = nil, environment: [String: String]) -> (
        line: Int, column: Int
    )? {
        let wanted = key(post, author: author)
        for entry in entries(environment) where entry.key == wanted { return (entry.line, entry.column) }
        return nil
    }

    /// Remembers `line` and `column` for `post` (most recent first; atomic).
    public static func remember(
        _ post: String, line: Int, column: Int, author: String? = nil, environment: [String: String]
    ) {
        let wanted = key(post, author: author)
        guard !wanted.contains("\n") else { return }
        let kept =
            [(line, column, wanted)]
            + entries(environment).filter { $0.key != wanted }.map {
                ($0.line, $0.column, $0.key)
            }
        let text = kept.prefix(limit).map { "\($0.0)\t\($0.1)\t\($0.2)\n" }.joined()
        let target = file(environment)
        try? FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? AtomicFile.write(Data(text.utf8), to: target, permissions: 0o600)
    }

    private static func entries(_ environment: [String: String]) -> [(line: Int, column: Int, key: String)] {
        guard let data = FileManager.default.contents(atPath: file(environment)),
            let text = String(data: data, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { row in
            let parts = row.split(separator: "\t", maxSplits: 2)
            guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]), line >= 0, column >= 0 else {
                return nil
            }
            return (line, column, String(parts[2]))
        }
    }
}
