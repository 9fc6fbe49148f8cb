import ArgumentParser
import Foundation
import GitOps

/// `nakedblog sync [SITE]`: fetch, then fast-forward or replay local commits.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch the remote and bring the branch up to date.",
        discussion: """
            Fast-forwards, or replays your local commits onto the remote's branch. A file you are \
            editing (uncommitted changes) is never overwritten: sync stops and names it instead.
            A conflict between your commits and the remote's changes stops the sync and changes \
            nothing (exit 3); --keep mine or --keep theirs settles each conflicting file that way.
            """)

    @Argument(help: "The site (default: the current directory).")
    var site: String?

    @Flag(help: "Trust an SSH server's host key the first time it is seen, without asking.")
    var acceptNewHostKey = false

    @Option(
        help: ArgumentHelp(
            "On a conflict, keep your version (mine) or the remote's (theirs) of each conflicting file.",
            valueName: "mine|theirs"))
    var keep: Keep?

    enum Keep: String, ExpressibleByArgument {
        case mine, theirs
        var side: Publisher.ConflictSide { self == .mine ? .local : .remote }
    }

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let repository: Repository
        do {
            repository = try Repository.discover(from: site ?? FileManager.default.currentDirectoryPath)
        } catch {
            throw UserFacingError("cannot sync: \(error.message).")
        }
        let workdir = repository.workingDirectory!
        let result = try await RemoteOperationRunner.run(
            what: "syncing failed", remoteURL: repository.publishRemoteURL(),
            acceptNewHostKey: acceptNewHostKey
        ) { options in
            Publisher.sync(
                repositoryAt: workdir, options: options, resolving: keep.map { .side($0.side) })
        }
        let out = FileHandleOutput.standardOutput
        let at = result.head.map { " at \($0.prefix(7))" } ?? ""
        if result.fastForwarded {
            out.write("Updated \(result.branch) to \(result.upstream ?? "the remote")\(at).\n")
        } else if result.rebasedCommits > 0 {
            out.write(
                "Replayed \(result.rebasedCommits) local commit\(result.rebasedCommits == 1 ? "" : "s") onto \(result.upstream ?? "the remote")\(at); publish to push them.\n"
            )
        } else {
            out.write("Already up to date with \(result.upstream ?? "the remote")\(at).\n")
        }
    }
}
