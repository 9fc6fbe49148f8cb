import CGitSSH
import Foundation

/// A git operation running on its own thread: its events, a way to cancel it, and a way to wait
/// until it has fully stopped.
public final class GitOperation<Event: Sendable>: Sendable {
    /// Progress, then the final event, or an error (`GitError` with kind `.cancelled` when cancelled).
    public let events: AsyncThrowingStream<Event, Error>
    private let session: RemoteSession
    private let done = DispatchSemaphore(value: 0)

    init(events: AsyncThrowingStream<Event, Error>, session: RemoteSession) {
        self.events = events
        self.session = session
    }

    /// Stops the operation at the next callback; running ssh connections are stopped at once.
    public func cancel() {
        guard !session.isCancelled else { return }
        session.cancel()
        nb_ssh_transport_cancel_all()
    }

    func markFinished() { done.signal() }

    /// Waits (off the cooperative pool) until the worker thread has finished and cleaned up.
    public func waitUntilFinished() async {
        let semaphore = done
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                semaphore.wait()
                semaphore.signal()
                continuation.resume()
            }.start()
        }
    }

    /// Runs `body` on a dedicated thread (never the cooperative pool) and returns the operation.
    /// `body` yields progress through the continuation; its result is yielded as `finish(result)`.
    /// When `cancelOnTermination` is false, dropping the stream does not cancel the work (a
    /// publish that has started finishes even if nobody listens any more).
    static func start<Session: RemoteSession>(
        name: String, session: Session, cancelOnTermination: Bool,
        continuation: AsyncThrowingStream<Event, Error>.Continuation,
        events: AsyncThrowingStream<Event, Error>,
        body: @escaping @Sendable () throws -> Event
    ) -> GitOperation<Event> {
        let operation = GitOperation(events: events, session: session)
        if cancelOnTermination {
            continuation.onTermination = { termination in
                if case .cancelled = termination { operation.cancel() }
            }
        }
        let thread = Thread {
            do {
                let last = try body()
                continuation.yield(last)
                operation.markFinished()
                continuation.finish()
            } catch {
                operation.markFinished()
                continuation.finish(throwing: error)
            }
        }
        thread.name = name
        thread.stackSize = 8 << 20
        thread.start()
        return operation
    }
}
