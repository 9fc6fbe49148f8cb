import Foundation

/// A long-running helper (a test server): started with its output in a log file, stopped
/// (SIGTERM to its process group, then SIGKILL) by `stop()` or when the object goes away.
public final class BackgroundProcess: @unchecked Sendable {
    private let child: ChildProcess
    /// Where the process's stdout and stderr go.
    public let logPath: String

    public init(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        logPath: String
    ) throws {
        self.logPath = logPath
        child = try ChildProcess(
            arguments, environment: environment, directory: directory,
            standardOutput: logPath, standardError: logPath)
        HarnessCleanup.started(group: child.pid)
    }

    public var isRunning: Bool { child.isRunning }
    public var pid: Int32 { child.pid }

    /// What the process has logged so far.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends `signal` (e.g. SIGSTOP to freeze a server mid-transfer) to the process group.
    public func signal(_ signal: Int32) { child.signal(signal) }

    /// Stops the process and waits for it.
    public func stop() {
        child.terminate()
        HarnessCleanup.stopped(group: child.pid)
    }

    deinit { stop() }
}
