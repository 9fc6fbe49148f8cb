import Foundation

/// The thread previews render on: one of its own, at a lower priority than the loop (nice 10),
/// so on a busy machine a keystroke's frame is drawn before the preview's work goes on. Jobs
/// run in order; `update` keeps at most one in flight.
final class PreviewWorker: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [PreviewJob] = []

    init(send: @escaping @Sendable (AppMessage) -> Void) {
        let thread = Thread { [condition = self.condition, weak self] in
            // Who 0: this thread alone (Linux keeps a nice value per thread); nothing else runs on it.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
            // Named for `top -H` and the tests (Linux keeps 15 characters).
            Thread.current.name = "nb-preview"
            while true {
                condition.lock()
                while self?.jobs.isEmpty == true { condition.wait() }
                guard let worker = self else { condition.unlock(); return }
                let job = worker.jobs.removeFirst()
                condition.unlock()
                send(job.render())
            }
        }
        thread.start()
    }

    /// Lets the thread end (it waits for jobs of a worker that is gone).
    deinit {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Renders `job` on the worker's thread; its result is sent as a message.
    func submit(_ job: PreviewJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }
}
