import Foundation
import Synchronization
import TextWidth

/// The bubblewrap sandbox an untrusted build runs in: the whole file system read-only, the
/// scratch folder (the site's copy and the output) the only place it can write, a private
/// `/tmp`, no home folders (`/home`, `/root`, `$HOME`), no network, its own process and IPC
/// namespaces, a new session (no way to type into the terminal), and nothing of the app's
/// environment but what a build needs. It dies with the app.
public enum BuildSandbox {
    /// Why the sandbox cannot be used here.
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The `bwrap` program, or nil when it is not installed.
    public static func program(environment: [String: String]) -> String? {
        SiteBuild.program("bwrap", environment: environment)
    }

    /// What `check` found for each bubblewrap, once per process (a probe is a process start).
    private static let probed = Mutex<[String: Unavailable?]>([:])

    /// Whether a sandbox can start on this machine (bubblewrap installed, user namespaces on):
    /// starts `true` inside one, the first time a bubblewrap is asked.
    public static func check(environment: [String: String]) throws(Unavailable) {
        guard let bwrap = program(environment: environment) else {
            throw Unavailable(description: "bubblewrap (bwrap) is not installed on this server")
        }
        if let known = probed.withLock({ $0[bwrap] }) {
            if let known { throw known }
            return
        }
        do throws(Unavailable) {
            try probe(bwrap, environment: environment)
            probed.withLock { $0[bwrap] = .some(nil) }
        } catch {
            probed.withLock { $0[bwrap] = .some(error) }
            throw error
        }
    }

    private static func probe(_ bwrap: String, environment: [String: String]) throws(Unavailable) {
        let probe = wrap(program: "/bin/true", arguments: [], source: "/", scratch: "/tmp", environment: environment, bwrap: bwrap)
        guard let outcome = OwnedProcess.run(probe.program, probe.arguments, environment: probe.environment, timeout: 10) else {
            throw Unavailable(description: "bubblewrap cannot be started")
        }
        guard outcome.status == 0 else {
            let said = String(decoding: outcome.output.prefix(300), as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            throw Unavailable(description: "bubblewrap cannot make a sandbox here (user namespaces may be off)"
                + (said.isEmpty ? "" : ": " + TerminalText.visible(said)))
        }
    }

    /// `program arguments` to run inside the sandbox, with `source` (a scratch copy of the site)
    /// and `scratch` writable, `source` its working folder. Both must exist.
    static func wrap(program: String, arguments: [String], source: String, scratch: String, environment: [String: String],
                     bwrap: String? = nil) -> GeneratorInvocation {
        let bwrap = bwrap ?? self.program(environment: environment) ?? "/usr/bin/bwrap"
        var wrapper = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/home", "--tmpfs", "/root"]
        if let home = environment["HOME"], !home.isEmpty, home != "/", FileManager.default.fileExists(atPath: home),
           !["/home", "/root", "/tmp"].contains(where: { home == $0 || home.hasPrefix($0 + "/") }) {
            wrapper += ["--tmpfs", home]
        }
        // The generator itself may live in a home folder (~/bin/hugo): seen, read-only.
        let resolved = URL(fileURLWithPath: program).resolvingSymlinksInPath().path
        if ["/home/", "/root/", "/tmp/"].contains(where: resolved.hasPrefix) || environment["HOME"].map({ resolved.hasPrefix($0 + "/") }) == true {
            wrapper += ["--ro-bind", resolved, resolved]
        }
        // The site's copy and the output folder: the only places it can write.
        for folder in Set([source, scratch]) where folder != "/" && folder != "/tmp" { wrapper += ["--bind", folder, folder] }
        wrapper += ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", "--chdir", source]
        var inside: [String: String] = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp"]
        for key in ["LANG", "LC_ALL", "LC_CTYPE", "TZ"] { inside[key] = environment[key] }
        for (key, value) in environment where key.hasPrefix("HUGO_SECURITY_") || key == "HUGO_CACHEDIR" || key == "JEKYLL_NO_BUNDLER_REQUIRE" {
            inside[key] = value
        }
        for (key, value) in inside.sorted(by: { $0.key < $1.key }) { wrapper += ["--setenv", key, value] }
        return GeneratorInvocation(program: bwrap, arguments: wrapper + ["--", program] + arguments,
                                   environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
    }
}
