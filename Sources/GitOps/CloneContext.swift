import CGit2
import Foundation
import Synchronization

/// State shared with libgit2's callbacks during one clone. Lives on the worker thread; only
/// `cancelled` is touched from other threads.
final class CloneContext: @unchecked Sendable {
    let continuation: AsyncThrowingStream<CloneEvent, Error>.Continuation
    let credentials: CredentialProvider?
    let url: String
    private let cancelFlag = Atomic<Bool>(false)
    private var sideband = SidebandLines()
    private var rate = TransferRate()
    private var lastTransferEmit: TimeInterval = 0
    private var lastCheckoutEmit: TimeInterval = 0
    private(set) var offered: HTTPCredential?
    private(set) var credentialAttempts = 0
    var certificateInvalidHost: String?

    init(continuation: AsyncThrowingStream<CloneEvent, Error>.Continuation, credentials: CredentialProvider?, url: String) {
        self.continuation = continuation
        self.credentials = credentials
        self.url = url
    }

    var isCancelled: Bool { cancelFlag.load(ordering: .relaxed) }
    func cancel() { cancelFlag.store(true, ordering: .relaxed) }

    /// Events at most every 50 ms (plus the last), so a slow consumer never falls behind.
    private static let interval: TimeInterval = 0.05

    func sideband(_ text: String) -> Int32 {
        for (line, isProgress) in sideband.feed(text) { continuation.yield(.remoteLine(line, isProgress: isProgress)) }
        return isCancelled ? -1 : 0
    }

    func transfer(_ stats: git_indexer_progress) -> Int32 {
        let now = ProcessInfo.processInfo.systemUptime
        let (bytesPerSecond, eta) = rate.update(bytes: Int(stats.received_bytes), objects: Int(stats.received_objects),
                                                totalObjects: Int(stats.total_objects), now: now)
        let done = stats.total_objects > 0 && stats.received_objects == stats.total_objects && stats.indexed_deltas == stats.total_deltas
        if now - lastTransferEmit >= Self.interval || done {
            lastTransferEmit = now
            continuation.yield(.transfer(TransferProgress(
                receivedObjects: Int(stats.received_objects), totalObjects: Int(stats.total_objects),
                indexedObjects: Int(stats.indexed_objects), indexedDeltas: Int(stats.indexed_deltas),
                totalDeltas: Int(stats.total_deltas), receivedBytes: Int(stats.received_bytes),
                bytesPerSecond: bytesPerSecond, secondsRemaining: eta)))
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

    func flushSideband() {
        if let (line, isProgress) = sideband.flush() { continuation.yield(.remoteLine(line, isProgress: isProgress)) }
    }

    /// One attempt per clone: a second request means the first credential was refused.
    func credential(username: String?) -> HTTPCredential? {
        credentialAttempts += 1
        if let offered, credentialAttempts > 1 {
            credentials?.reject(offered, for: url)
            return nil
        }
        offered = credentials?.credential(for: url, username: username)
        return offered
    }
}

/// The C callbacks: non-capturing, the context arrives as the payload.
enum CloneCallbacks {
    static func context(_ payload: UnsafeMutableRawPointer?) -> CloneContext {
        Unmanaged<CloneContext>.fromOpaque(payload!).takeUnretainedValue()
    }

    static func install(on options: inout git_clone_options, payload: UnsafeMutableRawPointer) {
        options.fetch_opts.callbacks.payload = payload
        options.fetch_opts.callbacks.sideband_progress = { text, length, payload in
            guard let text else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            return CloneCallbacks.context(payload).sideband(String(decoding: bytes, as: UTF8.self))
        }
        options.fetch_opts.callbacks.transfer_progress = { stats, payload in
            guard let stats else { return 0 }
            return CloneCallbacks.context(payload).transfer(stats.pointee)
        }
        options.fetch_opts.callbacks.credentials = { out, url, username, allowed, payload in
            let context = CloneCallbacks.context(payload)
            guard allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else {
                git_error_set_str(Int32(GIT_ERROR_NET.rawValue), "the server asked for a kind of credential nakedblog cannot supply")
                return GIT_EAUTH.rawValue
            }
            guard let credential = context.credential(username: username.map { String(cString: $0) }) else {
                git_error_set_str(Int32(GIT_ERROR_HTTP.rawValue), "authentication failed")
                return GIT_EAUTH.rawValue
            }
            return git_credential_userpass_plaintext_new(out, credential.username, credential.password)
        }
        options.fetch_opts.callbacks.certificate_check = { cert, valid, host, payload in
            if valid == 0 { CloneCallbacks.context(payload).certificateInvalidHost = host.map { String(cString: $0) } }
            // GIT_PASSTHROUGH keeps libgit2's verdict (a positive value would accept any certificate).
            return GIT_PASSTHROUGH.rawValue
        }
        options.checkout_opts.progress_payload = payload
        options.checkout_opts.progress_cb = { path, completed, total, payload in
            CloneCallbacks.context(payload).checkout(path: path.map { String(cString: $0) }, completed: Int(completed), total: Int(total))
        }
    }
}
