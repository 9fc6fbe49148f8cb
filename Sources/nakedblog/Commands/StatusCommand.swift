import ArgumentParser
import Foundation
import GitOps
import TextWidth

/// `nakedblog status [SITE] [--json]`: branch, upstream, unpushed commits and changed files.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the branch, what is not pushed yet, and what changed.",
        discussion: "Ahead/behind counts are as of the last fetch (`nakedblog sync` fetches).")

    @Argument(help: "The site (default: the current directory).")
    var site: String?

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: GlobalOptions

    func run() throws {
        let directory = site ?? FileManager.default.currentDirectoryPath
        let status: RepositoryStatus
        do {
            status = try Repository.discover(from: directory).status()
        } catch {
            throw UserFacingError("cannot show the status: \(error.message).")
        }
        if json {
            FileHandleOutput.standardOutput.write(trusted: TerminalText.jsonEscapingControls(StatusText.json(status)))
        } else {
            FileHandleOutput.standardOutput.write(StatusText.human(status))
        }
    }
}

/// The two renderings of a status.
enum StatusText {
    static func human(_ status: RepositoryStatus) -> String {
        var lines: [String] = []
        switch status.head {
        case .branch(let name): lines.append("On branch \(name)")
        case .unborn(let name):
            lines.append("On branch \(name), which has no commits yet (publish a first post to create it)")
        case .detached(let id):
            lines.append("HEAD is detached at \(id.prefix(7)): check out a branch to publish (git switch main)")
        }
        if status.pending != .none {
            lines.append("A \(status.pending.rawValue) is in progress: finish or abort it with git before publishing.")
        }
        if let upstream = status.upstream {
            lines.append("Tracking \(upstream): \(status.ahead) ahead, \(status.behind) behind (as of the last fetch)")
        } else if let remote = status.remote {
            lines.append("Remote \(remote) does not have this branch yet")
        } else {
            lines.append("No remote: add one with git remote add origin URL to publish")
        }
        if !status.unpushed.isEmpty {
            lines.append("")
            lines.append("Not pushed yet:")
            lines += status.unpushed.map { "  \($0.shortID) \($0.summary)" }
        }
        if status.entries.isEmpty {
            lines.append("")
            lines.append("Nothing changed in the work tree.")
        } else {
            lines.append("")
            lines.append("Changes:")
            for entry in status.entries {
                lines.append(
                    "  " + describe(entry).padding(toLength: 20, withPad: " ", startingAt: 0) + " " + entry.path
                        + (entry.oldPath.map { " (was \($0))" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ entry: StatusEntry) -> String {
        if entry.isUntracked { return "new (untracked)" }
        if let staged = entry.staged, let unstaged = entry.unstaged, staged != unstaged {
            return "\(staged.rawValue)+\(unstaged.rawValue)"
        }
        let change = entry.staged ?? entry.unstaged ?? .modified
        return change.rawValue + (entry.staged != nil && entry.unstaged == nil ? " (staged)" : "")
    }

    private struct JSONStatus: Encodable {
        struct Entry: Encodable {
            var path: String
            var oldPath: String?
            var staged: String?
            var unstaged: String?
        }
        struct Commit: Encodable {
            var id: String
            var summary: String
        }
        var branch: String?
        var head: String
        var detachedAt: String?
        var pending: String
        var remote: String?
        var upstream: String?
        var ahead: Int
        var behind: Int
        var unpushed: [Commit]
        var changes: [Entry]
    }

    static func json(_ status: RepositoryStatus) -> String {
        var head = "branch", detached: String?
        switch status.head {
        case .branch: break
        case .unborn: head = "unborn"
        case .detached(let id): head = "detached"; detached = id
        }
        let value = JSONStatus(
            branch: status.branch, head: head, detachedAt: detached, pending: status.pending.rawValue,
            remote: status.remote, upstream: status.upstream, ahead: status.ahead, behind: status.behind,
            unpushed: status.unpushed.map { .init(id: $0.id, summary: $0.summary) },
            changes: status.entries.map {
                .init(path: $0.path, oldPath: $0.oldPath, staged: $0.staged?.rawValue, unstaged: $0.unstaged?.rawValue)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }
}
