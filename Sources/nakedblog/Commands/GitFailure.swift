import Foundation
import GitOps

/// Turns git errors from any command into one paragraph for the user (what failed, then
/// `GitErrorAdvice`: likely cause, what to do) and the documented exit code.
enum GitFailure {
    /// `what`: e.g. "publishing failed". `url`: the remote, for transport-specific advice.
    static func explain(_ error: GitError, what: String, url: GitURL?, interactive: Bool) -> UserFacingError {
        let advice = "\(what): " + GitErrorAdvice.explain(error, url: url, interactive: interactive)
        switch error.kind {
        case .cancelled: return UserFacingError(advice, exitCode: ExitCodes.interrupted)
        case .hostKeyMismatch, .hostKeyUnknown, .authenticationFailed:
            return UserFacingError(advice, exitCode: ExitCodes.authentication)
        case .notFound, .networkUnreachable: return UserFacingError(advice, exitCode: ExitCodes.unreachable)
        case .conflict: return UserFacingError(advice, exitCode: ExitCodes.conflict)
        default: return UserFacingError(advice)
        }
    }
}
