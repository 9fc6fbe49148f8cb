import ChildProcesses
import Foundation

/// How far the build check trusts the site it builds, how long it may take, and how to stop it.
///
/// A site's repository can hold code: Jekyll plugins (`_plugins/`, a `Gemfile`, gems named in the
/// config) and programs Hugo runs (`postcss`, `npx`, `go`, remote resources). On a shared server
/// (`--restricted`) whoever can push to the blog controls that code, so the check treats it as
/// untrusted and runs the generator in a sandbox. An author's own check runs as their own `hugo`
/// or `jekyll build` would, unless they ask for the untrusted mode (`[publish] untrusted = true`).
public struct BuildPolicy: Sendable {
    /// What the generator may do.
    public enum Trust: Sendable, Equatable {
        /// As the user's own build would (their plugins, Hugo's default exec policy).
        case own
        /// No repository code: Jekyll `--safe` without Bundler, Hugo with exec and remote fetches refused.
        case untrusted
        /// Untrusted, and inside a bubblewrap sandbox: only the scratch copy writable, no network,
        /// a private /tmp, no home folders.
        case sandboxed
    }

    public var trust: Trust
    /// Seconds before the generator (and all it started) is killed.
    public var timeout: Double
    /// Stops the check from outside.
    public var stopper: ProcessStopper
    /// The generator's address-space ceiling in MiB (`RLIMIT_AS`), for an untrusted build: one
    /// author's site cannot take the server's memory.
    public var memoryMiB: Int
    /// The ceiling on processes and threads (`RLIMIT_NPROC`, counted per account), for an untrusted build.
    public var processes: Int
    /// Folders outside the copy a sandboxed build may read (the history a `git log` needs).
    public var readOnly: [String] = []
    /// The largest file an untrusted build may write, in MiB (`RLIMIT_FSIZE`).
    public var fileMiB = 512
    /// What an untrusted build's copy and output may hold together, in MiB (`ScratchQuota`).
    public var scratchMiB = 2048

    /// The default time limit.
    public static let defaultTimeout: Double = 120
    /// The default memory ceiling: 2 GiB of address space (Hugo builds the demo in 60 MiB;
    /// its Go runtime needs about 300 MiB of address space to start).
    public static let defaultMemoryMiB = 2048
    /// The default process ceiling (threads count: Hugo runs one per core and a few more).
    public static let defaultProcesses = 4096

    public init(
        trust: Trust = .own, timeout: Double = BuildPolicy.defaultTimeout, stopper: ProcessStopper = ProcessStopper(),
        memoryMiB: Int = BuildPolicy.defaultMemoryMiB, processes: Int = BuildPolicy.defaultProcesses
    ) {
        self.trust = trust
        self.timeout = timeout
        self.stopper = stopper
        self.memoryMiB = memoryMiB
        self.processes = processes
    }

    /// Whether the ceilings apply: to untrusted builds (always so on a shared server); an
    /// author's own build runs as their own `hugo` would.
    public var limited: Bool { trust != .own }

    /// Restricted sessions always sandbox; others as the user's setting says.
    public static func trust(restricted: Bool, untrustedSetting: Bool) -> Trust {
        restricted ? .sandboxed : (untrustedSetting ? .untrusted : .own)
    }
}

/// The generator's command line and environment for one build under a `BuildPolicy`.
public struct GeneratorInvocation: Sendable, Equatable {
    public var program: String
    public var arguments: [String]
    public var environment: [String: String]

    /// Plugins GitHub Pages allows in safe mode, that work offline; the only ones an untrusted
    /// build may load (a site's own `whitelist:` could otherwise name `./evil`, which Ruby
    /// would `require` from the site).
    public static let safePlugins = [
        "jekyll-coffeescript", "jekyll-default-layout", "jekyll-feed", "jekyll-gist",
        "jekyll-mentions", "jekyll-optional-front-matter", "jekyll-paginate", "jekyll-readme-index",
        "jekyll-redirect-from", "jekyll-relative-links", "jekyll-seo-tag", "jekyll-sitemap",
        "jekyll-titles-from-headings", "jemoji",
    ]

    /// The plugins a Jekyll site's config asks for (`plugins:`, and `gems:` of Jekyll 3) that an
    /// untrusted build does not load: not in `safePlugins`. Jekyll's safe mode would skip them in
    /// silence, and the site would then fail on a tag or filter they define, or build without
    /// the pages they make — the check names them instead.
    public static func refusedPlugins(_ config: JekyllConfig) -> [String] {
        let asked = ["plugins", "gems"].flatMap { key in config.fields.first { $0.key == key }?.value.strings ?? [] }
        return asked.filter { !safePlugins.contains($0) }
    }

    /// The file (in `scratch`) that overrides a Jekyll site's config in untrusted builds.
    static func safeOverrides(scratch: String) -> String { scratch + "/nakedblog-safe.yml" }

    /// `generator` building `source` (output into `scratch`) under `trust`; `environment` is the
    /// app's own. Returns nil when a sandbox is needed and cannot be made (the reason is thrown
    /// by `BuildSandbox.check`, not here).
    public static func make(
        _ kind: SiteKind, generator: String, source: String, scratch: String, policy: BuildPolicy,
        environment: [String: String]
    ) -> GeneratorInvocation {
        let trust = policy.trust
        var arguments: [String]
        var childEnvironment = environment
        switch kind {
        case .hugo:
            arguments = ["--source", source, "--renderToMemory"]
            if trust != .own {
                childEnvironment["HUGO_SECURITY_EXEC_ALLOW"] = "none"
                childEnvironment["HUGO_SECURITY_HTTP_URLS"] = "none"
                childEnvironment["HUGO_SECURITY_FUNCS_GETENV"] = "none"
                childEnvironment["HUGO_CACHEDIR"] = scratch + "/hugo-cache"
            }
        case .jekyll:
            arguments = ["build", "--source", source, "--destination", scratch + "/_site", "--disable-disk-cache"]
            if trust != .own {
                arguments.append("--safe")
                let configs = ["_config.yml", "_config.yaml", "_config.toml"].filter {
                    FileManager.default.fileExists(atPath: source + "/" + $0)
                }
                arguments += [
                    "--config",
                    (configs.prefix(1).map { source + "/" + $0 } + [safeOverrides(scratch: scratch)]).joined(
                        separator: ","),
                ]
                childEnvironment["JEKYLL_NO_BUNDLER_REQUIRE"] = "1"
                childEnvironment["BUNDLE_GEMFILE"] = nil
                childEnvironment["RUBYOPT"] = nil
                childEnvironment["RUBYLIB"] = nil
            }
        }
        var program = generator
        if policy.limited {
            // The ceilings are set by the shell the sandbox already has, then it becomes the
            // generator (`exec`): posix_spawn cannot set a child's limits, and setting them on
            // nakedblog itself would bind the whole app.
            arguments =
                [
                    "-c",
                    "ulimit -v \(policy.memoryMiB * 1024) && ulimit -p \(policy.processes) && ulimit -f \(policy.fileMiB * 2048) && exec \"$@\"",
                    "nakedblog-check", generator,
                ] + arguments
            program = "/bin/sh"
        }
        guard trust == .sandboxed else {
            return GeneratorInvocation(program: program, arguments: arguments, environment: childEnvironment)
        }
        return BuildSandbox.wrap(
            program: program, arguments: arguments, source: source, scratch: scratch, environment: childEnvironment,
            generator: generator, readOnly: policy.readOnly)
    }

    /// Writes what an untrusted Jekyll build needs beside it (the config overrides).
    static func prepare(_ kind: SiteKind, scratch: String, trust: BuildPolicy.Trust) throws {
        guard case .jekyll = kind, trust != .own else { return }
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let list = safePlugins.map { "  - " + $0 }.joined(separator: "\n")
        let text = "# nakedblog: an untrusted build loads no code of the site's\nsafe: true\nwhitelist:\n\(list)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: safeOverrides(scratch: scratch)))
    }
}
