import Foundation
import GitOps

/// Turns git errors from any command into one paragraph for the user (what failed, likely
/// cause, what to do) and the documented exit code.
enum GitFailure {
    /// `what`: e.g. "publishing failed". `url`: the remote, for transport-specific advice.
    static func explain(_ error: GitError, what: String, url: GitURL?, interactive: Bool) -> UserFacingError {
        let detail = error.message
        switch error.kind {
        case .cancelled:
            return UserFacingError("\(what): interrupted.", exitCode: ExitCodes.interrupted)
        case .hostKeyMismatch:
            return UserFacingError("""
            \(what): the SSH host key of this server has CHANGED since you last connected. \
            This can mean someone is intercepting the connection. nakedblog refuses to continue. \
            If the server's key really changed, remove the old entry with `ssh-keygen -R <host>` \
            (check the new fingerprint with the server's owner first). \(detail)
            """, exitCode: ExitCodes.authentication)
        case .hostKeyUnknown:
            let key = error.hostKey.map { "The server offered a \($0.type) key with fingerprint \($0.fingerprint). " } ?? ""
            return UserFacingError("""
            \(what): the SSH host key of this server is not known. \(key)\
            \(interactive ? "" : "There is no terminal to ask you, so nothing was trusted. ")\
            If the fingerprint is right, run again with --accept-new-host-key (or connect once with `ssh`).
            """, exitCode: ExitCodes.authentication)
        case .authenticationFailed(let tried):
            let methods = tried.isEmpty ? "" : " Tried: \(tried.joined(separator: ", "))."
            let fix = url?.transport == .ssh
                ? "Check that your key is loaded (`ssh-add -l`) or named in ~/.ssh/config, and that `ssh -T \(url?.sshDestination ?? "host")` works."
                : "Store a token with your git credential helper (`git credential approve`), or put the username in the URL and try again."
            return UserFacingError("\(what): the server refused the credentials.\(methods) \(fix) (\(detail))",
                                   exitCode: ExitCodes.authentication)
        case .notFound:
            return UserFacingError("\(what): the repository was not found. Check the URL's path (and that you have access to it). (\(detail))",
                                   exitCode: ExitCodes.unreachable)
        case .networkUnreachable:
            return UserFacingError("\(what): the server could not be reached. Check the host name and port, your network, and that the server is running. (\(detail))",
                                   exitCode: ExitCodes.unreachable)
        case .conflict:
            return UserFacingError("\(what): \(detail).", exitCode: ExitCodes.conflict)
        case .rejectedByRemote:
            // The remote's own lines were printed as they came (`remote: …`), as git prints them.
            return UserFacingError("\(what): \(detail). Your commit is kept locally.")
        default:
            if detail.contains("certificate") || detail.contains("TLS") || detail.contains("SSL") {
                return UserFacingError("\(what): \(detail). If the server uses a private certificate authority, point GIT_SSL_CAINFO at its certificate (PEM).")
            }
            return UserFacingError("\(what): \(detail)")
        }
    }
}
