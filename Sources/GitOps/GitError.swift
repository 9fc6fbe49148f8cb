import CGit2

/// An error from a libgit2 call, copied out of libgit2's thread-local error state.
public struct GitError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, in the terms the UI switches on.
    public enum Kind: Sendable, Equatable {
        case cancelled
        /// Authentication failed; `tried` lists the methods attempted (e.g. "ssh-agent", "~/.ssh/id_ed25519").
        case authenticationFailed(tried: [String])
        case hostKeyUnknown
        case hostKeyMismatch
        case notFound
        /// The remote (or local) repository is there but damaged: a missing or corrupt object,
        /// a broken pack. Not "not found": the URL is right.
        case damagedRepository
        case networkUnreachable
        case rejectedByRemote
        case nonFastForward
        case conflict
        /// `user.name` / `user.email` are not configured.
        case identityMissing
        /// `commit.gpgsign` is set and signing failed (nothing was committed).
        case signingFailed
        /// The repository is in a state the operation cannot work in (detached HEAD, bare,
        /// a merge or rebase in progress, no remote).
        case unsupportedState
        /// Incoming commits change files that have uncommitted edits.
        case wouldOverwrite
        case other
    }

    public let kind: Kind
    /// The libgit2 function (or our operation) that failed, e.g. "git_clone".
    public let operation: String
    /// libgit2's error class (`git_error_t`), 0 when none was set.
    public let errorClass: Int32
    /// libgit2's return code (`git_error_code`).
    public let code: Int32
    /// libgit2's message, or ours.
    public let message: String
    /// For host-key refusals: the key the server offered (when it could be fetched).
    public var hostKey: HostKey?
    /// Paths involved: conflicting files, or edited files incoming commits would overwrite.
    public var paths: [String] = []
    /// What the remote printed (its hooks' output), verbatim.
    public var remoteMessages: [String] = []

    public init(
        kind: Kind, operation: String, errorClass: Int32 = 0, code: Int32 = -1, message: String, hostKey: HostKey? = nil
    ) {
        self.kind = kind
        self.operation = operation
        self.errorClass = errorClass
        self.code = code
        // libgit2 and ssh quote URLs in their messages: never a password on a screen or in a log.
        self.message = URLRedaction.redact(message)
        self.hostKey = hostKey
    }

    public var description: String { "\(operation): \(message)" }
}

/// The one error funnel: call right after every libgit2 call, on the same thread.
///
/// A negative status reads `git_error_last()` (thread-local), clears it and throws.
@discardableResult
func check(_ status: Int32, _ operation: String) throws(GitError) -> Int32 {
    guard status < 0 else { return status }
    throw GitError.fromLastError(code: status, operation: operation)
}

extension GitError {
    /// Builds an error from libgit2's thread-local last error. Must run on the thread that made the call.
    static func fromLastError(code: Int32, operation: String) -> GitError {
        var klass: Int32 = 0
        var message = "libgit2 returned \(code)"
        // libgit2 1.8 and later never return NULL: "no error" has the class GIT_ERROR_NONE (0).
        if let last = git_error_last(), last.pointee.klass != 0 {
            klass = last.pointee.klass
            if let text = last.pointee.message { message = String(cString: text) }
        }
        git_error_clear()
        return GitError(
            kind: classify(code: code, errorClass: klass, message: message),
            operation: operation, errorClass: klass, code: code, message: message)
    }

    static func classify(code: Int32, errorClass: Int32, message: String) -> Kind {
        let lowered = message.lowercased()
        if [
            "object not found", "bad object", "corrupt", "inflate", "packfile", "invalid pack", "unpack failed",
            "did not send all necessary objects",
            "missing blob", "missing tree", "missing commit", "incorrect header check", "failed to read object",
            "is not a valid object",
        ]
        .contains(where: { lowered.contains($0) }) {
            return .damagedRepository
        }
        switch code {
        case GIT_EUSER.rawValue: return .cancelled
        case GIT_EAUTH.rawValue: return .authenticationFailed(tried: [])
        case GIT_ECERTIFICATE.rawValue: return .hostKeyUnknown
        case GIT_ENOTFOUND.rawValue: return .notFound
        case GIT_ENONFASTFORWARD.rawValue: return .nonFastForward
        case GIT_ECONFLICT.rawValue, GIT_EMERGECONFLICT.rawValue: return .conflict
        default: break
        }
        let lower = message.lowercased()
        if lower.contains("remote host identification has changed")
            || lower.contains("host key for") && lower.contains("has changed")
        {
            return .hostKeyMismatch
        }
        if lower.contains("host key verification failed") || lower.contains("no ed25519 host key is known")
            || lower.contains("host key is known for") || lower.contains("and you have requested strict checking")
        {
            return .hostKeyUnknown
        }
        if lower.contains("permission denied (") || lower.contains("authentication")
            || lower.contains("too many authentication failures")
        {
            return .authenticationFailed(tried: [])
        }
        if lower.contains("not found") || lower.contains("does not appear to be a git repository")
            || lower.contains("no such repository")
            || lower.contains("404") || lower.contains("no such file or directory")
            || lower.contains("could not find repository")
        {
            return .notFound
        }
        if lower.contains("could not resolve") || lower.contains("failed to resolve")
            || lower.contains("connection refused")
            || lower.contains("unreachable") || lower.contains("timed out") || lower.contains("failed to connect")
            || lower.contains("connection closed by remote") || lower.contains("name or service not known")
        {
            return .networkUnreachable
        }
        return .other
    }
}
