import Blog
import Foundation
import TUI
import TextWidth

/// The human-readable table `nakedblog list` prints.
enum PostTable {
    /// One line per post: status, date, language, title, path. `width` (a terminal's) shortens
    /// titles to fit; nil prints them whole.
    static func render(_ posts: [Post], now: Date, width: Int?) -> String {
        guard !posts.isEmpty else { return "No posts. Create one with `nakedblog new \"Title\"`.\n" }
        let multilingual = Set(posts.map(\.lang)).count > 1
        // Each field is one line: a newline in a file name or a title shows as ^J, never a new row.
        let paths = posts.map { TerminalText.visible($0.path) }
        let pathWidth = min(paths.map(DisplayWidth.of).max() ?? 4, 60)
        var fixed = 10 + 2 + 10 + 2 + pathWidth + 2
        if multilingual { fixed += 6 }
        let titleWidth = width.map { max(12, $0 - fixed) } ?? (posts.map { DisplayWidth.of($0.title) }.max() ?? 5)
        var header = DisplayWidth.pad("STATUS", to: 10) + "  " + DisplayWidth.pad("DATE", to: 10) + "  "
        if multilingual { header += "LANG  " }
        header += DisplayWidth.pad("TITLE", to: titleWidth) + "  PATH"
        var lines = [header.trimmingTrailing()]
        for (post, path) in zip(posts, paths) {
            var line = DisplayWidth.pad(post.status(at: now).rawValue, to: 10) + "  "
            line += DisplayWidth.pad(post.date.map { String($0.rfc3339.prefix(10)) } ?? "—", to: 10) + "  "
            if multilingual { line += DisplayWidth.pad(post.lang, to: 6) }
            line +=
                DisplayWidth.pad(post.title.isEmpty ? "(untitled)" : TerminalText.visible(post.title), to: titleWidth)
                + "  " + path
            lines.append(line.trimmingTrailing())
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailing() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
