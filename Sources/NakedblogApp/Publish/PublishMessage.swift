import GitOps
import Workflows

/// What publishing reports back to the app: its part of `AppMessage` (`.publish`), handled by
/// `App.handlePublish`, so a new publishing result edits this feature alone.
public enum PublishMessage: Sendable {
    /// The sheet for a publish, prepared off the loop.
    case sheetReady(PublishSheet)
    /// The build check for a publish of `post` is done.
    case checked(post: String, undraft: Bool, PublishCheck)
    case event(PublishEvent)
    case finished(PublishResult)
    /// Git failed (its kind decides: a conflict's resolution, the identity form, advice).
    case failed(GitError)
    /// Refused before git was asked (the post's place, the draft switch, a workflow's rule).
    case refused(AppFailure)
}
