import ArgumentParser
import Blog
import Foundation
import TextWidth
import Workflows

/// `nakedblog check --links [PATH…] [--json]`: the internal links of posts that lead nowhere,
/// as `path:line:column: what (did you mean …?)`; exit 6 when there are any.
enum LinkCheckCommand {
    static func run(paths: [String], site: String?, json: Bool, external: Bool) throws {
        let here = FileManager.default.currentDirectoryPath
        let start =
            site ?? paths.first.map {
                FileManager.default.fileExists(atPath: $0 + "/.") ? $0 : ($0 as NSString).deletingLastPathComponent
            } ?? here
        let opened = try SiteLoading.open(start.isEmpty ? here : start)
        let index = PostIndex.build(opened, listings: SiteListings.cache(for: opened))
        var only: [String]?
        var folders: [String] = []
        if !paths.isEmpty {
            let absolute = paths.map { StandardPath.of($0.hasPrefix("/") ? $0 : here + "/" + $0) }
            only = index.posts.map(\.path).filter { post in
                let file = opened.absolute(post)
                return absolute.contains { file == $0 || file.hasPrefix($0 + "/") }
            }
            // A folder given (the site itself too): its sections' pages with its posts.
            folders = absolute.filter { $0 == opened.root || $0.hasPrefix(opened.root + "/") }
                .filter { FileManager.default.fileExists(atPath: $0 + "/.") }
                .map { $0 == opened.root ? "" : opened.relative($0) }
            if only?.isEmpty == true && folders.isEmpty {
                throw UserFacingError("no post of the site at \(opened.root) is in \(paths.joined(separator: ", ")).")
            }
        }
        var problems = LinkCheck(site: opened, index: index).run(only, folders: folders)
        if external {
            guard ExternalLinks.available else {
                throw UserFacingError("--external needs curl (Debian: apt install curl).")
            }
            problems += ExternalLinks.problems(opened, posts: only ?? index.posts.map(\.path))
            problems.sort { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
        }
        let out = FileHandleOutput.standardOutput
        if json {
            let rows = problems.map {
                [
                    "path": $0.path, "line": $0.line, "column": $0.column, "link": $0.link, "kind": $0.kind.rawValue,
                    "suggestion": $0.suggestion as Any,
                ] as [String: Any]
            }
            let data = try JSONSerialization.data(
                withJSONObject: rows, options: [.sortedKeys, .withoutEscapingSlashes])
            out.write(trusted: TerminalText.jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n")
        } else {
            for problem in problems { out.write(problem.description + "\n") }
            let checked = only?.count ?? index.posts.count
            FileHandleOutput.standardError.write(
                "nakedblog: \(checked) posts checked, \(problems.count) broken link\(problems.count == 1 ? "" : "s")\n")
        }
        if !problems.isEmpty { throw ExitCode(ExitCodes.refused) }
    }
}
