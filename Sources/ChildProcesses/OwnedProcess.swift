import Foundation
import Synchronization

/// A program the app starts and owns: it begins with a clean signal mask and default signal
/// dispositions (a thread that blocks signals would otherwise pass its mask on, and the child
/// could not even be killed with a plain `kill`), in a process group of its own, with stdin
/// from /dev/null and stdout and stderr into one pipe. It ends when it exits, when its time
/// limit passes or when its `ProcessStopper` is told to stop it; the whole group is killed then,
/// so nothing it started lives on.
public enum OwnedProcess {
    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// Exit status (128 + signal when killed).
        public var status: Int32
        /// stdout and stderr, interleaved; at most 2 MiB kept.
        public var output: [UInt8]
        /// Stopped because the time limit passed.
        public var timedOut: Bool
        /// Stopped by its `ProcessStopper`.
        public var stopped: Bool
    }

    /// Runs `program` with `arguments` and exactly `environment`; nil when it could not be
    /// started. Blocks until the program and its output end.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String],
        timeout: Double, stopper: ProcessStopper = ProcessStopper()
    ) -> Outcome? {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        // Not inherited by programs started meanwhile on other threads (the child gets dup2'd copies).
        _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { arguments in
            envp.withUnsafeBufferPointer { environment in
                posix_spawn(
                    &pid, program, &actions, &attributes, UnsafeMutablePointer(mutating: arguments.baseAddress!),
                    UnsafeMutablePointer(mutating: environment.baseAddress!))
            }
        }
        close(pipe[1])
        guard spawned == 0 else { close(pipe[0]); return nil }
        // The child is its own group's leader: the group is its pid.
        stopper.started(group: pid)
        let timedOut = Atomic<Bool>(false)
        let timer = DispatchWorkItem {
            timedOut.store(true, ordering: .relaxed)
            stopper.killGroup()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { if output.count < (1 << 21) { output += buffer[..<count] }; continue }
            if count < 0 && errno == EINTR { continue }
            break
        }
        close(pipe[0])
        // Waited for without reaping first, so the group id stays the child's while what is
        // left of the group (anything the generator started) is killed.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        timer.cancel()
        stopper.ended()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        return Outcome(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output: output,
            timedOut: timedOut.load(ordering: .relaxed), stopped: stopper.isStopped)
    }

    /// Every signal unblocked and at its default action in the child (what a shell gives the
    /// programs it starts).
    public static func resetSignals(_ attributes: inout posix_spawnattr_t) {
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
    }
}

/// Stops an `OwnedProcess` from another thread (Esc on the publish sheet, quitting, a newer
/// check): its whole process group is killed. A stopper told to stop before the program starts
/// kills it as soon as it does.
public final class ProcessStopper: Sendable {
    private struct State {
        var group: pid_t?
        var stopped = false
    }
    private let state = Mutex(State())

    public init() {}

    /// Kills the program's group (now, or as soon as it starts).
    public func stop() {
        state.withLock { state in
            state.stopped = true
            if let group = state.group { kill(-group, SIGKILL) }
        }
    }

    /// Whether `stop()` was called.
    public var isStopped: Bool { state.withLock { $0.stopped } }

    func started(group: pid_t) {
        state.withLock { state in
            state.group = group
            if state.stopped { kill(-group, SIGKILL) }
        }
    }

    /// The time limit: the group dies, the stopper is not marked stopped.
    func killGroup() {
        state.withLock { state in
            if let group = state.group { kill(-group, SIGKILL) }
        }
    }

    /// The leader exited: what it left in its group is killed, and the group is forgotten.
    func ended() {
        state.withLock { state in
            if let group = state.group { kill(-group, SIGKILL) }
            state.group = nil
        }
    }
}
