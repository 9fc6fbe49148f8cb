import CGit2
import Foundation
import Synchronization

/// State shared with libgit2's remote callbacks during one network operation (clone, fetch,
/// push). Subclasses turn the callbacks into their own events. Lives on the worker thread; only
/// the cancel flag is touched from other threads (an `Atomic`). `@unchecked` because libgit2
/// calls back on that one thread with the session as its payload pointer, and a class handed to
/// C that way cannot be checked.
class RemoteSession: @unchecked Sendable {
    let credentials: CredentialProvider?
    /// The URL credentials are for: the one libgit2 names when it asks (fetch and push sessions
    /// do not know it up front), else the one given at the start.
    private(set) var url: String
    private let cancelFlag = Atomic<Bool>(false)
    private var sidebandLines = SidebandLines()
    private(set) var offered: HTTPCredential?
    private(set) var credentialAttempts = 0
    var certificateInvalidHost: String?

    init(credentials: CredentialProvider?, url: String = "") {
        self.credentials = credentials
        self.url = url
    }

    var isCancelled: Bool { cancelFlag.load(ordering: .relaxed) }
    func cancel() { cancelFlag.store(true, ordering: .relaxed) }

    /// Progress events at most every 50 ms (plus the last), so a slow consumer never falls behind.
    static let interval: TimeInterval = 0.05

    /// A whole line the remote printed. Subclasses forward it as an event.
    func remoteLine(_ line: String, isProgress: Bool) {}

    /// Objects received while fetching. Subclasses report it.
    func transfer(_ stats: git_indexer_progress) -> Int32 { isCancelled ? -1 : 0 }

    func sideband(_ text: String) -> Int32 {
        for (line, isProgress) in sidebandLines.feed(text) { remoteLine(line, isProgress: isProgress) }
        return isCancelled ? -1 : 0
    }

    func flushSideband() {
        if let (line, isProgress) = sidebandLines.flush() { remoteLine(line, isProgress: isProgress) }
    }

    /// One attempt per operation: a second request means the first credential was refused.
    func credential(for requestURL: String?, username: String?) -> HTTPCredential? {
        if let requestURL, !requestURL.isEmpty, credentialAttempts == 0 { url = requestURL }
        credentialAttempts += 1
        if let offered, credentialAttempts > 1 {
            credentials?.reject(offered, for: url)
            return nil
        }
        offered = credentials?.credential(for: url, username: username)
        return offered
    }

    /// The server accepted what was offered: let the helpers store it.
    func approveOffered() {
        if let offered { credentials?.approve(offered, for: url) }
    }

    /// Improves libgit2's error with what this session saw (cancel, TLS, credentials, host key).
    func refine(_ error: GitError, transport: GitURL?, environment: [String: String]) -> GitError {
        var error = error
        if isCancelled {
            return GitError(
                kind: .cancelled, operation: error.operation, code: error.code, message: "the operation was cancelled")
        }
        if let host = certificateInvalidHost {
            return GitError(
                kind: .other, operation: error.operation, code: error.code,
                message: "the TLS certificate of \(host) is not trusted (\(error.message))")
        }
        if case .authenticationFailed = error.kind {
            return GitError(
                kind: .authenticationFailed(tried: [credentials?.description ?? "no credentials"]),
                operation: error.operation, code: error.code, message: error.message)
        }
        if error.kind == .hostKeyUnknown || error.kind == .hostKeyMismatch, let destination = transport?.sshDestination
        {
            error.hostKey = HostKeys.fetch(destination: destination, port: transport?.port, environment: environment)
        }
        return error
    }
}

/// The C callbacks shared by clone, fetch and push: non-capturing, the session arrives as the payload.
enum RemoteCallbacks {
    static func session(_ payload: UnsafeMutableRawPointer?) -> RemoteSession {
        Unmanaged<RemoteSession>.fromOpaque(payload!).takeUnretainedValue()
    }

    /// Installs sideband, transfer, credential and certificate callbacks with `payload`
    /// (an unretained `RemoteSession` the caller keeps alive).
    static func install(on callbacks: inout git_remote_callbacks, payload: UnsafeMutableRawPointer) {
        callbacks.payload = payload
        callbacks.sideband_progress = { text, length, payload in
            guard let text else { return 0 }
            let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
            return RemoteCallbacks.session(payload).sideband(String(decoding: bytes, as: UTF8.self))
        }
        callbacks.transfer_progress = { stats, payload in
            guard let stats else { return 0 }
            return RemoteCallbacks.session(payload).transfer(stats.pointee)
        }
        callbacks.credentials = { out, url, username, allowed, payload in
            let session = RemoteCallbacks.session(payload)
            guard allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 else {
                git_error_set_str(
                    Int32(GIT_ERROR_NET.rawValue), "the server asked for a kind of credential nakedblog cannot supply")
                return GIT_EAUTH.rawValue
            }
            guard
                let credential = session.credential(
                    for: url.map { String(cString: $0) },
                    username: username.map { String(cString: $0) })
            else {
                git_error_set_str(Int32(GIT_ERROR_HTTP.rawValue), "authentication failed")
                return GIT_EAUTH.rawValue
            }
            return git_credential_userpass_plaintext_new(out, credential.username, credential.password)
        }
        callbacks.certificate_check = { cert, valid, host, payload in
            if valid == 0 { RemoteCallbacks.session(payload).certificateInvalidHost = host.map { String(cString: $0) } }
            // GIT_PASSTHROUGH keeps libgit2's verdict (a positive value would accept any certificate).
            return GIT_PASSTHROUGH.rawValue
        }
    }
}
