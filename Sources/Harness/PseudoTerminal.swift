import CTerminal
import Foundation

/// A program running on a pseudo-terminal of a given size, as a user's terminal would run it:
/// what it writes is read from the master side, keys are written to it. For latency benchmarks.
public final class PseudoTerminal {
    public let pid: pid_t
    private let master: Int32

    public init(_ arguments: [String], environment: [String: String], columns: Int, rows: Int) throws {
        var master: Int32 = -1
        var name = [CChar](repeating: 0, count: 256)
        guard nb_open_pty(&master, &name, name.count) == 0 else {
            throw ShellError(
                command: arguments,
                result: ProcessResult(status: errno, stdout: "", stderr: "no pseudo-terminal", timedOut: false))
        }
        let slave = open(name, O_RDWR | O_NOCTTY)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, Int32(target)) }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, nb_spawn_setsid_flag())
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        close(slave)
        guard status == 0 else {
            close(master)
            throw ShellError(
                command: arguments,
                result: ProcessResult(status: status, stdout: "", stderr: "spawn failed", timedOut: false))
        }
        self.pid = pid
        self.master = master
    }

    /// Sends bytes as if typed.
    public func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// The terminal's own end (for `writeAll(_:to:)` on another thread).
    public var descriptor: Int32 { master }

    /// Sends all of `bytes` (a write to a terminal takes part of a large buffer at a time); blocks
    /// until the program has taken them, so call it off the thread that reads the output.
    public func writeAll(_ bytes: [UInt8]) {
        Self.writeAll(bytes, to: master)
    }

    /// `writeAll` on a terminal's descriptor (for a writer thread: the descriptor is Sendable).
    public static func writeAll(_ bytes: [UInt8], to master: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written > 0 { offset += written } else if written < 0 && errno != EINTR && errno != EAGAIN { return }
        }
    }

    /// Reads output until `done` says the bytes read so far are enough, or `timeout` passes.
    /// Returns the bytes and whether `done` was satisfied.
    @discardableResult
    public func read(timeout: TimeInterval, until done: ([UInt8]) -> Bool) -> (bytes: [UInt8], satisfied: Bool) {
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&descriptor, 1, remaining) > 0 else { continue }
            let count = Glibc.read(master, &buffer, buffer.count)
            if count <= 0 { break }
            collected += buffer[0..<count]
            if done(collected) { return (collected, true) }
        }
        return (collected, false)
    }

    /// Reads whatever arrives within `seconds` (to let the screen settle).
    public func drain(for seconds: TimeInterval) -> [UInt8] {
        read(timeout: seconds) { _ in false }.bytes
    }

    /// Stops the program and waits for it.
    public func terminate() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }
}

extension Array where Element == UInt8 {
    /// Whether `text`'s UTF-8 bytes occur in this array.
    public func contains(text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if Array(self[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}
