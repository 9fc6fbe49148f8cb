import Blog
import CMemory
import Foundation
import GitOps
import NakedblogApp
import Spelling
import TUI
import Workflows

/// Runs the full-screen app on the terminal, restoring it on every exit path.
enum FullScreen {
    /// Starts the app with `state` and `initial` effects; returns when the user quits. Throws when
    /// the app ended on its own with a problem (`AppState.exitProblem`), once the terminal is restored.
    static func run(
        state initialState: AppState, initial: [AppEffect], theme themeOption: String? = nil,
        restricted: Bool = false, author: CommitAuthor? = nil, role: PostOwnership.Role = .author
    ) throws {
        // Large transient buffers (a post's text for the preview, the spell check or the
        // journal) stay mapped on their own and go back to the system when freed: glibc's
        // default raises this threshold after the first such free, and they then fragmented the
        // heap (resident memory crept up by megabytes over an hour of typing).
        nb_fix_mmap_threshold(128 * 1024)
        let environment = ProcessInfo.processInfo.environment
        let config: AppConfig
        do {
            config = try AppConfig.load(environment: environment)
        } catch {
            throw UserFacingError(error.description, exitCode: ExitCodes.usage)
        }
        var state = initialState
        state.keys = config.keys
        state.tabWidth = config.tabWidth
        state.spelling = config.spelling
        state.buildCheck = config.publish.buildCheck
        if restricted { state.restrict() }
        let terminal = NcursesTerminal()
        let (theme, themeProblem) = ThemeChoice.load(
            option: themeOption, environment: environment, configured: config.theme)
        if let themeProblem { state.showStartupProblem(themeProblem) }
        do {
            try terminal.start(theme: theme, environment: environment)
        } catch {
            throw UserFacingError("cannot start the full-screen app: \(error.description)")
        }
        defer { terminal.stop() }
        // Pictures in the preview: by the config file, the environment and the terminal's answers.
        state.pictures = PictureState(
            environment: environment, choice: config.pictureChoice, cellPixels: terminal.cellPixels)
        if state.pictures.asksTerminal { terminal.askAboutGraphics(tmux: state.pictures.tmux) }
        let loop = AppLoop(
            terminal: terminal, state: state, environment: Self.sessionEnvironment(environment, author: author))
        loop.runner.restricted = restricted
        loop.runner.author = author
        loop.runner.role = role
        loop.runner.config = config
        // SIGTERM, SIGHUP (the SSH connection dropped) and SIGINT end the app gracefully: unsaved
        // text is journaled and the terminal restored. (Crashes are the C guard's job.)
        let post = loop.messageSink
        var signals = SignalCancellation { post(.terminated) }
        defer { signals.stop() }
        loop.connect(
            copy: { terminal.copyToClipboard($0) },
            suspend: { body in
                signals.stop()
                terminal.stop()
                body()
                try? terminal.start(theme: theme, environment: environment)
                signals = SignalCancellation { post(.terminated) }
            })
        loop.run(initial: initial)
        loop.runner.shutDown()
        terminal.stop()
        if let problem = loop.state.exitProblem {
            throw UserFacingError(TerminalText.visible(problem) + ".", exitCode: ExitCodes.failure)
        }
    }
}

extension FullScreen {
    /// The environment the session's effects see: with an author, its own recovery journals
    /// (`$XDG_STATE_HOME/nakedblog/authors/<email>/`), so authors sharing a server never offer each
    /// other's unsaved text.
    static func sessionEnvironment(_ environment: [String: String], author: CommitAuthor?) -> [String: String] {
        guard let author else { return environment }
        var environment = environment
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/state")
        let folder = author.email.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "@" || $0 == "-" ? $0 : "_" }
        environment["XDG_STATE_HOME"] = state + "/nakedblog/authors/" + String(folder)
        return environment
    }
}

/// The colour theme: `--theme`, `NAKEDBLOG_THEME` or `theme` in the config file (a name from
/// `themes/` or a path to a TOML file), else built in.
enum ThemeChoice {
    /// The theme named by `--theme`, else `NAKEDBLOG_THEME`, else the config file; a problem
    /// (unknown name, broken file: file, line, what is wrong) comes back to be shown.
    static func load(option: String?, environment: [String: String], configured: String? = nil) -> (Theme, String?) {
        let chosen = option ?? environment["NAKEDBLOG_THEME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? configured
        // Nothing chosen: the shipped `default` theme, or the built-in one without complaint.
        let name = chosen ?? "default"
        var candidates = [name]
        if !name.contains("/") {
            candidates = ShippedResources.bases.map { $0 + "/themes/\(name).toml" }
        }
        for path in candidates where FileManager.default.fileExists(atPath: path) {
            do {
                return (try Theme.load(path: path), nil)
            } catch {
                return (.builtIn, error.description)
            }
        }
        if chosen == nil { return (.builtIn, nil) }
        return (
            .builtIn,
            "no theme named “\(name)” (themes: default, light, high-contrast, mono, or a path to a .toml file); the default theme is used"
        )
    }
}

/// Finds files shipped beside the binary (themes/, demo/) from a build or an install.
enum ResourceLocator {
    /// The bundled demo blog: `NAKEDBLOG_DEMO_SOURCE`, else the shipped `demo/` (`ShippedResources`).
    static func demoSite(jekyll: Bool = false) -> String? {
        let (folder, marker) = jekyll ? ("demo-jekyll", "_config.yml") : ("demo", "hugo.toml")
        if let path = ProcessInfo.processInfo.environment[
            jekyll ? "NAKEDBLOG_JEKYLL_DEMO_SOURCE" : "NAKEDBLOG_DEMO_SOURCE"],
            FileManager.default.fileExists(atPath: path + "/" + marker)
        {
            return path
        }
        return ShippedResources.find(folder, containing: marker)
    }
}
