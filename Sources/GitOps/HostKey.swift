import Foundation

/// An SSH server's public key, as offered when it is not (yet) trusted.
public struct HostKey: Sendable, Equatable {
    /// `host` or `[host]:port`, as known_hosts writes it.
    public let knownHostsName: String
    /// e.g. `ssh-ed25519`.
    public let type: String
    /// `SHA256:…`, as `ssh` prints it.
    public let fingerprint: String
    /// The known_hosts line that would trust it.
    public let knownHostsLine: String
}

/// `$HOME` (what the user's tools use), else the passwd entry's home.
public var userHome: String {
    if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") { return home }
    return NSHomeDirectory()
}

/// Looking up and trusting SSH host keys with OpenSSH's own tools (ssh -G, ssh-keyscan,
/// ssh-keygen), so hashed entries, `[host]:port` and /etc/ssh/ssh_known_hosts work as in `ssh`.
public enum HostKeys {
    /// The key `destination` (an alias, `user@host`) offers on `port`, resolved through ~/.ssh/config.
    public static func fetch(
        destination: String, port: Int?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> HostKey? {
        var host = destination.split(separator: "@").last.map(String.init) ?? destination
        var resolvedPort = port ?? 22
        // `ssh -G` prints the effective configuration (HostName and Port of aliases).
        var arguments = ["-G"] + SSHCommand.configArguments(environment: environment)
        if let port { arguments += ["-p", String(port)] }
        // `--` everywhere: a destination or host name from a URL is never read as an option.
        guard !destination.hasPrefix("-") else { return nil }
        if let config = try? run("ssh", arguments + ["--", destination], environment: environment) {
            for line in config.split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1)
                guard parts.count == 2 else { continue }
                if parts[0] == "hostname" { host = String(parts[1]) }
                if parts[0] == "port", let p = Int(parts[1]) { resolvedPort = p }
            }
        }
        guard !host.hasPrefix("-"),
            let scanned = try? run(
                "ssh-keyscan", ["-T", "10", "-p", String(resolvedPort), "--", host], environment: environment)
        else { return nil }
        let lines = scanned.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        // Prefer what OpenSSH prefers: ed25519, then ecdsa, then rsa.
        let preferred = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-rsa"]
        guard
            let line = preferred.lazy.compactMap({ type in
                lines.first { $0.split(separator: " ").dropFirst().first.map(String.init) == type }
            }).first
                ?? lines.first
        else { return nil }
        let fields = line.split(separator: " ")
        guard fields.count >= 3,
            let print = try? run("ssh-keygen", ["-lf", "-"], input: line, environment: environment),
            let fingerprint = print.split(separator: " ").first(where: { $0.hasPrefix("SHA256:") })
        else { return nil }
        return HostKey(
            knownHostsName: String(fields[0]), type: String(fields[1]), fingerprint: String(fingerprint),
            knownHostsLine: line)
    }

    /// Appends `key` to `~/.ssh/known_hosts` (created with OpenSSH's permissions if missing).
    public static func trust(_ key: HostKey, home: String = userHome) throws {
        let directory = home + "/.ssh"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/known_hosts"
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw GitError(kind: .other, operation: "known_hosts", message: "cannot write \(path)")
        }
        defer { try? handle.close() }
        let existing = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        handle.seekToEndOfFile()
        let prefix = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        handle.write(Data((prefix + key.knownHostsLine + "\n").utf8))
    }

    private static func run(
        _ program: String, _ arguments: [String], input: String? = nil,
        environment: [String: String]
    ) throws -> String {
        let result = try ExternalCommand.run(
            [program] + arguments, input: Data((input ?? "").utf8), environment: environment)
        guard result.status == 0 else {
            throw GitError(kind: .other, operation: program, message: "\(program) exited \(result.status)")
        }
        return String(decoding: result.output, as: UTF8.self)
    }
}
