import Foundation

/// The result of a finished process.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
    /// True when the process was killed because it ran past its timeout.
    public let timedOut: Bool

    public var succeeded: Bool { status == 0 && !timedOut }
}

/// A command that failed when the caller needed it to succeed.
public struct ShellError: Error, CustomStringConvertible {
    public let command: [String]
    public let result: ProcessResult

    public var description: String {
        let timeout = result.timedOut ? " (timed out)" : ""
        return "`\(command.joined(separator: " "))` exited \(result.status)\(timeout)\n"
            + "stdout: \(result.stdout.suffix(2000))\nstderr: \(result.stderr.suffix(2000))"
    }
}

/// Runs programs for tests and benchmarks: output captured through temporary files (no pipe
/// deadlocks), an optional standard input, and a timeout after which the process group is killed.
public enum Shell {
    /// Runs `arguments[0]` (looked up on PATH) and returns its result, whatever its exit status.
    @discardableResult
    public static func run(
        _ arguments: [String], in directory: String? = nil,
        environment: [String: String]? = nil, input: Data? = nil,
        timeout: TimeInterval = 120
    ) throws -> ProcessResult {
        let scratch = try TemporaryDirectory(prefix: "nb-shell")
        defer { scratch.remove() }
        let outPath = scratch.appending("out"), errPath = scratch.appending("err")
        var inPath: String?
        if let input {
            inPath = scratch.appending("in")
            try input.write(to: URL(fileURLWithPath: inPath!))
        }
        let child = try ChildProcess(
            arguments, environment: environment, directory: directory,
            standardInput: inPath, standardOutput: outPath, standardError: errPath)
        var status = child.wait(timeout: timeout)
        let timedOut = status == nil
        if timedOut {
            child.terminate(grace: 0.5)
            status = child.poll()
        }
        let out = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return ProcessResult(status: status ?? -1, stdout: out, stderr: err, timedOut: timedOut)
    }

    /// Runs a command that must succeed; returns its stdout with the final newline removed.
    @discardableResult
    public static func check(
        _ arguments: [String], in directory: String? = nil,
        environment: [String: String]? = nil, input: Data? = nil,
        timeout: TimeInterval = 120
    ) throws -> String {
        let result = try run(arguments, in: directory, environment: environment, input: input, timeout: timeout)
        guard result.succeeded else { throw ShellError(command: arguments, result: result) }
        return result.stdout.hasSuffix("\n") ? String(result.stdout.dropLast()) : result.stdout
    }

    /// Whether `program` is on PATH.
    public static func has(_ program: String) -> Bool {
        path(of: program) != nil
    }

    /// Where `program` is: on this process's PATH, else in the system's sbin folders (Debian's
    /// `sshd`, `useradd` are in /usr/sbin, off a normal user's PATH), as the harness starts them.
    public static func path(of program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
        return folders.map { $0 + "/" + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
