/// What a git failure means for the user, in one paragraph: the likely cause, what to do, and
/// libgit2's own words. One wording for every command and the app (`GitFailure` prefixes what
/// failed and picks the exit code; the clone screen shows it as it is).
public enum GitErrorAdvice {
    /// `url`: the remote, for transport-specific advice; `interactive`: whether someone could
    /// have been asked (an unknown host key).
    public static func explain(_ error: GitError, url: GitURL?, interactive: Bool) -> String {
        let detail = error.message
        switch error.kind {
        case .cancelled:
            return "interrupted."
        case .hostKeyMismatch:
            return """
                the SSH host key of this server has CHANGED since you last connected. \
                This can mean someone is intercepting the connection. nakedblog refuses to continue. \
                If the server's key really changed, remove the old entry with `ssh-keygen -R <host>` \
                (check the new fingerprint with the server's owner first). \(detail)
                """
        case .hostKeyUnknown:
            let key =
                error.hostKey.map { "The server offered a \($0.type) key with fingerprint \($0.fingerprint). " } ?? ""
            return """
                the SSH host key of this server is not known. \(key)\
                \(interactive ? "" : "There is no terminal to ask you, so nothing was trusted. ")\
                If the fingerprint is right, run again with --accept-new-host-key (or connect once with `ssh`).
                """
        case .authenticationFailed(let tried):
            let methods = tried.isEmpty ? "" : " Tried: \(tried.joined(separator: ", "))."
            let fix =
                url?.transport == .ssh
                ? "Check that your key is loaded (`ssh-add -l`) or named in ~/.ssh/config, and that `ssh -T \(url?.sshDestination ?? "host")` works."
                : "Store a token with your git credential helper (`git credential approve`), or put the username in the URL and try again."
            return "the server refused the credentials.\(methods) \(fix) (\(detail))"
        case .notFound:
            return "the repository was not found. Check the URL's path (and that you have access to it). (\(detail))"
        case .damagedRepository:
            return
                "the repository is damaged (an object is missing or corrupt); the URL is right. Ask whoever hosts it to repair it (`git fsck` there), or publish from a healthy clone. (\(detail))"
        case .networkUnreachable:
            return
                "the server could not be reached. Check the host name and port, your network, and that the server is running. (\(detail))"
        case .conflict:
            return "\(detail)."
        case .rejectedByRemote:
            return "\(detail). Your commit is kept locally."
        default:
            if detail.contains("certificate") || detail.contains("TLS") || detail.contains("SSL") {
                return
                    "\(detail). If the server uses a private certificate authority, point GIT_SSL_CAINFO at its certificate (PEM)."
            }
            return detail
        }
    }
}
