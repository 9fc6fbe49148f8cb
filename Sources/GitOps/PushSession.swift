import CGit2
import Foundation

/// The remote session of a publish or sync: turns fetch and push callbacks into `PublishEvent`s
/// and records what the remote said about each pushed ref.
final class PushSession: RemoteSession, @unchecked Sendable {
    let emit: @Sendable (PublishEvent) -> Void
    /// Refs the remote refused, with its reason (from `push_update_reference`).
    private(set) var rejections: [(ref: String, reason: String)] = []
    /// Every line the remote printed during the current push, verbatim.
    private(set) var remoteLines: [String] = []
    private var rate = TransferRate()
    private var lastEmit: TimeInterval = 0
    private var pushStart: TimeInterval = 0
    /// How the last thin push over ssh ended (nil: none was tried), for tests and diagnostics.
    var thinPushOutcome: ThinPushOutcome?
    /// False for a push to a repository on this machine: objects are copied, no pack is sent.
    var sendsPack = true

    init(credentials: CredentialProvider?, emit: @escaping @Sendable (PublishEvent) -> Void) {
        self.emit = emit
        super.init(credentials: credentials)
    }

    /// Forgets the previous attempt's results.
    func beginAttempt() {
        rejections = []
        remoteLines = []
        rate = TransferRate()
        lastEmit = 0
        pushStart = ProcessInfo.processInfo.systemUptime
    }

    override func remoteLine(_ line: String, isProgress: Bool) {
        if !isProgress { remoteLines.append(line) }
        emit(.remoteLine(line, isProgress: isProgress))
    }

    override func transfer(_ stats: git_indexer_progress) -> Int32 {
        if let progress = TransferProgress.measure(
            stats, rate: &rate, now: ProcessInfo.processInfo.systemUptime, lastEmit: &lastEmit)
        {
            emit(.fetching(progress))
        }
        return isCancelled ? -1 : 0
    }

    func packing(current: Int, total: Int) -> Int32 {
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastEmit >= Self.interval || current == total {
            lastEmit = now
            emit(.packing(current: current, total: total))
        }
        return isCancelled ? -1 : 0
    }

    func sending(current: Int, total: Int, bytes: Int) -> Int32 {
        let now = ProcessInfo.processInfo.systemUptime
        if now - lastEmit >= Self.interval || current == total {
            lastEmit = now
            let elapsed = now - pushStart
            emit(
                .sending(
                    PushProgress(
                        current: current, total: total, bytes: sendsPack ? bytes : nil,
                        bytesPerSecond: sendsPack && elapsed > 0.2 ? Double(bytes) / elapsed : nil)))
        }
        return isCancelled ? -1 : 0
    }

    func refUpdated(_ ref: String, status: String?) -> Int32 {
        if let status { rejections.append((ref, status)) }
        return 0
    }

    /// Installs the remote callbacks plus the push ones on `callbacks`.
    func install(on callbacks: inout git_remote_callbacks, payload: UnsafeMutableRawPointer) {
        RemoteCallbacks.install(on: &callbacks, payload: payload)
        callbacks.pack_progress = { stage, current, total, payload in
            let session = Unmanaged<PushSession>.fromOpaque(payload!).takeUnretainedValue()
            return session.packing(current: Int(current), total: Int(total))
        }
        callbacks.push_transfer_progress = { current, total, bytes, payload in
            let session = Unmanaged<PushSession>.fromOpaque(payload!).takeUnretainedValue()
            return session.sending(current: Int(current), total: Int(total), bytes: bytes)
        }
        callbacks.push_update_reference = { ref, status, payload in
            let session = Unmanaged<PushSession>.fromOpaque(payload!).takeUnretainedValue()
            return session.refUpdated(ref.map { String(cString: $0) } ?? "", status: status.map { String(cString: $0) })
        }
    }
}
