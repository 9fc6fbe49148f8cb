import Blog
import Foundation
import GitOps
import Preview
import TUI

/// Everything that can happen to the app: keys, sizes, time, and results of effects.
public enum AppMessage: Sendable {
    case key(KeyEvent)
    case resized(columns: Int, rows: Int)
    case tick(TimeInterval)
    /// A bracketed paste is still arriving: this many bytes so far.
    case pasteArriving(bytes: Int)
    /// The site read (`readAt`: the wall-clock time it was read, for scheduled/expired statuses;
    /// `update` never reads the clock).
    /// The site read (or some of its pages read again), with the browser's list made off the
    /// loop (`BrowseState.prepared`).
    case siteLoaded(Site, BrowseState, readAt: Date)
    /// A `SiteTask` is done: its result, which knows how it lands.
    case changed(StateChange)
    /// Files or folders of the site (site-relative) changed on disk, made by something else.
    case postsChangedOnDisk([String])
    /// The posts whose text (front matter and body) contains `query`, case ignored.
    case bodyMatches(query: String, paths: Set<String>)
    /// The site could not be opened (`AppFailure` of kind `.openSite`), and why.
    case siteFailed(AppFailure)
    /// `folder` is no site but holds these (absolute paths): the writer picks one.
    case sitesFound(in: String, [String])
    case gitStatus(GitSummary)
    /// The list after a few posts were read again (`paths`, site-relative).
    case postsRefreshed(Site, BrowseState, paths: [String], readAt: Date)
    /// The uncommitted changes under `paths` (site-relative files or bundle folders), and
    /// nothing else: what a save changed, without a status of the whole work tree.
    case gitChangesRefreshed(under: [String], changes: [String: FileChange])
    case fetched(behind: Int, problem: String?)
    case postOpened(path: String, text: String, stamp: FileStamp?, at: OpenAt = .lastPlace)
    /// The post just opened is open in another author's session: it is shown read-only.
    case postBeingEdited(path: String, by: String)
    /// The post is shown but may not be changed in this session (another author's, on a shared server).
    case postReadOnly(path: String, because: String)
    /// The post in the editor, read again after a publish changed it on disk.
    case postReloaded(path: String, text: String, stamp: FileStamp?)
    /// Something asked for did not happen (`AppFailure` says what and why).
    case failed(AppFailure)
    /// A document's words counted and preview rendered (width nil: none) off the loop
    /// (`AppEffect.renderPreview`); `window`: only those lines were rendered (and no words counted).
    case previewRendered(
        path: String, revision: Int, width: Int?, lines: [PreviewLine], words: Int?, window: Range<Int>?)
    case saved(path: String, stamp: FileStamp?, revision: Int)
    /// `note`: what the writer should know (the site's archetype was refused, the built-in one used).
    case postCreated(path: String, note: String? = nil)
    /// A post made a draft or not; `movedFrom` when that moved its file (Jekyll).
    case draftToggled(path: String, movedFrom: String?)
    case editorReturned(path: String)
    /// Unsaved text from an earlier session was found for the post just opened.
    case recoveryFound(path: String, text: String, changedLines: Int)
    /// Saving stopped: the file changed on disk since it was opened.
    case saveConflict(path: String)
    case showMessage(title: String, lines: [String])
    /// Publishing's results (`PublishMessage`, handled in `App+Publish`).
    case publish(PublishMessage)
    /// Cloning's results (`CloneMessage`, handled in `App+Clone`).
    case clone(CloneMessage)
    /// Spell-checking's results (`SpellingMessage`, handled in `App+Spelling`).
    case spelling(SpellingMessage)
    /// SIGTERM / SIGHUP: keep unsaved text and leave.
    case terminated
    /// A server asks for a username and password (HTTPS) and the helpers had none.
    case credentialsNeeded(url: String, username: String?)
    /// A conflicting file (repository path) with its markers, ready to edit.
    case conflictLoaded(path: String, text: String)
    /// An image was copied into the post's bundle: insert its reference.
    /// An image copied for the post at `path`: its file name, the link to insert, the folder it went to.
    /// `note`: what fitting it did ("4000×3000, 7.2 MB → 2000×1500, 310 KB"), or why it did not.
    case imageCopied(path: String, name: String, link: String, folder: String, note: String? = nil)
}

/// What `update` asks the outside world to do; the effect runner turns each into work that
/// sends messages back.
public enum AppEffect: Sendable, Equatable {
    case loadSite(String)
    /// Renders a preview on the preview queue (at most one in flight: `App.refreshPreview`).
    case renderPreview(PreviewJob)
    /// Re-reads only `paths` (saved, created, toggled) into `index` (what the browser holds);
    /// the result comes back as `siteLoaded`. A whole-site read costs a listing per keystroke save.
    case refreshPosts(PostIndex, paths: [String], criteria: BrowseState.Criteria)
    case refreshGit
    /// Git status of these site-relative paths only (their bundles for bundle pages).
    case refreshGitPaths([String])
    case fetch
    case sync
    case openPost(String, at: OpenAt = .lastPlace)
    /// Reads the post in the editor again without showing it (`postReloaded`).
    case reloadPost(String)
    /// Saves atomically; refuses (`saveConflict`) when the file on disk is no longer `expected`,
    /// unless `overwrite`.
    case save(path: String, text: String, revision: Int, expected: FileStamp? = nil, overwrite: Bool = false)
    case writeJournal(path: String, text: String)
    case discardJournal(path: String)
    case createPost(NewPostRequest)
    /// `ignoringWords`: words ignored this session, left out of the sheet's misspelling count.
    case preparePublish(post: String?, ignoringWords: [String] = [])
    /// The editor left `path` (another session may now edit it).
    case releasePost(String)
    /// Builds the site as it will be after publishing `post` (see `PublishCheck`).
    case runPublishCheck(post: String, undraft: Bool)
    /// Stops the build check that is running (its generator's whole process group) and deletes its copy.
    case stopPublishCheck
    case publish(
        commitPath: String?, post: String?, message: String, setDraftFalse: Bool, resolve: Publisher.ConflictResolution?
    )
    /// Loads a conflicting file with conflict markers, to resolve it by hand.
    case loadConflict(path: String)
    case startClone(url: String, target: String)
    /// Parse a URL typed on the start screen (the file system is asked whether it is a folder).
    case checkCloneURL(url: String, directory: String)
    case cancelClone
    case trustHostKey(HostKey)
    case toggleDraft(String)
    case copyToClipboard(String)
    case runExternalEditor(String)
    case rememberSite(String)
    case suspend
    /// The sign-in dialog's answer (nil: cancelled).
    case answerCredentials(username: String?, password: String?)
    case setIdentity(name: String, email: String)
    case copyImage(source: String, post: String)
    /// Work a feature asks for on the open site and lands itself (`SiteTask`).
    case perform(SiteTask)
    /// Searches the text of the posts at `paths` (site-relative) for `query`, case ignored;
    /// answered by `bodyMatches` (a newer search makes an older one stop).
    case searchBodies(query: String, paths: [String])
    /// Spell-checks the post in the editor off the loop (at most one check in flight).
    case checkSpelling(SpellJob)
    /// Adds `word` to the site's word list (`toSite`) or the writer's personal dictionary for
    /// `language`.
    case acceptWord(String, language: String, toSite: Bool)
    case quit
}
