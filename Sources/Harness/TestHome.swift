import Foundation

/// A throwaway HOME for git and ssh clients: `.gitconfig` with an identity, `.ssh/`, and the
/// environment that points tools at it.
///
/// OpenSSH's `ssh` reads the home directory from the passwd entry, not `$HOME`, so ssh options
/// are passed explicitly (`sshCommand`), or a command runs in a private mount namespace with
/// this home bound over the real one (`isolatedCommand`).
public final class TestHome: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public var path: String { directory.path }
    public var sshDirectory: String { path + "/.ssh" }
    /// Extra ssh options every client command should use (set by `SSHServer.trust(in:)`).
    public private(set) var sshOptions: [String] = []

    public init() throws {
        directory = try TemporaryDirectory(prefix: "nb-home")
        try FileManager.default.createDirectory(
            atPath: path + "/.ssh", withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try """
        [user]
        \tname = Test Writer
        \temail = writer@example.test
        [init]
        \tdefaultBranch = main
        [protocol "file"]
        \tallow = always
        [advice]
        \tdetachedHead = false
        [safe]
        \tdirectory = *

        """.write(toFile: path + "/.gitconfig", atomically: true, encoding: .utf8)
    }

    /// Environment for `git`, `ssh` and the app: this HOME, fixed identity and locale, no prompts.
    public var environment: [String: String] {
        let inherited = ProcessInfo.processInfo.environment
        var env: [String: String] = [
            "HOME": path,
            "PATH": inherited["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_TERMINAL_PROMPT": "0",
            "XDG_STATE_HOME": path + "/.local/state",
            "XDG_CONFIG_HOME": path + "/.config",
            "XDG_CACHE_HOME": path + "/.cache",
            // Hugo's cache defaults to /tmp/hugo_cache, shared by every user of the machine (and
            // owned by whoever ran hugo first): the run's own (make test sets it), else this home's.
            "HUGO_CACHEDIR": inherited["HUGO_CACHEDIR"] ?? path + "/.cache/hugo",
        ]
        if !sshOptions.isEmpty {
            env["GIT_SSH_COMMAND"] = sshCommand.joined(separator: " ")
        }
        // Sanitizer settings reach the programs under test (make check-sanitizers).
        for key in ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"] where inherited[key] != nil {
            env[key] = inherited[key]
        }
        return env
    }

    /// `ssh` with explicit options so it uses this home's config, keys and known_hosts.
    public var sshCommand: [String] {
        ["ssh", "-F", sshDirectory + "/config", "-o", "BatchMode=yes"] + sshOptions
    }

    func setSSHOptions(_ options: [String]) { sshOptions = options }

    /// Wraps `command` so it runs with this home bound over the real home directory (a private
    /// mount namespace; needs root). Returns nil where that is not possible.
    public func isolatedCommand(_ command: [String]) -> [String]? {
        guard getuid() == 0, Shell.has("unshare") else { return nil }
        let realHome = String(cString: getpwuid(getuid()).pointee.pw_dir)
        let quoted = command.map(Self.shellQuote).joined(separator: " ")
        return [
            "unshare", "-m", "sh", "-c",
            "mount --bind \(Self.shellQuote(path)) \(Self.shellQuote(realHome)) && exec \(quoted)",
        ]
    }

    /// Single-quotes `text` for `sh`.
    public static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs `git` with this home's environment.
    @discardableResult
    public func git(_ arguments: [String], in directory: String? = nil, timeout: TimeInterval = 300) throws -> String {
        try Shell.check(["git"] + arguments, in: directory, environment: environment, timeout: timeout)
    }

    public func remove() { directory.remove() }
}

extension TestHome {
    /// The demo site committed into a bare remote, and a clone of it: `work/name` (the clone)
    /// and `work/name-remote.git`, with `work/name-seed` the first commit's folder.
    public func demoClone(in work: TemporaryDirectory, name: String = "blog") throws -> (clone: String, remote: String)
    {
        let seed = work.appending(name + "-seed"), remote = work.appending(name + "-remote.git"),
            clone = work.appending(name)
        try PackageRoot.copyDemo(to: seed)
        try git(["init", "--quiet", "--initial-branch=main", seed])
        try git(["add", "-A"], in: seed)
        try git(["commit", "--quiet", "-m", "start"], in: seed)
        try git(["clone", "--quiet", "--bare", seed, remote])
        try git(["clone", "--quiet", remote, clone])
        return (clone, remote)
    }
}
