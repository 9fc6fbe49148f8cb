import ArgumentParser
import Blog
import CMemory
import Foundation
import TextWidth
import Workflows

/// `nakedblog log POST [--json]`: every commit that touched the post, newest first, following moves.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show a post's history: every commit that touched it, newest first, following moves.",
        discussion: """
            Each line: the commit, its date (relative and absolute), author, subject and lines added \
            and removed; `published` marks the commit that first put the post on the site, `live` the \
            newest one the remote has (as of the last fetch).
            """)

    @Argument(help: "The post (its file, or its bundle folder).")
    var post: String

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        // One walk through thousands of commits: freed buffers are reused, not given back and
        // faulted in again.
        nb_keep_freed_memory()
        let (site, path) = try HistoryTarget.resolve(post)
        let history: PostHistory
        do throws(WorkflowError) { history = try PostHistory.load(post: path, site: site) } catch {
            throw UserFacingError("cannot show the history: \(error.description)")
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let out = FileHandleOutput.standardOutput
        if json {
            let rows = history.versions.map { version -> [String: Any] in
                var row: [String: Any] = [
                    "commit": version.entry.commit, "date": formatter.string(from: version.entry.time),
                    "author": version.entry.author, "subject": version.entry.subject, "path": version.file,
                    "added": version.entry.added, "removed": version.entry.removed,
                    "firstPublished": version.firstPublished, "live": version.live, "deleted": version.entry.deleted,
                ]
                row["renamedFrom"] = version.entry.renamedFrom
                return row
            }
            let data = try JSONSerialization.data(
                withJSONObject: rows, options: [.sortedKeys, .withoutEscapingSlashes])
            out.write(trusted: TerminalText.jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n")
            return
        }
        if history.versions.isEmpty { FileHandleOutput.standardError.write("nakedblog: \(path) has no commits yet\n") }
        let day = DateFormatter()
        day.dateFormat = "yyyy-MM-dd HH:mm"
        for version in history.versions {
            let entry = version.entry
            var marks: [String] = []
            if version.firstPublished { marks.append("published") }
            if version.live { marks.append("live") }
            if let from = entry.renamedFrom { marks.append("moved from \(from)") }
            if entry.deleted { marks.append("deleted") }
            out.write(
                "\(entry.commit.prefix(10))  \(day.string(from: entry.time)) (\(PostHistory.relative(entry.time)))  "
                    + "\(entry.author)  \(entry.subject)  +\(entry.added) -\(entry.removed)"
                    + (marks.isEmpty ? "" : "  [" + marks.joined(separator: ", ") + "]") + "\n")
        }
    }
}

/// `nakedblog diff POST [REV] [REV]`: what changed, made for prose — fields as `old → new`,
/// paragraphs with their changed words marked.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Show what changed in a post, word by word.",
        discussion: """
            No revision: the last commit against the file as it is; one: that revision against the \
            file; two: the first against the second. Front matter changes read `field: old → new`; \
            in changed paragraphs removed words are red and added ones green (`[-old-]{+new+}` when \
            the output is not a terminal, or with NO_COLOR). Exit 0 when nothing differs, 1 when \
            something does (as diff).
            """)

    @Argument(help: "The post (its file, or its bundle folder).")
    var post: String

    @Argument(help: "Revisions (commit ids, HEAD~2, tags).")
    var revisions: [String] = []

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if revisions.count > 2 { throw ValidationError("at most two revisions") }
    }

    func run() throws {
        let (site, path) = try HistoryTarget.resolve(post)
        let history: PostHistory
        do throws(WorkflowError) { history = try PostHistory.load(post: path, site: site) } catch {
            throw UserFacingError("cannot compare: \(error.description)")
        }
        func at(_ revision: String) throws -> String {
            guard let text = history.text(at: revision) else {
                throw UserFacingError("\(path) is not in \(revision) (nakedblog log \(post) lists its versions).")
            }
            return text
        }
        let current = { () throws -> String in
            guard let text = try? String(contentsOfFile: site.absolute(path), encoding: .utf8) else {
                throw UserFacingError("cannot read \(path).")
            }
            return text
        }
        let old = try at(revisions.first ?? "HEAD")
        let new = revisions.count == 2 ? try at(revisions[1]) : try current()
        let diff = ProseDiff(from: old, to: new, file: path)
        let environment = ProcessInfo.processInfo.environment
        let colour = isatty(1) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        FileHandleOutput.standardOutput.write(trusted: DiffText.render(diff, colour: colour))
        if !diff.isEmpty { throw ExitCode(1) }
    }
}

/// A post named on the command line (its file, or its bundle folder): its site and site-relative
/// path, found as `nakedblog PATH` finds them (`EditTarget`).
enum HistoryTarget {
    static func resolve(_ post: String) throws -> (Site, String) {
        let here = FileManager.default.currentDirectoryPath
        var given = post
        // A bundle folder names its page.
        if FileManager.default.fileExists(atPath: (post.hasPrefix("/") ? post : here + "/" + post) + "/index.md") {
            given = (post.hasSuffix("/") ? String(post.dropLast()) : post) + "/index.md"
        }
        let target: EditTarget
        do { target = try EditTarget.resolve([given], in: here) } catch { throw UserFacingError(error.description) }
        guard let path = target.post else {
            throw UserFacingError("\(post) is a site, not a post: name a post's file.")
        }
        return (try SiteLoading.open(target.siteRoot), path)
    }
}

/// A prose diff as terminal text.
enum DiffText {
    static func render(_ diff: ProseDiff, colour: Bool) -> String {
        let (red, green, dim, reset) =
            colour ? ("\u{1B}[31m\u{1B}[9m", "\u{1B}[32m", "\u{1B}[2m", "\u{1B}[0m") : ("", "", "", "")
        var out = ""
        for field in diff.fields {
            out +=
                TerminalText.visible(
                    "\(field.key): \(field.old ?? "(none)") → \(field.new ?? "(removed)")") + "\n"
        }
        for hunk in diff.hunks {
            if !out.isEmpty { out += "\n" }
            out += dim + "@ line \(hunk.newLines.lowerBound + 1)" + reset + "\n"
            for span in hunk.spans {
                switch span {
                case .same(let text): out += TerminalText.visible(text, .block)
                case .removed(let text):
                    out +=
                        colour
                        ? red + TerminalText.visible(text, .block) + reset
                        : "[-" + TerminalText.visible(text, .block) + "-]"
                case .added(let text):
                    out +=
                        colour
                        ? green + TerminalText.visible(text, .block) + reset
                        : "{+" + TerminalText.visible(text, .block) + "+}"
                }
            }
            out += "\n"
        }
        return out
    }
}
