import Dispatch
import Foundation
import Synchronization

/// Runs `handler` when SIGINT, SIGTERM or SIGHUP arrives (instead of dying), until `stop()`.
///
/// `@unchecked` for `sources` alone, which only the thread that made the value touches (`init`,
/// `stop()`; Dispatch's sources are not `Sendable`, so no `Mutex` can hold them); what the signal
/// queue writes is behind a `Mutex`.
final class SignalCancellation: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let signalReceived = Mutex<Int32?>(nil)
    /// The signal that arrived, if one did.
    var received: Int32? { signalReceived.withLock { $0 } }

    init(_ handler: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.signalReceived.withLock { $0 = number }
                handler()
            }
            source.resume()
            sources.append(source)
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        sources = []
        for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }
}
