import Blog
import Foundation
import TextSearch

/// The text of every post searched for a query: the engine of `nakedblog search` and of the
/// app's search across posts. Reads each page file once, on every core (`PageFiles`), and makes
/// strings only of lines that match.
public enum PostSearch {
    /// One matching line of one post (one row per match, as `rg --vimgrep`).
    public struct Hit: Sendable, Equatable {
        /// Site-relative.
        public let path: String
        public let line: Int
        /// 1-based byte column.
        public let column: Int
        public let length: Int
        public let text: String
    }

    /// Every match of `query` in the site's posts (front matter and body), sorted by path, line
    /// and column. Throws when the pattern is not a valid regular expression.
    public static func run(_ query: SearchQuery, in site: Site) throws(WorkflowError) -> [Hit] {
        if let problem = query.problem { throw WorkflowError(.refused, problem) }
        let matcher: TextMatcher
        do { matcher = try TextMatcher(query) } catch { throw WorkflowError(.refused, "\(error)") }
        // Sections' `_index.md` pages are searched too: their text is the writer's.
        let perFile = PageFiles.each(in: site, sections: true) { path, bytes -> [Hit]? in
            let matches = matcher.matches(in: bytes)
            guard !matches.isEmpty else { return nil }
            return matches.map {
                Hit(path: path, line: $0.line, column: $0.column, length: $0.length, text: $0.text)
            }
        }
        return perFile.sorted { $0[0].path < $1[0].path }.flatMap { $0 }
    }
}
