import CGit2
import Foundation

/// The remote session of one clone: turns callbacks into `CloneEvent`s.
final class CloneContext: RemoteSession, @unchecked Sendable {
    let continuation: AsyncThrowingStream<CloneEvent, Error>.Continuation
    private var rate = TransferRate()
    private var lastTransferEmit: TimeInterval = 0
    private var lastCheckoutEmit: TimeInterval = 0

    init(
        continuation: AsyncThrowingStream<CloneEvent, Error>.Continuation, credentials: CredentialProvider?, url: String
    ) {
        self.continuation = continuation
        super.init(credentials: credentials, url: url)
    }

    override func remoteLine(_ line: String, isProgress: Bool) {
        continuation.yield(.remoteLine(line, isProgress: isProgress))
    }

    override func transfer(_ stats: git_indexer_progress) -> Int32 {
        let now = ProcessInfo.processInfo.systemUptime
        if let progress = TransferProgress.measure(stats, rate: &rate, now: now, lastEmit: &lastTransferEmit) {
            continuation.yield(.transfer(progress))
        }
        return isCancelled ? -1 : 0
    }

    func checkout(path: String?, completed: Int, total: Int) {
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastCheckoutEmit >= Self.interval || completed == total {
            lastCheckoutEmit = now
            continuation.yield(.checkout(CheckoutProgress(completed: completed, total: total, path: path)))
        }
    }
}

extension TransferProgress {
    /// Updates `rate` from libgit2's counters and returns a progress value when one is due
    /// (every `RemoteSession.interval`, and always the last).
    static func measure(
        _ stats: git_indexer_progress, rate: inout TransferRate, now: TimeInterval,
        lastEmit: inout TimeInterval
    ) -> TransferProgress? {
        let (bytesPerSecond, eta) = rate.update(
            bytes: Int(stats.received_bytes), objects: Int(stats.received_objects),
            totalObjects: Int(stats.total_objects), now: now)
        let done =
            stats.total_objects > 0 && stats.received_objects == stats.total_objects
            && stats.indexed_deltas == stats.total_deltas
        guard now - lastEmit >= RemoteSession.interval || done else { return nil }
        lastEmit = now
        return TransferProgress(
            receivedObjects: Int(stats.received_objects), totalObjects: Int(stats.total_objects),
            indexedObjects: Int(stats.indexed_objects), indexedDeltas: Int(stats.indexed_deltas),
            totalDeltas: Int(stats.total_deltas), receivedBytes: Int(stats.received_bytes),
            bytesPerSecond: bytesPerSecond, secondsRemaining: eta)
    }
}

/// The clone's C callbacks: the remote ones plus checkout progress.
enum CloneCallbacks {
    static func install(on options: inout git_clone_options, payload: UnsafeMutableRawPointer) {
        RemoteCallbacks.install(on: &options.fetch_opts.callbacks, payload: payload)
        options.checkout_opts.progress_payload = payload
        options.checkout_opts.progress_cb = { path, completed, total, payload in
            let context = Unmanaged<CloneContext>.fromOpaque(payload!).takeUnretainedValue()
            context.checkout(path: path.map { String(cString: $0) }, completed: Int(completed), total: Int(total))
        }
    }
}
