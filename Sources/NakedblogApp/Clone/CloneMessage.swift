import GitOps

/// What cloning reports back to the app: its part of `AppMessage` (`.clone`), handled by
/// `App.handleClone`.
public enum CloneMessage: Sendable {
    /// A URL from the start screen can be cloned, into `target`.
    case urlChecked(url: String, target: String, remote: GitURL)
    /// … or cannot, and why.
    case urlRefused(String)
    case event(CloneEvent)
    /// Git failed (its kind decides: cancelled, an unknown host key, advice).
    case failed(GitError)
    /// Refused before git was asked (a restricted session, a bad URL or target).
    case refused(AppFailure)
}
