import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the harness started or made, undone when the test process ends however it ends (the
/// last test, `exit`, SIGINT/SIGTERM/SIGHUP): servers still running are stopped (their whole
/// process group) and temporary directories still there are removed. XCTest keeps every test
/// case object alive until the process ends, so `deinit` alone would leave daemons listening
/// and folders behind.
public enum HarnessCleanup {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var groups: Set<pid_t> = []
    nonisolated(unsafe) private static var directories: Set<String> = []
    nonisolated(unsafe) private static var installed = false

    /// Remembers a background process group to stop at exit.
    static func started(group: pid_t) {
        lock.withLock {
            installIfNeeded(); groups.insert(group)
        }
    }

    static func stopped(group: pid_t) {
        lock.withLock { _ = groups.remove(group) }
    }

    /// Remembers a temporary directory to remove at exit.
    static func made(directory: String) {
        lock.withLock {
            installIfNeeded(); directories.insert(directory)
        }
    }

    static func removed(directory: String) {
        lock.withLock { _ = directories.remove(directory) }
    }

    /// The process groups started and not stopped yet (for tests of the harness).
    public static var running: Set<pid_t> { lock.withLock { groups } }

    /// Stops every remembered process group (SIGTERM, then SIGKILL after a second) and removes
    /// every remembered directory.
    public static func run() {
        let (pending, folders) = lock.withLock { () -> (Set<pid_t>, Set<String>) in
            defer { groups = []; directories = [] }
            return (groups, directories)
        }
        for group in pending { kill(-group, SIGTERM) }
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline, pending.contains(where: { kill(-$0, 0) == 0 }) {
            while waitpid(-1, nil, WNOHANG) > 0 {}
            usleep(20_000)
        }
        for group in pending where kill(-group, 0) == 0 { kill(-group, SIGKILL) }
        while waitpid(-1, nil, WNOHANG) > 0 {}
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    private static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        atexit { HarnessCleanup.run() }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Glibc.signal(signal) { received in
                HarnessCleanup.run()
                Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
