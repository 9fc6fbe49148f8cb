import Blog
import Foundation
import Preview
import TUI

extension App {
    static func handleEditorKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        guard var screen = state.editor else { state.page = .browse; return [] }
        // The state lets go of the editor while it is changed, so the text is edited in place
        // (not copied: a copy of a huge line would cost every keystroke).
        state.editor = nil
        var refreshLargePreview = false
        let effects = handleEditorKey(&state, &screen, key, now: now, refreshLargePreview: &refreshLargePreview)
        state.editor = screen
        return effects + refreshPreview(&state, evenIfLarge: refreshLargePreview, now: now)
    }

    private static func handleEditorKey(
        _ state: inout AppState, _ screen: inout EditorScreen, _ key: KeyEvent, now: TimeInterval,
        refreshLargePreview: inout Bool
    ) -> [AppEffect] {
        if var bar = screen.findBar {
            let revision = screen.editor.revision
            handleFindKey(&state, &screen, &bar, key, now: now)
            refreshLargePreview = screen.editor.revision != revision
            return []
        }
        if screen.completion != nil, handleCompletionKey(&screen, key, now: now) {
            refreshLargePreview = true
            return []
        }
        if state.restricted, state.unavailableEditorKeys.contains(key) {
            screen.problem = "Not available on this server"
            state.editor = screen
            return []
        }
        if let author = screen.readOnlyBecause, let action = state.keys.editor.action(for: key),
            [.save, .publish, .frontMatter, .insertImage, .insertSnippet, .externalEditor].contains(action)
        {
            screen.problem = "Read-only: \(author)"
            state.editor = screen
            return []
        }
        if let action = state.keys.editor.action(for: key) {
            if [.save, .publish, .externalEditor].contains(action) {
                // What is being saved needs no journal (a failed save resets this).
                screen.journaledRevision = screen.editor.revision
            }
            if let conflict = screen.resolvingConflict, action == .save || action == .back {
                return finishConflictEdit(&state, &screen, path: conflict, keep: action == .save)
            }
            if let question = action.question(screen) {
                state.overlay = .confirm(question)
                return []
            }
            // Saving builds the text anyway: a large document's word count and preview catch up.
            let saving = [.save, .publish, .externalEditor].contains(action)
            let text = saving ? screen.editor.text : ""
            if saving { screen.countWords(in: text); refreshLargePreview = true }
            switch action {
            case .save:
                return [
                    .save(path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp)
                ]
            case .publish:
                let save = AppEffect.save(
                    path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp)
                // A publish under way (running, or waiting on a conflict): its sheet again.
                if state.publishUnderWay {
                    state.overlay = .publish
                    return [save]
                }
                return [save, .preparePublish(post: screen.path, ignoringWords: state.ignoredWords.sorted())]
            case .back:
                state.page = .browse
                // Back on the post just edited, whichever row it moved to.
                state.browse.select(screen.path)
                state.browse.scroll(height: BrowseLayout.listHeight(rows: state.rows))
                return [.releasePost(screen.path), .perform(.rememberPosition(screen.path, screen.editor.cursor))]
            case .find, .replace:
                screen.problem = nil
                screen.findBar = FindBar(
                    lastQuery: screen.lastFind, origin: screen.editor.selection?.lowerBound ?? screen.editor.cursor,
                    replacing: action == .replace)
                if var bar = screen.findBar, !bar.query.text.isEmpty {
                    search(&screen, &bar)
                    screen.findBar = bar
                }
            case .findNext:
                if !screen.lastFind.isEmpty { _ = screen.editor.find(screen.lastFind) }
            case .togglePreview:
                // Wide: split ↔ the text alone; narrow: the text ↔ the preview.
                if state.columns >= EditorScreen.splitWidth {
                    screen.hideSplitPreview.toggle()
                } else {
                    screen.showPreview.toggle()
                }
                refreshLargePreview = true
            case .frontMatter:
                let tags = Set(state.browse.posts.flatMap(\.tags)).sorted()
                let categories = Set(state.browse.posts.flatMap(\.categories)).sorted()
                switch FrontMatterForm.make(
                    text: screen.editor.text, path: screen.path, tags: tags, categories: categories)
                {
                case .success(let form): state.overlay = .frontMatter(form)
                case .failure(let problem): screen.problem = problem.description
                }
            case .goTo:
                openGoTo(&state, screen)
            case .nextHeading, .previousHeading:
                if !stepHeading(&screen, forward: action == .nextHeading) {
                    screen.problem = action == .nextHeading ? "No heading below" : "No heading above"
                }
            case .switchPost:
                openSwitcher(&state)
            case .searchPosts:
                openSearch(&state)
            case .history:
                return openHistory(&state, post: screen.path, fromEditor: true)
            case .insertSnippet:
                if screen.readOnlyBecause == nil { return openSnippets(&state, &screen) }
            case .insertImage:
                state.overlay = .imagePath(ImagePathPrompt())
            case .lineNumbers:
                screen.view.lineNumbers.toggle()
            case .wrap:
                screen.view.softWrap.toggle()
            case .help:
                state.overlay = .help(
                    title: "Editor", rows: Keymaps.helpRows(state.keys.editor) + Keymaps.helpRows(EditorState.keymap))
            case .externalEditor:
                return [
                    .save(path: screen.path, text: text, revision: screen.editor.revision, expected: screen.diskStamp),
                    .runExternalEditor(screen.path),
                ]
            case .nextMisspelling, .previousMisspelling:
                return findMisspelling(&state, &screen, forward: action == .nextMisspelling)
            }
            return []
        }
        // A picture's path pasted in (a file dragged onto the terminal): offered to be added.
        if case .paste(let text) = key, screen.readOnlyBecause == nil, screen.resolvingConflict == nil,
            let path = pastedPicturePath(text)
        {
            state.editor = screen
            state.overlay = .imagePath(ImagePathPrompt(field: TextField(path), pasted: text))
            return []
        }
        let height = max(1, state.rows - 3)
        let before = screen.editor.revision
        // From the layout, not from the last frame: update never reads what render stored.
        let textWidth = EditorLayout(
            columns: state.columns, rows: state.rows, showPreview: screen.showPreview, textOnly: screen.hideSplitPreview
        ).text?.width
        let wrapWidth = textWidth.flatMap {
            screen.view.wrapWidth(areaWidth: $0, lineCount: screen.editor.buffer.lineCount)
        }
        // Kept only for a read-only post (a copy would make every edit copy the document).
        let unedited = screen.readOnlyBecause == nil ? nil : screen.editor
        let linesBefore = screen.editor.buffer.lineCount
        let cursorBefore = screen.editor.cursor
        let shownBefore =
            screen.frozenStatus
            ?? {
                let (words, isCurrent) = screen.wordCount()
                return (words, isCurrent, cursorBefore.line, cursorBefore.column)
            }()
        guard let effects = screen.editor.handle(key, now: now, pageHeight: height, wrapWidth: wrapWidth) else {
            return []
        }
        // Typing along one line leaves the title bar's counts as they were until a pause.
        switch key {
        case .character(_, false), .backspace, .delete:
            screen.frozenStatus = screen.editor.cursor.line == cursorBefore.line ? shownBefore : nil
        default:
            screen.frozenStatus = nil
        }
        if let author = screen.readOnlyBecause, let unedited, screen.editor.revision != before {
            // Moving and selecting work; an edit is undone at once.
            screen.editor = unedited
            screen.problem = "Read-only: \(author)"
            return []
        }
        if screen.editor.revision != before {
            screen.lastEditTime = now
            screen.checkFrontMatter()
            screen.spelling.edited(
                line: screen.editor.lastEditLine, lineDelta: screen.editor.buffer.lineCount - linesBefore)
        }
        screen.problem = nil
        let completing = updateCompletion(&state, &screen, after: key)
        return completing
            + effects.compactMap { effect in
                switch effect {
                case .copyToClipboard(let text): return .copyToClipboard(text)
                case .notice(let text):
                    screen.problem = text
                    return nil
                }
            }
    }

    /// Leaves a conflict being edited by hand: with `keep`, its text becomes the file's resolution
    /// (refused while conflict markers remain); the publish sheet comes back either way.
    static func finishConflictEdit(_ state: inout AppState, _ screen: inout EditorScreen, path: String, keep: Bool)
        -> [AppEffect]
    {
        guard var sheet = state.publish, case .conflict = sheet.phase else { return [] }
        if keep {
            let text = screen.editor.text
            if TextLines.split(text).contains(where: { $0.hasPrefix("<<<<<<<") || $0.hasPrefix(">>>>>>>") }) {
                screen.problem =
                    "conflict markers remain: keep the lines you want and delete the <<<<<<< ======= >>>>>>> lines"
                return []
            }
            sheet.resolutions[path] = .content(Data(text.utf8))
        }
        screen.editor.markSaved()
        state.page = .browse
        if case .conflict(let files, let selected) = sheet.phase {
            if files.count == 1, keep {
                return startPublish(
                    &state, &sheet, step: "Publishing your resolution…", resolve: .files(sheet.resolutions))
            }
            sheet.phase = .conflict(files: files, selected: selected)
        }
        state.showPublish(sheet)
        return []
    }

    /// Asks for the document's work off the loop (`PreviewJob`): the preview when the text or
    /// the width changed and it is shown, the word count when the text changed. A large
    /// document's (`EditorScreen.isLarge`) only when shown, resized or saved. At most one job
    /// is in flight; its result asks again if the text moved on. Given `now` (typing, a tick, a
    /// result), a long document's text waits for a pause in typing (`EditorScreen.typingPause`).
    /// The spell-check of the lines in view is asked for at the same moments (`refreshSpelling`).
    static func refreshPreview(_ state: inout AppState, evenIfLarge: Bool = true, now: TimeInterval? = nil)
        -> [AppEffect]
    {
        refreshPreviewJob(&state, evenIfLarge: evenIfLarge, now: now) + refreshSpelling(&state, now: now)
    }

    private static func refreshPreviewJob(_ state: inout AppState, evenIfLarge: Bool, now: TimeInterval?) -> [AppEffect]
    {
        guard var screen = state.editor, !screen.previewInFlight else { return [] }
        // A text that took too long is not rendered again behind the writer's back: the next keystroke asks.
        if let abandoned = screen.previewAbandonedAt, screen.lastEditTime <= abandoned { return [] }
        let layout = EditorLayout(
            columns: state.columns, rows: state.rows, showPreview: screen.showPreview, textOnly: screen.hideSplitPreview
        )
        let revision = screen.editor.revision
        var width: Int?
        var window: Range<Int>?
        if let area = layout.preview {
            let shownWidth = max(10, area.width - 1)
            if screen.isLarge {
                // A large document's preview is of the lines around the view alone: rendered
                // again when they change or the view leaves them.
                let wanted = previewWindow(screen, rows: state.rows)
                let covers =
                    screen.previewWindow.map {
                        $0.contains(wanted.visible.lowerBound) && $0.upperBound >= wanted.visible.upperBound
                    } ?? false
                if screen.previewRevision != revision || screen.previewWidth != shownWidth || !covers {
                    width = shownWidth
                    window = wanted.render
                }
            } else {
                let stale = screen.previewRevision != revision || screen.previewWidth != shownWidth
                if stale { width = shownWidth }
            }
        }
        let wordsStale = screen.wordsRevision != revision && (evenIfLarge || !screen.isLarge)
        guard width != nil || wordsStale else { return [] }
        // Only the text changed in a long document while typing goes on: wait for the pause
        // (each render takes a core for tens of milliseconds; back to back, keystrokes waited).
        if let now, screen.waitsForTypingPause, width == nil || width == screen.previewWidth,
            now - screen.lastEditTime < EditorScreen.typingPause
        {
            return []
        }
        screen.previewInFlight = true
        screen.previewAskedAt = now ?? screen.lastEditTime
        state.editor = screen
        guard let window else {
            return [
                .renderPreview(
                    PreviewJob(
                        path: screen.path, file: screen.file, buffer: screen.editor.buffer,
                        revision: revision, width: width, site: state.site))
            ]
        }
        return [
            .renderPreview(
                PreviewJob(
                    path: screen.path, file: screen.file, buffer: TextBuffer(""), revision: revision, width: width,
                    site: state.site, window: window, windowText: windowText(screen.editor.buffer, window)))
        ]
    }

    /// The text of `lines`, each cut at 10,000 characters (a preview of a 50 MB line shows its
    /// start; the rest is the editor's).
    static func windowText(_ buffer: TextBuffer, _ lines: Range<Int>) -> String {
        var text = ""
        for index in lines {
            let length = buffer.lineLength(index)
            if length > 10_000 {
                text += String(buffer.characters(ofLine: index, in: 0..<10_000)) + " …"
            } else {
                text += buffer.lineText(index)
            }
            text += "\n"
        }
        return text
    }

    /// The lines of a large document's preview: those in view (around the cursor, which is
    /// always in view), and the lines rendered — a screen or two either side, from a blank line
    /// so no paragraph is cut.
    static func previewWindow(_ screen: EditorScreen, rows: Int) -> (visible: Range<Int>, render: Range<Int>) {
        let buffer = screen.editor.buffer
        let cursor = screen.editor.cursor.line
        let visible = max(0, cursor - rows)..<min(buffer.lineCount, cursor + rows + 1)
        var start = max(0, cursor - 3 * rows)
        var probe = start
        while probe > 0, start - probe < 200 {
            if buffer.lineLength(probe) == 0 { start = probe; break }
            probe -= 1
        }
        if probe == 0 { start = 0 }
        return (visible, start..<min(buffer.lineCount, cursor + 4 * rows))
    }

    /// A document's job done: the preview shown if it is of the text as it is (else dropped and
    /// asked for again), the word count kept with the revision it counted.
    static func previewRendered(
        _ state: inout AppState, path: String, revision: Int, width: Int?,
        lines: [PreviewLine], words: Int?, window: Range<Int>?, now: TimeInterval
    ) -> [AppEffect] {
        guard var screen = state.editor, screen.path == path else { return [] }
        screen.previewInFlight = false
        screen.previewAskedAt = nil
        if revision == screen.editor.revision, let width {
            screen.previewAbandonedAt = nil
            screen.preview = lines
            screen.previewRevision = revision
            screen.previewWidth = width
            screen.previewWindow = window
        }
        if let words { screen.setWords(words, revision: revision) }
        state.editor = screen
        return refreshPreview(&state, evenIfLarge: !screen.isLarge, now: now) + requestPictures(&state)
    }

    /// A render still running `EditorScreen.previewPatience` seconds after it was asked for is
    /// abandoned: its note replaces the preview (typing never waited for it: renders run off the loop).
    static func abandonSlowPreview(_ state: inout AppState, now: TimeInterval) {
        guard var screen = state.editor, screen.previewInFlight, let asked = screen.previewAskedAt,
            now - asked >= EditorScreen.previewPatience, (screen.previewAbandonedAt ?? -.infinity) < asked
        else { return }
        screen.previewAbandonedAt = now
        state.editor = screen
    }
}

/// Where the editor's panes go.
struct EditorLayout {
    let text: Rect?
    let preview: Rect?
    let divider: Rect?

    init(columns: Int, rows: Int, showPreview: Bool, textOnly: Bool = false) {
        let body = Rect(x: 0, y: 1, width: columns, height: max(1, rows - 3))
        if columns >= EditorScreen.splitWidth && !textOnly {
            let panes = SplitView.panes(of: body)
            text = panes.left
            divider = panes.divider
            preview = panes.right
        } else if showPreview && columns < EditorScreen.splitWidth {
            text = nil
            divider = nil
            preview = body
        } else {
            text = body
            divider = nil
            preview = nil
        }
    }
}
