import Blog
import Foundation
import GitOps
import Preview
import TUI
import Workflows

/// The publish sheet: what will be published, then the progress, then the outcome.
public struct PublishSheet: Sendable {
    public enum Phase: Sendable, Equatable {
        case confirm
        case running(step: String, fraction: Double?)
        case failed(String)
        /// git has no user.name / user.email: ask for them (written to ~/.gitconfig), then retry.
        case identity(name: TextField, email: TextField, focus: Int)
        /// Files both sides changed, the one selected, and how each is resolved so far.
        case conflict(files: [String], selected: Int)
        case done(String)
    }

    /// Site-relative post file; nil publishes what is unpushed.
    public var post: String?
    /// Repository-relative bundle directory or file committed.
    public var commitPath: String?
    public var title: String
    public var files: [(path: String, change: String)]
    public var changedKeys: [String]
    public var wasDraft: Bool
    /// Publishing it as a post moves its file (a Jekyll draft goes to `_posts/`), rather than
    /// setting `draft: false`.
    public var draftMoves = false
    /// The post was made a draft since its last publish: this publish takes it off the site.
    public var takesOffSite = false
    /// The site can keep an old address as a redirect (`aliases`, or Jekyll's jekyll-redirect-from).
    public var keepsOldAddress = false
    public var setDraftFalse: Bool
    public var message: TextField
    public var phase: Phase = .confirm
    public var remoteLines: [String] = []
    /// The site's directory inside the repository ("" when the site is the repository's root):
    /// repository paths minus this are site paths.
    public var sitePrefix = ""
    /// Conflict resolutions chosen so far (repository paths).
    public var resolutions: [String: Publisher.FileResolution] = [:]
    /// Both sides of each conflicting file, once read (`SiteTask.loadConflictSides`).
    var conflictSides: ConflictSides?
    /// What the publish changes in what the site reads: a refusal (Enter then opens the post at
    /// its line; Ctrl-F publishes anyway) and warnings.
    public var review = PublishReview()
    /// The build check (`PublishCheck`), run in the background as soon as the sheet opens.
    public var check: CheckState = .notRun
    /// Enter was pressed while the check ran: publish when it passes.
    public var publishWhenChecked = false
    /// Misspelled words in the post (a warning; nil when not checked: no dictionary, spelling off).
    public var misspelled: Int?
    /// Pictures without alt text or too heavy (warnings).
    public var pictureWarnings: [String] = []
    /// The address that stops existing with this publish (an unpublish).
    public var stopsAddress: String?
    /// The post's links that lead nowhere (a warning each, with the line and a suggestion).
    public var brokenLinks: [LinkProblem] = []

    public enum CheckState: Sendable, Equatable {
        case notRun
        case running(generator: String)
        case done(PublishCheck)

        public var isRunning: Bool { if case .running = self { return true }; return false }
    }

    /// The check is still running.
    public var checkIsRunning: Bool { check.isRunning }

    /// The finished check's verdict refuses the publish.
    public var checkRefuses: Bool {
        if case .done(let check) = check { return check.refuses }
        return false
    }

    public init(
        post: String?, commitPath: String?, title: String, files: [(path: String, change: String)],
        changedKeys: [String], wasDraft: Bool, message: String
    ) {
        self.post = post
        self.commitPath = commitPath
        self.title = title
        self.files = files
        self.changedKeys = changedKeys
        self.wasDraft = wasDraft
        setDraftFalse = wasDraft
        self.message = TextField(message)
    }

    public var isRunning: Bool { if case .running = phase { return true }; return false }
}

extension PublishSheet {
    /// The sheet for a prepared publish (`PublishPreparation`): what it commits and says.
    init(_ prepared: PublishPreparation) {
        self.init(
            post: prepared.post, commitPath: prepared.commitPath, title: prepared.page.title, files: prepared.files,
            changedKeys: prepared.page.changedKeys, wasDraft: prepared.wasDraft, message: prepared.message)
        sitePrefix = prepared.paths.prefix
        keepsOldAddress = prepared.keepsOldAddress
        review = prepared.review
        brokenLinks = prepared.brokenLinks
        pictureWarnings = prepared.pictureWarnings
        if prepared.draftMoves {
            setDraftFalse = prepared.wasDraft
            draftMoves = true
        }
        // Made a draft since it was published: the publish takes it off the site, as asked.
        if prepared.takesOffSite { setDraftFalse = false }
        takesOffSite = prepared.takesOffSite
    }
}
