import ArgumentParser
import Blog
import Foundation
import GitOps
import NakedblogApp
import TUI
import Workflows

/// `nakedblog [DIR | POST | POST:LINE | +LINE POST]` (`nakedblog open …`): the full-screen app
/// on the site at DIR, or the editor on a post (at a line) in the site that holds it, or the
/// start screen outside any site.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the full-screen app on a site, or on a post in the editor (the default command).")

    @Argument(
        help: ArgumentHelp(
            "The site, or a post to edit (PATH, PATH:LINE or +LINE PATH); default: the current directory.",
            valueName: "path"))
    var targets: [String] = []

    @Flag(
        help:
            "For a shared server (an OpenSSH forced command): this site only; no $EDITOR, no suspend, no other site, no file from outside it. Also NAKEDBLOG_RESTRICTED=1."
    )
    var restricted = false

    @Option(
        help:
            "The author of what this session publishes, \"Name <email>\" (the committer stays the server's git identity)."
    )
    var author: String?

    @Option(
        help: ArgumentHelp(
            "With --restricted: author (changes only the posts they wrote) or editor (any post). Default: author.",
            valueName: "role"))
    var role: String?

    @Flag(help: "Print every key command with its default keys, as the config file's [keys] tables, and exit.")
    var keys = false

    @OptionGroup var options: GlobalOptions

    /// Whether `NAKEDBLOG_RESTRICTED` asks for restricted mode (a shared server): set to
    /// anything but empty, `0`, `false` or `no`.
    static func restrictedByEnvironment(_ environment: [String: String]) -> Bool {
        restricted(byValue: environment["NAKEDBLOG_RESTRICTED"])
    }

    /// Whether `NAKEDBLOG_RESTRICTED`'s value (nil: unset) restricts this server to the app.
    static func restricted(byValue value: String?) -> Bool {
        value.map { !["", "0", "false", "no"].contains($0.lowercased()) } ?? false
    }

    func run() throws {
        if keys { return FileHandleOutput.standardOutput.write(KeyBindings.defaultsAsConfig()) }
        let environment = ProcessInfo.processInfo.environment
        let restricted = restricted || Self.restrictedByEnvironment(environment)
        var commitAuthor: CommitAuthor?
        if let author {
            guard let parsed = CommitAuthor(author) else {
                throw UserFacingError(
                    "--author must be \"Name <email>\" (one line, an address with one @); got \(TerminalText.visible(author)).",
                    exitCode: ExitCodes.usage)
            }
            commitAuthor = parsed
        }
        let sessionRole: PostOwnership.Role
        switch role.map({ PostOwnership.Role(rawValue: $0) }) {
        case nil: sessionRole = .author
        case let chosen??: sessionRole = chosen
        case .some(nil):
            throw UserFacingError(
                "--role must be author or editor; got \(TerminalText.visible(role ?? "")).", exitCode: ExitCodes.usage)
        }
        // SSH_ORIGINAL_COMMAND (what the ssh user asked to run) is never read: the forced
        // command is this, and nothing the user sends on the ssh line runs.
        if restricted && (isatty(0) != 1 || isatty(1) != 1) {
            throw UserFacingError(
                "nakedblog --restricted needs a terminal: connect with ssh -t (nothing else runs on this server).",
                exitCode: ExitCodes.usage)
        }
        let here = FileManager.default.currentDirectoryPath
        var path = URL(fileURLWithPath: here).standardizedFileURL.path
        var post: String?
        var line: Int?
        if !targets.isEmpty {
            do {
                let target = try EditTarget.resolve(targets, in: here)
                path = target.siteRoot
                line = target.line
                post = target.post
            } catch {
                throw UserFacingError(TerminalText.visible(error.description) + ".", exitCode: ExitCodes.usage)
            }
        }
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.openOnLoad = post.map { ($0, line.map(OpenAt.line) ?? .lastPlace) }
        state.start.directory = FileManager.default.currentDirectoryPath
        if restricted {
            // The author's one site, or nothing: a session on a shared server never falls back
            // to a screen that opens or clones another (the app ends the same way if the site
            // stops opening later, after a sync).
            do {
                _ = try SiteOpening.open(path, restricted: true)
            } catch {
                throw UserFacingError(
                    "cannot open the site: \(TerminalText.visible(error.description)) (the server's set-up: docs/SERVING.md).",
                    exitCode: ExitCodes.usage)
            }
        } else {
            state.start.recent = RecentSites.load()
        }
        state.author = commitAuthor?.description
        try FullScreen.run(
            state: state, initial: [.loadSite(path)], theme: restricted ? nil : options.theme,
            restricted: restricted, author: commitAuthor, role: sessionRole)
    }
}
