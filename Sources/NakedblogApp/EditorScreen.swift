import Blog
import Preview
import GitOps
import Foundation
import TUI

/// A post open in the editor, with its preview.
public struct EditorScreen: Sendable {
    /// Site-relative path of the content file.
    public var path: String
    /// Absolute path.
    public var file: String
    public var editor: EditorState
    public var view = EditorView()
    /// On narrow terminals the preview replaces the text (toggled); on wide ones it sits beside it.
    public var showPreview = false
    public var preview: [PreviewLine] = []
    var previewRevision = -1
    var previewWidth = 0
    /// A preview render is on its way (`App.refreshPreview`).
    var previewInFlight = false
    /// The file as it was on disk when opened or last saved (to notice changes by others).
    public var diskStamp: FileStamp?
    /// Find prompt (Ctrl-F), when open.
    public var find: TextField?
    public var lastFind = ""
    public var problem: String?
    /// When set, this editor resolves a conflict in that file (repository path): saving keeps
    /// the text as the resolution instead of writing the file.
    public var resolvingConflict: String?
    /// When the text last changed, and the revision last written to the recovery journal.
    var lastEditTime: TimeInterval = 0
    var journaledRevision = 0
    /// The front matter's opening delimiter when the post was read, if it read.
    var openedOpening: String?
    /// Set while front matter that read when the post was opened no longer does (shown in the
    /// status bar at once; a publish would be refused for it).
    public internal(set) var frontMatterProblem: ContentError?

    public init(path: String, file: String, text: String, stamp: FileStamp?) {
        self.path = path
        self.file = file
        editor = EditorState(text: text)
        diskStamp = stamp
        countWords(in: text)
        openedOpening = Self.readableOpening(of: text, path: path)
    }

    /// Words in the body (front matter excluded), counted as the post index counts them;
    /// recounted only when the text changed (the title bar shows it on every frame). A large
    /// document (`isLarge`) is recounted when saved, not on every keystroke: `isCurrent` says
    /// whether the count is of the text as it is.
    public mutating func wordCount() -> (count: Int, isCurrent: Bool) {
        if wordsRevision != editor.revision, wordsRevision < 0 || !isLarge { countWords(in: editor.text) }
        return (words, wordsRevision == editor.revision)
    }
    private var words = 0
    private var wordsRevision = -1

    /// Counts the words of `text`, the editor's text as it is now.
    mutating func countWords(in text: String) {
        words = WordCount.count((try? PageText(text: text, file: path).body) ?? text)
        wordsRevision = editor.revision
    }

    /// Documents with more characters than this count their words and render their preview
    /// when saved (or the preview is shown), not on every keystroke: building the text of a
    /// huge post takes longer than a keystroke may.
    static let largeDocument = 1 << 20
    var isLarge: Bool { editor.buffer.characterCount > Self.largeDocument }

    /// Takes the cursor, scrolling and preview choice of `previous` (the same post, read again).
    mutating func keepPlace(of previous: EditorScreen) {
        editor.goTo(previous.editor.cursor)
        view = previous.view
        showPreview = previous.showPreview
    }

    /// Columns at which the split layout (text and preview side by side) is used.
    public static let splitWidth = 100
}

/// The `n` dialog: a title (the slug shown as it is typed), with section, kind and language.
public struct NewPostDialog: Sendable {
    public var title = TextField()
    public var sections: [String]
    public var section: Int = 0
    public var bundle = true
    public var languages: [String]
    public var language = 0
    /// 0: title, 1: section, 2: kind, 3: language.
    public var focus = 0
    public var problem: String?

    public init(sections: [String], languages: [String]) {
        self.sections = sections.isEmpty ? ["posts"] : sections
        if let posts = self.sections.firstIndex(of: "posts") { section = posts }
        self.languages = languages
    }

    public var slug: String { PostCreator.slug(for: title.text) }
}

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
    public var setDraftFalse: Bool
    public var message: TextField
    public var phase: Phase = .confirm
    public var remoteLines: [String] = []
    /// The site's directory inside the repository ("" when the site is the repository's root):
    /// repository paths minus this are site paths.
    public var sitePrefix = ""
    /// Conflict resolutions chosen so far (repository paths).
    public var resolutions: [String: Publisher.FileResolution] = [:]
    /// What the publish changes in what the site reads: a refusal (Enter then opens the post at
    /// its line; Ctrl-F publishes anyway) and warnings.
    public var review = PublishReview()

    public init(post: String?, commitPath: String?, title: String, files: [(path: String, change: String)],
                changedKeys: [String], wasDraft: Bool, message: String) {
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

/// The clone screen.
public struct CloneState: Sendable {
    public var url: String
    public var target: String
    public var transfer: TransferSnapshot?
    public var checkout: (done: Int, total: Int, path: String?)?
    public var remoteLines: [String] = []
    /// The site's directory inside the repository ("" when the site is the repository's root):
    /// repository paths minus this are site paths.
    public var sitePrefix = ""
    /// Conflict resolutions chosen so far (repository paths).
    public var resolutions: [String: Publisher.FileResolution] = [:]
    public var error: String?
    public var finished = false
    public var started: TimeInterval = 0

    public init(url: String, target: String) {
        self.url = url
        self.target = target
    }
}

/// Receiving progress, as the clone screen shows it.
public struct TransferSnapshot: Sendable, Equatable {
    public var received: Int
    public var total: Int
    public var bytes: Int
    public var bytesPerSecond: Double?
    public var secondsRemaining: Double?
    public var deltasDone: Int
    public var deltasTotal: Int
}

extension EditorScreen {
    /// The delimiter the post's front matter opened with when it was read (nil: it had none
    /// that read), from `text`.
    static func readableOpening(of text: String, path: String) -> String? {
        guard let page = try? PageText(text: text, file: path), let block = page.frontMatter,
              (try? FrontMatterEditor(page: page, file: path).fields()) != nil else { return nil }
        return block.format.delimiter ?? "{"
    }

    /// Checks, after an edit, whether the front matter that read when the post was opened still
    /// does; only the first lines are looked at (through the closing delimiter, at most 2,000
    /// lines of up to 1,000 characters), so a keystroke in a huge post stays cheap.
    mutating func checkFrontMatter() {
        guard let opening = openedOpening else { return }
        let buffer = editor.buffer
        let closing = opening == "{" ? "}" : opening
        var head: [String] = []
        var closed = false
        for index in 0..<min(buffer.lineCount, 2_000) {
            let line = buffer.line(index)
            guard line.count <= 1_000 else { head.append(String(line.prefix(1_000))); if index == 0 { closed = true }; break }
            let text = String(line)
            head.append(text)
            if index > 0, text.trimmingCharacters(in: .whitespaces) == closing { closed = true; break }
        }
        // No closing delimiter in reach of a large post: nothing cheap to say.
        if !closed, buffer.lineCount > head.count, editor.buffer.characterCount > 65_536 { frontMatterProblem = nil; return }
        frontMatterProblem = PublishReview.frontMatterProblem(inFirstLines: head.joined(separator: "\n") + "\n", file: path,
                                                              opening: opening)
    }
}
