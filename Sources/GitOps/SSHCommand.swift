import CGitSSH
import Foundation

/// The ssh command the SSH transport runs: `$GIT_SSH_COMMAND` or `$GIT_SSH` if set (as git
/// honours them), else `ssh`, always with strict host-key checking (nakedblog asks about
/// unknown keys itself) and a connection timeout.
public enum SSHCommand {
    /// Options added to every connection.
    static let strictOptions =
        "-o StrictHostKeyChecking=yes -o ConnectTimeout=30 -o ServerAliveInterval=15 -o ServerAliveCountMax=4"

    /// The shell command prefix for `environment`.
    public static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let command = environment["GIT_SSH_COMMAND"], !command.isEmpty {
            base = command
        } else if let program = environment["GIT_SSH"], !program.isEmpty {
            base = "'" + program.replacingOccurrences(of: "'", with: "'\\''") + "'"
        } else {
            base = "ssh"
        }
        return base + " " + strictOptions
    }

    /// `-F`/`-o` arguments from GIT_SSH_COMMAND that change which config ssh reads (for `ssh -G`).
    static func configArguments(environment: [String: String]) -> [String] {
        guard let command = environment["GIT_SSH_COMMAND"] else { return [] }
        let words = command.split(separator: " ").map(String.init)
        var result: [String] = []
        var index = 0
        while index < words.count {
            if (words[index] == "-F" || words[index] == "-o"), index + 1 < words.count {
                result += [words[index], words[index + 1]]
                index += 2
            } else {
                index += 1
            }
        }
        return result
    }

    /// Installs nakedblog's SSH transport (system ssh instead of libssh2). Idempotent.
    public static func install(environment: [String: String] = ProcessInfo.processInfo.environment) {
        GitLibrary.initialize()
        _ = installOnce
        nb_ssh_transport_set_command(command(environment: environment))
        let pairs = environment.map { strdup("\($0.key)=\($0.value)") }
        defer { pairs.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = pairs.map { UnsafePointer($0) } + [nil]
        pointers.withUnsafeMutableBufferPointer { nb_ssh_transport_set_environment($0.baseAddress) }
    }

    private static let installOnce: Void = {
        _ = nb_ssh_transport_register("ssh")
    }()
}
