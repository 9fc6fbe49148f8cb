import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn` in its own process group.
///
/// Not Foundation's `Process`: on Linux it decides a child has exited when an inherited socket
/// closes, so a daemon that closes its descriptors at start-up (sshd does) makes it block in
/// `waitpid` for that daemon, and no other child is ever reaped. Here each child is reaped
/// with `waitpid(pid, WNOHANG)` by whoever asks.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    private var status: Int32?
    /// Peak resident memory of the child in KiB, known once it has been reaped — as Linux counts
    /// it, which includes this (parent) process's own peak: `posix_spawn` shares the parent's
    /// memory until exec. Measure a program's memory with `PeakMemory`.
    public private(set) var peakMemoryKiB: Int?
    private let lock = NSLock()

    /// Starts `arguments[0]`, looked up on the PATH of `environment` (or of this process).
    /// Standard streams come from/go to the given files (`/dev/null` when nil).
    public init(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        standardInput: String? = nil, standardOutput: String? = nil, standardError: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, standardOutput ?? "/dev/null", O_WRONLY | O_APPEND | O_CREAT, 0o644)
        if let standardError, standardError == standardOutput {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        } else {
            posix_spawn_file_actions_addopen(
                &actions, 2, standardError ?? "/dev/null", O_WRONLY | O_APPEND | O_CREAT, 0o644)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaultSignals, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        // `env` finds the program on the given environment's PATH; `env -C` changes directory.
        // A program named by its path in no other directory is started directly (one exec less).
        let direct = directory == nil && arguments.first?.hasPrefix("/") == true
        let argv = direct ? arguments : ["env"] + (directory.map { ["-C", $0] } ?? []) + arguments
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var cArgv = argv.map { strdup($0) } + [nil]
        var cEnv = env.map { strdup($0) } + [nil]
        defer { (cArgv + cEnv).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, direct ? arguments[0] : "/usr/bin/env", &actions, &attributes, &cArgv, &cEnv)
        guard result == 0 else {
            throw ShellError(
                command: arguments,
                result: ProcessResult(
                    status: result, stdout: "", stderr: "posix_spawn failed: \(String(cString: strerror(result)))",
                    timedOut: false))
        }
        pid = child
    }

    /// The exit status if the child has exited (128 + signal when killed), else nil. Never blocks.
    public func poll() -> Int32? {
        lock.lock(); defer { lock.unlock() }
        if let status { return status }
        return reap(blocking: false)
    }

    public var isRunning: Bool { poll() == nil }

    /// Blocks in `wait4` until the child exits (no polling interval: for timing a process), and
    /// returns its exit status.
    @discardableResult
    public func waitUntilExit() -> Int32 {
        lock.lock(); defer { lock.unlock() }
        return status ?? reap(blocking: true) ?? -1
    }

    /// Reaps the child with `wait4` (waiting for it when `blocking`) and keeps its exit status
    /// (128 + signal when killed) and peak memory; nil if it is still running. Under `lock`.
    private func reap(blocking: Bool) -> Int32? {
        var raw: Int32 = 0
        var usage = rusage()
        var result: pid_t
        repeat { result = wait4(pid, &raw, blocking ? 0 : WNOHANG, &usage) } while result == -1 && errno == EINTR
        guard result == pid else { return nil }
        peakMemoryKiB = Int(usage.ru_maxrss)
        let signal = raw & 0x7F
        status = signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return status
    }

    /// Waits for the child to exit, at most `timeout` seconds; nil if it is still running.
    @discardableResult
    public func wait(timeout: TimeInterval = .infinity) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let status = poll() { return status }
            if Date() >= deadline { return nil }
            usleep(2_000)
        }
    }

    /// Sends `signal` to the child's whole process group.
    public func signal(_ signal: Int32) {
        guard poll() == nil else { return }
        kill(-pid, signal)
    }

    /// SIGTERM to the process group, SIGKILL after `grace` seconds, then reaps the child.
    public func terminate(grace: TimeInterval = 3) {
        guard poll() == nil else { return }
        signal(SIGTERM)
        if wait(timeout: grace) == nil {
            kill(-pid, SIGKILL)
            wait()
        }
    }
}
