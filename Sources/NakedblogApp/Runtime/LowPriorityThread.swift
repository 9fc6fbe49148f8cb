import Foundation

/// A thread of its own at a lower priority than the loop (nice 10) that runs work in order:
/// previews, git status and browser lists, so on a busy machine a keystroke's frame is drawn
/// before their work goes on. `@unchecked`: the queue of work is guarded by `condition` (an
/// `NSCondition`, since the thread waits on it; a `Mutex` cannot be waited on).
final class LowPriorityThread: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: [@Sendable () -> Void] = []

    /// `name` shows in `top -H` (Linux keeps 15 characters).
    init(name: String) {
        let thread = Thread { [condition = self.condition, weak self] in
            // Who 0: this thread alone (Linux keeps a nice value per thread); nothing else runs on it.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            // Through /proc (Linux's own thread name), not `Thread.current.name`: Foundation learns
            // its thread's pthread only when `start()` returns in the parent, so a thread that ran
            // first was left unnamed (seen under load in the Debian 13 root).
            let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
            if file >= 0 {
                _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                close(file)
            }
            while true {
                condition.lock()
                while self?.work.isEmpty == true { condition.wait() }
                guard let owner = self else { condition.unlock(); return }
                let next = owner.work.removeFirst()
                condition.unlock()
                next()
            }
        }
        thread.start()
    }

    /// Lets the thread end (it waits for work of an owner that is gone).
    deinit {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Runs `job` on the thread, after what was given before.
    func async(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        work.append(job)
        condition.signal()
        condition.unlock()
    }
}
