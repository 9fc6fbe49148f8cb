import Foundation

/// `sshd` on a free loopback port with a throwaway host key, serving git over ssh for the user
/// running the tests. Makes an ed25519 and an RSA user key, both authorised.
public final class SSHServer: GitServer {
    public let root: String
    public let port: Int
    /// The login name clients use (the user running the tests).
    public let user: String
    /// Private key files (each with `.pub` beside it).
    public let ed25519Key: String
    public let rsaKey: String
    /// The host key's public line (`ssh-ed25519 AAAA…`).
    public let hostPublicKey: String
    private let directory: TemporaryDirectory
    private let process: BackgroundProcess

    public init() throws {
        directory = try TemporaryDirectory(prefix: "nb-sshd")
        let dir = directory.path
        root = dir + "/repos"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        user = String(cString: getpwuid(getuid()).pointee.pw_name)
        port = LoopbackPort.free()
        let hostKey = dir + "/ssh_host_ed25519_key"
        ed25519Key = dir + "/id_ed25519"
        rsaKey = dir + "/id_rsa"
        for (path, type) in [
            (hostKey, ["-t", "ed25519"]), (ed25519Key, ["-t", "ed25519"]),
            (rsaKey, ["-t", "rsa", "-b", "3072"]),
        ] {
            try Shell.check(["ssh-keygen", "-q", "-N", "", "-C", "nakedblog-test"] + type + ["-f", path])
        }
        hostPublicKey = try String(contentsOfFile: hostKey + ".pub", encoding: .utf8)
            .split(separator: " ").prefix(2).joined(separator: " ")
        let authorized = try [ed25519Key, rsaKey]
            .map { try String(contentsOfFile: $0 + ".pub", encoding: .utf8) }.joined()
        try authorized.write(toFile: dir + "/authorized_keys", atomically: true, encoding: .utf8)
        let sshd = ["/usr/sbin/sshd", "/usr/bin/sshd"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let sshd else {
            throw ServerStartError(
                server: "sshd", log: "sshd is not installed: run `make setup` (package openssh-server).")
        }
        // Privilege separation needs this directory (normally made by the system service).
        if getuid() == 0 {
            try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        }
        try """
        Port \(port)
        ListenAddress 127.0.0.1
        HostKey \(hostKey)
        PidFile \(dir)/sshd.pid
        AuthorizedKeysFile \(dir)/authorized_keys
        StrictModes no
        UsePAM no
        PasswordAuthentication no
        KbdInteractiveAuthentication no
        PubkeyAuthentication yes
        PermitRootLogin prohibit-password
        AllowUsers \(user)
        AllowAgentForwarding yes
        PrintMotd no
        LogLevel VERBOSE

        """.write(toFile: dir + "/sshd_config", atomically: true, encoding: .utf8)
        process = try BackgroundProcess(
            [sshd, "-D", "-e", "-f", dir + "/sshd_config"],
            logPath: dir + "/sshd.log")
        guard LoopbackPort.waitUntilAccepting(port) else {
            process.stop()
            throw ServerStartError(server: "sshd", log: process.log)
        }
    }

    /// Adds a key bound to a forced command, as an `authorized_keys` line
    /// `command="…",restrict,pty <key>` (sshd reads the file at each login). Returns the new
    /// key's private file.
    public func authorizeForcedCommand(_ command: String, keyName: String) throws -> String {
        let key = directory.path + "/" + keyName
        try Shell.check(["ssh-keygen", "-q", "-N", "", "-C", keyName, "-t", "ed25519", "-f", key])
        let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let escaped = command.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let line = "command=\"\(escaped)\",restrict,pty \(publicKey)\n"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.path + "/authorized_keys"))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        return key
    }

    /// Deletes the `authorized_keys` line of the key made as `keyName` (an author removed as
    /// docs/SERVING.md says: their line deleted).
    public func revokeKey(_ keyName: String) throws {
        let file = directory.path + "/authorized_keys"
        let kept = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasSuffix(" " + keyName)
        }
        try (kept.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// `ssh://user@127.0.0.1:port/<root>/<name>.git`.
    public func url(for name: String) -> String { "ssh://\(user)@127.0.0.1:\(port)\(root)/\(name).git" }

    /// The scp-like form through the `~/.ssh/config` alias written by `trust(in:)`: `gitbox:<root>/<name>.git`.
    public func aliasURL(for name: String, alias: String = "gitbox") -> String { "\(alias):\(root)/\(name).git" }

    /// The `known_hosts` line for this server (`[127.0.0.1]:port ssh-ed25519 AAAA…`).
    public var knownHostsLine: String { "[127.0.0.1]:\(port) \(hostPublicKey)" }

    /// Sets up `home` to reach this server: known_hosts entry, the user keys copied into
    /// `~/.ssh/` (ed25519 as `id_ed25519`, RSA as `id_rsa`), and a config with a `gitbox` alias.
    public func trust(in home: TestHome, key: KeyType = .ed25519, alias: String = "gitbox") throws {
        let ssh = home.sshDirectory
        for (source, name) in [(ed25519Key, "id_ed25519"), (rsaKey, "id_rsa")] {
            for suffix in ["", ".pub"] {
                try? FileManager.default.removeItem(atPath: ssh + "/" + name + suffix)
                try FileManager.default.copyItem(atPath: source + suffix, toPath: ssh + "/" + name + suffix)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: ssh + "/" + name)
        }
        try (knownHostsLine + "\n").write(toFile: ssh + "/known_hosts", atomically: true, encoding: .utf8)
        let identity = ssh + "/" + (key == .ed25519 ? "id_ed25519" : "id_rsa")
        try """
        Host \(alias)
            HostName 127.0.0.1
            Port \(port)
            User \(user)
            IdentityFile \(identity)
            IdentitiesOnly yes

        Host *
            UserKnownHostsFile \(ssh)/known_hosts
            StrictHostKeyChecking yes
            IdentityFile \(identity)
            IdentitiesOnly yes

        """.write(toFile: ssh + "/config", atomically: true, encoding: .utf8)
        home.setSSHOptions(["-o", "UserKnownHostsFile=\(ssh)/known_hosts", "-i", identity])
    }

    /// A user key kind.
    public enum KeyType: Sendable { case ed25519, rsa }

    public func stop() { process.stop() }
    public var log: String { process.log }
    deinit { stop(); directory.remove() }
}
