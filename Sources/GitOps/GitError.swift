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
        case networkUnreachable
        case rejectedByRemote
        case nonFastForward
        case conflict
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

    public init(kind: Kind, operation: String, errorClass: Int32 = 0, code: Int32 = -1, message: String) {
        self.kind = kind
        self.operation = operation
        self.errorClass = errorClass
        self.code = code
        self.message = message
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
        if let last = git_error_last() {
            klass = last.pointee.klass
            if let text = last.pointee.message { message = String(cString: text) }
        }
        git_error_clear()
        return GitError(kind: classify(code: code, errorClass: klass, message: message),
                        operation: operation, errorClass: klass, code: code, message: message)
    }

    static func classify(code: Int32, errorClass: Int32, message: String) -> Kind {
        switch code {
        case GIT_EUSER.rawValue: return .cancelled
        case GIT_EAUTH.rawValue: return .authenticationFailed(tried: [])
        case GIT_ECERTIFICATE.rawValue: return .hostKeyUnknown
        case GIT_ENOTFOUND.rawValue: return .notFound
        case GIT_ENONFASTFORWARD.rawValue: return .nonFastForward
        case GIT_ECONFLICT.rawValue, GIT_EMERGECONFLICT.rawValue: return .conflict
        default: break
        }
        if errorClass == GIT_ERROR_NET.rawValue || errorClass == GIT_ERROR_SSH.rawValue
            || errorClass == GIT_ERROR_HTTP.rawValue || errorClass == GIT_ERROR_OS.rawValue {
            let lower = message.lowercased()
            if lower.contains("not found") || lower.contains("does not appear to be a git repository")
                || lower.contains("404") {
                return .notFound
            }
            if lower.contains("connect") || lower.contains("resolve") || lower.contains("unreachable")
                || lower.contains("timed out") {
                return .networkUnreachable
            }
        }
        return .other
    }
}
