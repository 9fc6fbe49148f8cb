import Foundation
import Synchronization

/// A program the app starts and owns — the one way nakedblog runs another program (git's
/// helpers, generators, the image helper, curl, `$EDITOR`). It begins with a clean signal mask
/// and default signal dispositions (a thread that blocks signals would otherwise pass its mask
/// on, and the child could not even be killed with a plain `kill`), in a process group of its
/// own, with stdin from `input` (else /dev/null) and stdout and stderr into one pipe (or two,
/// `separateErrors`). It ends when it exits, when its time limit passes or when its
/// `ProcessStopper` is told to stop it; the whole group is killed then, so nothing it started
/// lives on.
public enum OwnedProcess {
    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// Exit status (128 + signal when killed).
        public var status: Int32
        /// stdout (and stderr, interleaved, unless kept apart); at most 2 MiB kept.
        public var output: [UInt8]
        /// Stopped because the time limit passed.
        public var timedOut: Bool
        /// Stopped by its `ProcessStopper`.
        public var stopped: Bool
        /// stderr when `separateErrors` (at most 2 MiB), else empty.
        public var errors: [UInt8] = []
    }

    /// Runs `program` with `arguments` and exactly `environment`; nil when it could not be
    /// started. Blocks until the program and its output end. `input` is written to its stdin
    /// (then closed); `separateErrors` keeps stderr out of `output`.
    public static func run(
        _ program: String, _ arguments: [String], environment: [String: String],
        input: [UInt8]? = nil, separateErrors: Bool = false,
        timeout: Double, stopper: ProcessStopper = ProcessStopper()
    ) -> Outcome? {
        var pipes: [[Int32]] = []
        defer { for pipe in pipes { for fd in pipe where fd >= 0 { close(fd) } } }
        for _ in 0..<3 {
            var pipe: [Int32] = [-1, -1]
            guard Glibc.pipe(&pipe) == 0 else { return nil }
            // Not inherited by programs started meanwhile on other threads (the child gets dup2'd copies).
            _ = fcntl(pipe[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipe[1], F_SETFD, FD_CLOEXEC)
            pipes.append(pipe)
        }
        let (inPipe, outPipe, errPipe) = (pipes[0], pipes[1], pipes[2])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if input != nil {
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, separateErrors ? errPipe[1] : outPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        guard let pid = spawn(program, arguments, environment: environment, actions: &actions, attributes: &attributes)
        else { return nil }
        // The parent keeps only its ends: the child's close when it exits, which ends the reads.
        for (index, end) in [(0, 0), (1, 1), (2, 1)] {
            close(pipes[index][end])
            pipes[index][end] = -1
        }
        // The child is its own group's leader: the group is its pid.
        stopper.started(group: pid)
        let timedOut = Atomic<Bool>(false)
        let timer = DispatchWorkItem {
            timedOut.store(true, ordering: .relaxed)
            stopper.killGroup()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        var streams = Streams(
            input: input.map { (pipes[0][1], $0) }, output: pipes[1][0], errors: separateErrors ? pipes[2][0] : nil)
        // Closed by `pump` as each finishes (so the defer above skips them).
        pipes[0][1] = -1
        pipes[1][0] = -1
        if separateErrors { pipes[2][0] = -1 }
        let (output, errors) = streams.pump()
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
            timedOut: timedOut.load(ordering: .relaxed), stopped: stopper.isStopped, errors: errors)
    }

    /// Runs `program` on the terminal (its stdin, stdout and stderr, in the foreground process
    /// group) with a clean signal state, and waits: `$EDITOR` when the app hands the screen
    /// over. Its exit status, or nil when it could not be started.
    public static func runOnTerminal(
        _ program: String, _ arguments: [String], environment: [String: String]
    ) -> Int32? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        resetSignals(&attributes)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard let pid = spawn(program, arguments, environment: environment, actions: &actions, attributes: &attributes)
        else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    private static func spawn(
        _ program: String, _ arguments: [String], environment: [String: String],
        actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
    ) -> pid_t? {
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
        return spawned == 0 ? pid : nil
    }

    /// The parent's ends of a child's pipes, served together with `poll` (a child that fills
    /// stderr while its stdin is still being written must not stall either side).
    private struct Streams {
        var input: (fd: Int32, bytes: [UInt8])?
        var output: Int32
        var errors: Int32?
        static let limit = 1 << 21

        mutating func pump() -> (output: [UInt8], errors: [UInt8]) {
            var collected: [UInt8] = [], collectedErrors: [UInt8] = []
            var written = 0
            var outputOpen = true
            // A child that exits without reading its input makes our write fail with EPIPE, not
            // kill nakedblog: SIGPIPE is blocked on this thread meanwhile, and one it raised is
            // taken before the mask is restored.
            var pipeSignal = sigset_t(), previous = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
            defer {
                var pending = sigset_t()
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                    var now = timespec()
                    _ = sigtimedwait(&pipeSignal, nil, &now)
                }
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            }
            if let input { _ = fcntl(input.fd, F_SETFL, fcntl(input.fd, F_GETFL) | O_NONBLOCK) }
            if input?.bytes.isEmpty == true { close(input!.fd); input = nil }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while outputOpen || self.errors != nil || input != nil {
                var fds: [pollfd] = []
                if outputOpen { fds.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
                if let errorsFD = self.errors { fds.append(pollfd(fd: errorsFD, events: Int16(POLLIN), revents: 0)) }
                if let input { fds.append(pollfd(fd: input.fd, events: Int16(POLLOUT), revents: 0)) }
                let ready = poll(&fds, nfds_t(fds.count), -1)
                if ready < 0 { if errno == EINTR { continue } else { break } }
                for entry in fds where entry.revents != 0 {
                    if let current = input, entry.fd == current.fd {
                        let count = current.bytes[written...].withUnsafeBytes {
                            write(current.fd, $0.baseAddress, $0.count)
                        }
                        if count > 0 { written += count }
                        if count < 0 && errno != EAGAIN && errno != EINTR || written >= current.bytes.count {
                            // Done, or the child stopped reading (EPIPE): close so it sees the end.
                            close(current.fd)
                            input = nil
                        }
                        continue
                    }
                    let count = read(entry.fd, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count > 0 {
                        if entry.fd == output {
                            if collected.count < Self.limit { collected += buffer[..<count] }
                        } else if collectedErrors.count < Self.limit {
                            collectedErrors += buffer[..<count]
                        }
                        continue
                    }
                    close(entry.fd)
                    if entry.fd == self.output { outputOpen = false } else { self.errors = nil }
                }
            }
            return (collected, collectedErrors)
        }
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
