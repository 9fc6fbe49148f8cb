import Blog
import Foundation
import GitOps
import TUI

/// Everything the app shows, as a value: `update` changes it, `render` draws it.
public struct AppState: Sendable {
    /// Which full screen is up.
    public enum Page: Sendable, Equatable { case start, clone, browse, editor }

    public var columns: Int
    public var rows: Int
    public var page: Page
    public var start = StartState()
    public var clone: CloneState?
    public var browse = BrowseState()
    public var editor: EditorScreen?
    /// A box over the page (help, new post, publish, confirmations), at most one.
    public var overlay: Overlay?
    public var toast: Toast?
    var toastExpires: TimeInterval = 0
    /// Pictures in the preview: how the terminal draws them, the drawings kept.
    public var pictures = PictureState()
    /// The open site and its git state.
    public var site: Site?
    public var git = GitSummary()
    /// The publish sheet, in whatever phase: shown (`overlay == .publish`), or hidden while its
    /// publish runs or while one of its conflicts is edited by hand. The one place it lives: a
    /// running publish is never cancelled by leaving a screen.
    public var publish: PublishSheet?
    public var shouldQuit = false
    /// Why the app ended on its own (restricted: the author's site stopped opening), for the
    /// front end to print once the terminal is restored.
    public internal(set) var exitProblem: String?
    /// The key bindings (defaults, or the user's config file).
    public var keys = KeyBindings.defaults
    /// Columns between the editor's tab stops (the config file's `tab_width`).
    public var tabWidth = 4
    /// Misspelled words are underlined in the editor (the config file's `spelling`).
    public var spelling = true
    /// Words the writer chose to ignore until the app quits (every post of the session).
    var ignoredWords: Set<String> = []
    /// `--restricted`: the app on one site for an author on a shared server; no hand-off to
    /// `$EDITOR`, no suspend, no other site (see `App.restrict`).
    public private(set) var restricted = false
    /// `--author`, shown in the status bar (the commits' author is the effect runner's).
    public var author: String?
    /// Keys whose actions restricted mode turned off, per screen: pressing one says so (the
    /// browser's `e` is off; in the editor `e` is a letter).
    var unavailableBrowseKeys: [KeyEvent] = []
    var unavailableEditorKeys: [KeyEvent] = []

    /// Turns restricted mode on: the actions that leave the app or the site are taken out of
    /// the keymaps (so the hint bar and help do not offer them).
    public mutating func restrict() {
        restricted = true
        let browse = keys.browse.without(BrowseAction.leavingTheApp)
        let editor = keys.editor.without(EditorAction.leavingTheApp)
        keys.browse = browse.keymap
        keys.editor = editor.keymap
        unavailableBrowseKeys = browse.removedKeys
        unavailableEditorKeys = editor.removedKeys
    }

    /// Shows `sheet` as the publish sheet.
    mutating func showPublish(_ sheet: PublishSheet) {
        publish = sheet
        overlay = .publish
    }

    /// Closes the publish sheet: a running publish goes on with it hidden; any other is done with.
    mutating func closePublish() {
        if case .publish? = overlay { overlay = nil }
        if publish?.isRunning != true { publish = nil }
    }

    /// Whether a publish is running (its sheet shown or not).
    public var isPublishing: Bool { publish?.isRunning == true }

    /// Whether a publish is under way: running, or waiting while a conflict is edited by hand
    /// (publish again shows its sheet rather than starting another).
    var publishUnderWay: Bool {
        guard let publish else { return false }
        if case .conflict = publish.phase { return true }
        return publish.isRunning
    }

    /// Whether the publish sheet builds the site first: the config file's `[publish] check`, set
    /// by the executable (on unless turned off); off in a bare state (headless tests opt in).
    public var buildCheck = false
    /// "Now" for post statuses (scheduled, expired); advanced by ticks.
    public var today = Date()
    /// The publish sheet about to open for this post says this (an unpublish, an undone publish).
    var pendingPublish: PendingPublish?
    /// The post to open in the editor as soon as the site has loaded (`nakedblog POST`).
    public var openOnLoad: (path: String, at: OpenAt)?
    /// A question to ask again once the message shown over it (a difference) is closed.
    var returnOverlay: Overlay?

    public init(columns: Int, rows: Int, page: Page = .start) {
        self.columns = columns
        self.rows = rows
        self.page = page
    }

    /// Shows a problem found while starting (e.g. a broken theme file) for ten seconds.
    public mutating func showStartupProblem(_ text: String) {
        toast = Toast(text, isError: true)
        toastExpires = ProcessInfo.processInfo.systemUptime + 10
    }

    /// The smallest size with a usable layout.
    public static let minimumSize = (columns: 60, rows: 16)
    public var isTooSmall: Bool { columns < Self.minimumSize.columns || rows < Self.minimumSize.rows }
}

/// Modal boxes.
public enum Overlay: Sendable {
    /// `top`: the first row shown (the help scrolls when it is taller than the screen).
    case help(title: String, rows: [HelpRow], top: Int = 0)
    case newPost(NewPostDialog)
    /// The sheet itself is `AppState.publish`.
    case publish
    case confirm(Confirmation)
    case message(title: String, lines: [String])
    /// Unsaved text from a crash or a dropped connection: recover, discard, or view the difference.
    /// Unsaved text found in the journal; `changedLines` is counted once, when it is found.
    case recovery(path: String, text: String, changedLines: Int)
    /// The file changed on disk while it was being edited.
    case diskConflict(path: String)
    case frontMatter(FrontMatterForm)
    case signIn(SignInDialog)
    /// "Add an image": the path of a file to copy into the post's bundle.
    case imagePath(ImagePathPrompt)
    /// Suggestions for a misspelled word (F7).
    case spelling(SpellingMenu)
    /// Go to a line or heading, switch posts, or a search's results.
    case picker(Picker)
    /// A post's history, and a version compared.
    case history(HistoryView)
    /// `m`: the text of a short note.
    case note(TextField)
    /// A picture copied for the post: what it shows (its alt text), asked before it is inserted.
    case imageAlt(ImageAltPrompt)
}

/// One line of the help overlay.
public struct HelpRow: Sendable, Equatable {
    public var keys: String
    public var help: String
}

/// A yes/no question and what "yes" does.
public struct Confirmation: Sendable {
    public enum Action: Sendable, Equatable {
        case leaveEditor, cancelClone, trustHostKey(HostKey)
        /// A browser command that asks first (`BrowseAction.question`), on the post it asked
        /// about (nil: none), even if the list has moved since.
        case browse(BrowseAction, post: String?)
        /// Save the post in the editor, then open this one (at a 1-based line).
        case saveAndOpen(String, line: Int?)
        /// Take this post off the site (a draft, then the publish sheet).
        case unpublish(String)
        /// Put this post back as it was before its last commit (then the publish sheet).
        case undoPublish(String)
    }
    public var title: String
    public var lines: [String]
    public var action: Action
}

/// The screen shown outside any site: recent sites and a clone prompt.
public struct StartState: Sendable {
    /// Recent sites — or, when `sitesIn` is set, the sites found below that folder.
    public var recent: [String] = []
    /// A folder that is no site but holds several (the list is theirs).
    public var sitesIn: String?
    public var selected = 0
    public var url = TextField()
    public var editingURL = false
    public var problem: String?
    /// The folder clones go into (the process's current directory, set by the executable).
    public var directory = "/"
    public init() {}
}

/// What the next publish sheet for a post says and does, set by the step that asked for it.
struct PendingPublish: Sendable, Equatable {
    let post: String
    let message: String
    /// Publish it as a draft (an unpublish): the draft choice starts off.
    let keepDraft: Bool
    /// The address that stops existing.
    let stopsAddress: String?
}

/// Ctrl-R's path box: the path typed, what Tab offered for it, and (a path pasted into the
/// editor) the text to paste after all when the writer declines.
public struct ImagePathPrompt: Sendable, Equatable {
    var field = TextField()
    /// Tab's candidates (`PicturePaths`); Up and Down put one in the field.
    var candidates: [String] = []
    var chosen: Int?
    /// A picture's path pasted into the editor: Esc pastes it as text instead.
    var pasted: String?
}

/// The alt text of a picture just copied, asked before its reference is inserted.
public struct ImageAltPrompt: Sendable {
    let path: String
    let link: String
    /// The picture's file (site-relative), removed again when the writer cancels.
    let file: String
    var field: TextField
    /// What to say once inserted ("Copied x.jpg into the bundle: 4000×3000 … → …").
    let done: String
}
