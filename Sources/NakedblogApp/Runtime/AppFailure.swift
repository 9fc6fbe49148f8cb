import Workflows

/// Why something the writer asked for did not happen: what it was (which names the message
/// box) and the reason, worded once here for every effect that fails.
public struct AppFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What could not be done.
    public enum What: Sendable, Equatable {
        case openPost, savePost, createPost, changeDraft, addImage, keepOldAddress, publish, loadConflict
        case setIdentity, noIdentity, suspend, externalEditor, noSite
        case unpublish, undoPublish, writeNote, removePicture, siteGone, openSite, clone
    }

    public let what: What
    public let reason: String

    public init(_ what: What, _ reason: String) {
        self.what = what
        self.reason = reason
    }

    /// A workflow's error, for `what`.
    public init(_ what: What, _ error: WorkflowError) { self.init(what, error.description) }

    public var description: String { reason }

    /// The message box's title.
    public var title: String {
        switch what {
        case .openPost: "Cannot open the post"
        case .savePost: "Not saved"
        case .createPost: "Cannot create the post"
        case .changeDraft: "Cannot change the draft state"
        case .addImage: "Cannot add this image"
        case .keepOldAddress: "Cannot keep the old address"
        case .publish: "Cannot publish this post"
        case .loadConflict: "Cannot load the conflict"
        case .setIdentity: "Cannot save your git identity"
        case .noIdentity: "No git identity"
        case .externalEditor: "Not available"
        case .suspend: "Not available"
        case .noSite: "No site is open"
        case .unpublish: "Cannot take the post off the site"
        case .undoPublish: "Cannot undo the publish"
        case .writeNote: "Cannot write the note"
        case .removePicture: "Cannot remove the picture"
        case .siteGone: "Cannot do this"
        case .openSite: "Cannot open the site"
        case .clone: "Cannot clone"
        }
    }

    /// The message box's lines.
    public var lines: [String] {
        what == .savePost ? [reason, "", "Your text is still in the editor."] : [reason]
    }
}
