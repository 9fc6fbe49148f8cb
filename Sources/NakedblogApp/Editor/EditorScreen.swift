import Blog
import Foundation
import GitOps
import Preview
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
    /// On wide terminals, the preview hidden (Ctrl-T): the text alone, full width.
    public var hideSplitPreview = false
    /// The title bar's counts and position as shown while typing along one line: a typed
    /// character then redraws itself, not the counts (a slow SSH link carries each byte); they
    /// catch up after a pause (`statusPause`) or any other key. Nil: shown as they are.
    var frozenStatus: (words: Int, isCurrent: Bool, line: Int, column: Int)?
    /// How long typing pauses before the title bar's counts catch up.
    static let statusPause: TimeInterval = 0.4
    public var preview: [PreviewLine] = [] {
        didSet { pictureLines = preview.indices.filter { preview[$0].picture != nil } }
    }
    /// The indices of `preview`'s lines that stand for pictures.
    private(set) var pictureLines: [Int] = []
    var previewRevision = -1
    var previewWidth = 0
    /// The lines the preview shows, for a large document (nil: all of them).
    var previewWindow: Range<Int>?
    /// A preview render is on its way (`App.refreshPreview`), asked for at `previewAskedAt`.
    var previewInFlight = false
    var previewAskedAt: TimeInterval?
    /// When the render in flight was abandoned, having taken longer than `previewPatience`: the
    /// pane says so, no render is asked for again until the next keystroke, and a late result is
    /// shown only if still current.
    var previewAbandonedAt: TimeInterval?
    static let previewPatience: TimeInterval = 2
    /// The file as it was on disk when opened or last saved (to notice changes by others).
    public var diskStamp: FileStamp?
    /// The find and replace bar (Ctrl-F, Alt-R), when open.
    public var findBar: FindBar?
    /// What is offered as a link, tag or shortcode is typed (or Alt-I), when open.
    public var completion: CompletionMenu?
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
    /// The line of the closing delimiter when the front matter last read: an edit that starts
    /// below it cannot change the front matter, so it is not read again (a keystroke in the body
    /// cost a YAML parse).
    var frontMatterEnd: Int?
    /// Why the post is shown but not edited ("Ann is editing this post", a link out of the site).
    public var readOnlyBecause: String?
    /// Misspelled words found in the lines around the cursor (underlined).
    public var spelling = SpellingMarks()

    public init(path: String, file: String, text: String, stamp: FileStamp?) {
        self.path = path
        self.file = file
        editor = EditorState(text: text)
        diskStamp = stamp
        countWords(in: text)
        openedOpening = Self.readableOpening(of: text, path: path)
    }

    /// Words in the body (front matter excluded), counted as the post index counts them: when
    /// opened, then off the loop after edits (`PreviewJob`), a large document (`isLarge`) when
    /// saved. `isCurrent` is false while a large document's count waits for a save (shown ≈);
    /// a small one's catches up within a frame or two.
    public func wordCount() -> (count: Int, isCurrent: Bool) {
        (words, wordsRevision == editor.revision || !isLarge)
    }
    private var words = 0
    private(set) var wordsRevision = -1

    /// Keeps a count made off the loop for `revision` (an older revision's count is kept until
    /// a newer one arrives).
    mutating func setWords(_ count: Int, revision: Int) {
        guard revision >= wordsRevision else { return }
        words = count
        wordsRevision = revision
    }

    /// Counts the words of `text`, the editor's text as it is now (its body, found without
    /// copying it: `Self.head`).
    mutating func countWords(in text: String) {
        let bodyStart =
            Self.head(of: text, path: path).map { text.utf8.count - ($0.page.body.utf8.count + $0.cut) } ?? 0
        words = WordCount.count(text, fromByte: bodyStart)
        wordsRevision = editor.revision
    }

    /// Documents with more characters than this count their words and render their preview
    /// when saved (or the preview is shown), not on every keystroke: building the text of a
    /// huge post takes longer than a keystroke may.
    static let largeDocument = 1 << 20
    var isLarge: Bool { editor.buffer.characterCount > Self.largeDocument }

    /// Documents with more characters than this (a long post, ~64 KB: 10,000 words) render their preview
    /// and count their words once typing pauses for `typingPause` seconds, not after every
    /// keystroke: each render takes a core for tens of milliseconds.
    static let pausedDocument = 1 << 16
    static let typingPause: TimeInterval = 0.15
    var waitsForTypingPause: Bool { editor.buffer.characterCount > Self.pausedDocument }

    /// Takes the cursor, scrolling and preview choice of `previous` (the same post, read again).
    /// The cursor stays on its text: lines added or removed above it (a `date:` written by an
    /// undraft, an edit from elsewhere) move it with them.
    mutating func keepPlace(of previous: EditorScreen) {
        var cursor = previous.editor.cursor
        cursor.line += Self.linesMoved(at: cursor.line, from: previous.editor.buffer, to: editor.buffer)
        editor.goTo(cursor)
        view = previous.view
        view.forgetText()
        showPreview = previous.showPreview
        hideSplitPreview = previous.hideSplitPreview
    }

    /// How far line `line` of `old` moved in `new`: the change in line count when the line is
    /// among those the two share at their end (and not at their start), else 0.
    static func linesMoved(at line: Int, from old: TextBuffer, to new: TextBuffer) -> Int {
        let shift = new.lineCount - old.lineCount
        guard shift != 0, line < old.lineCount else { return 0 }
        var prefix = 0
        while prefix <= line, prefix < new.lineCount, old.lines.hasSameUTF8(at: prefix, as: prefix, of: new.lines) {
            prefix += 1
        }
        guard prefix <= line else { return 0 }
        var index = old.lineCount - 1
        while index >= line, index + shift >= 0, old.lines.hasSameUTF8(at: index, as: index + shift, of: new.lines) {
            index -= 1
        }
        return index < line ? shift : 0
    }

    /// Columns at which the split layout (text and preview side by side) is used.
    public static let splitWidth = 100
}
