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
            throw UserFacingError("cannot clone `\(url)`: \(error.description).", exitCode: ExitCodes.usage)
        }
        let target = URL(fileURLWithPath: directory ?? remote.defaultDirectoryName).standardizedFileURL.path
        try CloneTarget.check(target)
        if !noOpen, isatty(0) == 1, isatty(1) == 1, !acceptNewHostKey {
            // On a terminal: the clone screen, then the post browser of the new clone.
            var state = AppState(columns: 80, rows: 24)
            let effects = App.startClone(&state, url: remote.url, target: target, now: ProcessInfo.processInfo.systemUptime)
            try FullScreen.run(state: state, initial: effects, theme: options.theme)
            return
        }
        let started = Date()
        _ = try await RemoteOperationRunner.run(url: remote, acceptNewHostKey: acceptNewHostKey, start: { options in
            Cloner.clone(remote, into: target, options: options)
        }, show: { event, printer -> CloneResult? in
            guard case .finished(let result) = event else {
                printer.show(event)
                return nil
            }
            printer.finish()
            printer.summary(result, seconds: Date().timeIntervalSince(started), display: DisplayPath.forUser(target))
            return result
        }, explain: { error, interactive in
            CloneFailure.explain(error, url: remote, target: target, interactive: interactive)
        })
    }
}

/// Checks made before anything is fetched.
enum CloneTarget {
    static func check(_ target: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw UserFacingError("cannot clone into \(target): a file with that name exists. Choose another directory name.")
            }
            let entries = (try? fm.contentsOfDirectory(atPath: target)) ?? []
            guard entries.isEmpty else {
                throw UserFacingError("cannot clone into \(target): the directory exists and is not empty. Choose another directory, or empty it first.")
            }
        }
        var existing = target
        while !fm.fileExists(atPath: existing) { existing = (existing as NSString).deletingLastPathComponent }
        guard access(existing, W_OK) == 0 else {
            throw UserFacingError("cannot clone into \(target): \(existing) is not writable. Clone somewhere you can write, e.g. your home directory.")
        }
    }
}
