import ArgumentParser
import Foundation
import GitOps
import NakedblogApp

/// `nakedblog clone URL [DIR]`: clones a blog with live progress.
struct CloneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clone",
        abstract: "Clone a blog's git repository with live progress.",
        discussion: """
            URL forms: https://…, http://…, ssh://user@host:port/path, user@host:path, \
            host-alias:path (from ~/.ssh/config), git://…, file://… and local paths.
            SSH runs your system ssh (keys, agent, ~/.ssh/config, RSA keys all work as with git; \
            GIT_SSH_COMMAND is honoured). HTTPS uses your git credential helpers. An unknown SSH \
            host key is shown with its SHA256 fingerprint and needs your yes (or \
            --accept-new-host-key); a changed host key is always refused (exit 4).
            Ctrl-C or SIGTERM stops the clone and removes what it created (exit 130).
            """)

    @Argument(help: "The repository to clone.")
    var url: String

    @Argument(help: "The directory to clone into (default: the repository's name). Must be empty or missing.")
    var directory: String?

    @Flag(help: "Trust an SSH server's host key the first time it is seen, without asking.")
    var acceptNewHostKey = false

    @Flag(help: "Stop after cloning (text progress) instead of opening the clone in the full-screen app.")
    var noOpen = false

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let remote: GitURL
        do {
            remote = try GitURL(url)
        } catch {
            throw UserFacingError(error.refusing(url) + ".", exitCode: ExitCodes.usage)
        }
        let target: String
        do {
            target = try CloneTarget.resolve(remote, directory: directory, in: FileManager.default.currentDirectoryPath)
        } catch { throw UserFacingError(error.description) }
        if !noOpen, isatty(0) == 1, isatty(1) == 1, !acceptNewHostKey {
            // On a terminal: the clone screen, then the post browser of the new clone.
            var state = AppState(columns: 80, rows: 24)
            state.start.directory = FileManager.default.currentDirectoryPath
            let effects = App.startClone(
                &state, url: remote.url, target: target, remote: remote, now: ProcessInfo.processInfo.systemUptime)
            try FullScreen.run(state: state, initial: effects, theme: options.theme)
            return
        }
        let started = Date()
        _ = try await RemoteOperationRunner.run(
            url: remote, acceptNewHostKey: acceptNewHostKey,
            start: { options in
                Cloner.clone(remote, into: target, options: options)
            },
            show: { event, printer -> CloneResult? in
                guard case .finished(let result) = event else {
                    printer.show(event)
                    return nil
                }
                printer.finish()
                printer.summary(
                    result, seconds: Date().timeIntervalSince(started), display: DisplayPath.forUser(target))
                return result
            },
            explain: { error, interactive in
                CloneFailure.explain(error, url: remote, target: target, interactive: interactive)
            })
    }
}
