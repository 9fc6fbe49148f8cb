import Dispatch
import Foundation

/// Runs `handler` when SIGINT, SIGTERM or SIGHUP arrives (instead of dying), until `stop()`.
final class SignalCancellation: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private(set) var received: Int32?

    init(_ handler: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                self?.received = number
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
