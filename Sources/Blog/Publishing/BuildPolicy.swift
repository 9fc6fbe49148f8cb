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

    /// The default time limit.
    public static let defaultTimeout: Double = 120

    public init(trust: Trust = .own, timeout: Double = BuildPolicy.defaultTimeout, stopper: ProcessStopper = ProcessStopper()) {
        self.trust = trust
        self.timeout = timeout
        self.stopper = stopper
    }

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
    static let safePlugins = ["jekyll-coffeescript", "jekyll-default-layout", "jekyll-feed", "jekyll-gist",
                              "jekyll-mentions", "jekyll-optional-front-matter", "jekyll-paginate", "jekyll-readme-index",
                              "jekyll-redirect-from", "jekyll-relative-links", "jekyll-seo-tag", "jekyll-sitemap",
                              "jekyll-titles-from-headings", "jemoji"]

    /// The file (in `scratch`) that overrides a Jekyll site's config in untrusted builds.
    static func safeOverrides(scratch: String) -> String { scratch + "/nakedblog-safe.yml" }

    /// `generator` building `source` (output into `scratch`) under `trust`; `environment` is the
    /// app's own. Returns nil when a sandbox is needed and cannot be made (the reason is thrown
    /// by `BuildSandbox.check`, not here).
    public static func make(_ kind: SiteKind, generator: String, source: String, scratch: String, trust: BuildPolicy.Trust,
                            environment: [String: String]) -> GeneratorInvocation {
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
                let configs = ["_config.yml", "_config.yaml", "_config.toml"].filter { FileManager.default.fileExists(atPath: source + "/" + $0) }
                arguments += ["--config", (configs.prefix(1).map { source + "/" + $0 } + [safeOverrides(scratch: scratch)]).joined(separator: ",")]
                childEnvironment["JEKYLL_NO_BUNDLER_REQUIRE"] = "1"
                childEnvironment["BUNDLE_GEMFILE"] = nil
                childEnvironment["RUBYOPT"] = nil
                childEnvironment["RUBYLIB"] = nil
            }
        }
        guard trust == .sandboxed else {
            return GeneratorInvocation(program: generator, arguments: arguments, environment: childEnvironment)
        }
        return BuildSandbox.wrap(program: generator, arguments: arguments, source: source, scratch: scratch, environment: childEnvironment)
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
