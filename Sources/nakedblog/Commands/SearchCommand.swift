import ArgumentParser
import Blog
import Foundation
import TextSearch
import TextWidth
import Workflows

/// `nakedblog search PATTERN [SITE] [--regex] [-i] [-w] [--json]`: every line of every post that
/// matches, as `path:line:column:text` (the form of `rg --vimgrep`, which editors read).
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the text (front matter and body) of every post.",
        discussion: """
            Prints PATH:LINE:COLUMN:TEXT for each match (site-relative paths, 1-based line and byte \
            column, as rg --vimgrep), sorted by path. Exit status: 0 when something matched, 1 when \
            nothing did, 2 for a pattern that is not a valid regular expression.
            """)

    @Argument(help: "What to look for (a literal string unless --regex).")
    var pattern: String

    @Argument(help: "The site (default: the current directory).")
    var site: String?

    @Flag(name: .long, help: "The pattern is a regular expression (Swift Regex syntax).")
    var regex = false

    @Flag(name: [.short, .long], help: "Ignore case.")
    var ignoreCase = false

    @Flag(name: [.short, .customLong("word")], help: "Match whole words only.")
    var wordRegexp = false

    @Flag(help: "Print JSON: an array of {path, line, column, text}.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let directory = site ?? FileManager.default.currentDirectoryPath
        let opened = try SiteLoading.open(directory)
        let query = SearchQuery(pattern, isRegex: regex, ignoresCase: ignoreCase, wholeWord: wordRegexp)
        let hits: [PostSearch.Hit]
        do throws(WorkflowError) {
            hits = try PostSearch.run(query, in: opened)
        } catch {
            throw UserFacingError("cannot search: \(error.description).", exitCode: ExitCodes.usage)
        }
        if json {
            let rows = hits.map {
                ["path": $0.path, "line": $0.line, "column": $0.column, "text": $0.text] as [String: Any]
            }
            let data = try JSONSerialization.data(
                withJSONObject: rows, options: [.sortedKeys, .withoutEscapingSlashes])
            FileHandleOutput.standardOutput.write(
                trusted: TerminalText.jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n")
        } else {
            var out: [UInt8] = []
            out.reserveCapacity(min(hits.count * 80, 1 << 20))
            for hit in hits {
                TerminalText.appendVisible(hit.path, to: &out)
                out.append(contentsOf: ":\(hit.line):\(hit.column):".utf8)
                TerminalText.appendVisible(hit.text, .block, to: &out)
                out.append(0x0A)
                if out.count >= 1 << 16 {
                    FileHandleOutput.standardOutput.write(bytes: out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            FileHandleOutput.standardOutput.write(bytes: out)
        }
        if hits.isEmpty { throw ExitCode(ExitCodes.failure) }
    }
}
