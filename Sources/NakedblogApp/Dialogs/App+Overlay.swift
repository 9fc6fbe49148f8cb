import Blog
import Foundation
import GitOps
import TUI

extension App {
    static func handleOverlayKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        switch state.overlay {
        case .help(let title, let rows, let top)
        where OverlayRender.helpLayout(rows, columns: state.columns, screenRows: state.rows).scrolls:
            // A help taller than the screen scrolls (by rows; the last scroll shows the end);
            // other keys close it as below.
            let room = OverlayRender.helpRoom(rows: state.rows)
            let layout = OverlayRender.helpLayout(rows, columns: state.columns, screenRows: state.rows)
            let last = layout.lastStart
            // A page is the rows that fit whole (a wrapped row takes two lines or more).
            func fitting(_ indices: some Sequence<Int>) -> Int {
                var used = 0, count = 0
                for index in indices {
                    used += layout.perRow[index].count
                    if used > room && count > 0 { break }
                    count += 1
                }
                return max(1, count)
            }
            let down = fitting(min(top, last)..<rows.count), up = fitting((0..<min(top, last)).reversed())
            let moves: [KeyEvent: Int] = [
                .down(): 1, .character("j"): 1, .up(): -1, .character("k"): -1, .pageDown: down, .pageUp: -up,
                .character(" "): down,
            ]
            if let move = moves[key] {
                state.overlay = .help(title: title, rows: rows, top: max(0, min(last, min(top, last) + move)))
                return []
            }
            state.overlay = nil
            if ![.enter, .escape].contains(key) { return handleKey(&state, key, now: now) }
            return []
        case .help, .message:
            let returning = state.returnOverlay
            state.overlay = returning
            state.returnOverlay = nil
            // Enter, Esc and space only close it; any other key closes it and then does what it
            // does where the writer was (a letter typed on after an error is not lost).
            if returning == nil, ![.enter, .escape, .character(" ")].contains(key) {
                return handleKey(&state, key, now: now)
            }
            return []
        case .confirm(let confirmation):
            switch key {
            case .character("y", false), .character("Y", false), .enter:
                state.overlay = nil
                return confirmed(&state, confirmation.action, now: now)
            default:
                // n, N, Esc — or any other key, which then also does what it does underneath.
                state.overlay = nil
                if case .trustHostKey = confirmation.action, state.page == .clone {
                    state.clone?.error = "The host key was not trusted, so nothing was cloned. Press Esc to go back."
                }
                if ![.character("n"), .character("N"), .escape].contains(key) {
                    return handleKey(&state, key, now: now)
                }
            }
            return []
        case .recovery(let path, let text, let changed):
            return handleRecoveryKey(&state, key, path: path, text: text, changedLines: changed)
        case .diskConflict(let path):
            return handleDiskConflictKey(&state, key, path: path)
        case .signIn(var dialog):
            switch key {
            case .escape:
                state.overlay = nil
                return [.answerCredentials(username: nil, password: nil)]
            case .enter where dialog.focus == 0:
                dialog.focus = 1
            case .enter:
                state.overlay = nil
                return [.answerCredentials(username: dialog.username.text, password: dialog.password.text)]
            case .tab, .backTab, .up(false), .down(false):
                dialog.focus = 1 - dialog.focus
            default:
                if dialog.focus == 0 { _ = dialog.username.handle(key) } else { _ = dialog.password.handle(key) }
            }
            state.overlay = .signIn(dialog)
            return []
        case .picker(var picker):
            return handlePickerKey(&state, &picker, key, now: now)
        case .history(var view):
            return handleHistoryKey(&state, &view, key, now: now)
        case .note(var field):
            return handleNoteKey(&state, &field, key)
        case .imageAlt(var prompt):
            switch key {
            case .enter:
                // Empty is allowed (the publish sheet names a picture without alt text).
                state.overlay = nil
                return insertPicture(&state, prompt, now: now)
            case .escape:
                // The whole insertion is cancelled: the picture copied for it goes too.
                state.overlay = nil
                toast(&state, "Nothing was added", now: now)
                return [.perform(.removeAddedPicture(prompt.file))]
            default:
                _ = prompt.field.handle(key)
                state.overlay = .imageAlt(prompt)
                return []
            }
        case .spelling(let menu):
            return handleSpellingMenuKey(&state, menu, key, now: now)
        case .imagePath(let prompt):
            return handleImagePathKey(&state, prompt, key, now: now)
        case .frontMatter(var form):
            handleFormKey(&state, &form, key, now: now)
            return refreshPreview(&state)
        case .newPost(var dialog):
            return handleNewPostKey(&state, &dialog, key)
        case .publish:
            guard var sheet = state.publish else {
                state.overlay = nil
                return []
            }
            return handlePublishKey(&state, &sheet, key, now: now)
        case nil:
            return []
        }
    }

    private static func confirmed(_ state: inout AppState, _ action: Confirmation.Action, now: TimeInterval)
        -> [AppEffect]
    {
        switch action {
        case .browse(let action, let path):
            var post: Post?
            if let path {
                guard let asked = state.browse.posts.first(where: { $0.path == path }) else { return [] }
                post = asked
            }
            return perform(&state, action, post: post, now: now)
        case .leaveEditor:
            state.page = .browse
            let path = state.editor?.path, cursor = state.editor?.editor.cursor
            state.browse.select(path)
            state.browse.scroll(height: BrowseLayout.listHeight(rows: state.rows))
            state.editor = nil
            guard let path, let cursor else { return [] }
            return [.discardJournal(path: path), .releasePost(path), .perform(.rememberPosition(path, cursor))]
        case .cancelClone:
            return [.cancelClone]
        case .unpublish(let path):
            return [.perform(.unpublish(path))]
        case .undoPublish(let path):
            return [.perform(.undoPublish(path))]
        case .saveAndOpen(let path, let line):
            guard var screen = state.editor else { return [] }
            screen.journaledRevision = screen.editor.revision
            state.editor = screen
            return [
                .save(
                    path: screen.path, text: screen.editor.text, revision: screen.editor.revision,
                    expected: screen.diskStamp)
            ] + open(&state, path, line: line)
        case .trustHostKey(let key):
            guard let clone = state.clone else { return [] }
            state.clone?.error = nil
            return [.trustHostKey(key), .startClone(url: clone.url, target: clone.target)]
        }
    }

    private static func handleRecoveryKey(
        _ state: inout AppState, _ key: KeyEvent, path: String, text: String,
        changedLines: Int
    ) -> [AppEffect] {
        switch key {
        case .character("r", false):
            state.overlay = nil
            guard var screen = state.editor, screen.path == path else { return [] }
            let line = screen.editor.cursor.line
            let stamp = screen.diskStamp
            screen = EditorScreen(path: path, file: screen.file, text: "", stamp: stamp)
            screen.editor = EditorState(text: text)
            screen.editor.markDirty()
            screen.editor.goToLine(line + 1)
            state.editor = screen
            return refreshPreview(&state)
        case .character("d", false):
            state.overlay = nil
            return [.discardJournal(path: path)]
        case .character("v", false):
            guard let current = state.editor?.editor.text else { return [] }
            state.overlay = .message(
                title: "Recovered text vs. the file (- file, + recovered)",
                lines: Array(LineDiff.lines(old: current, new: text).prefix(max(3, state.rows - 6))))
            // After looking, the choice is offered again.
            state.returnOverlay = .recovery(path: path, text: text, changedLines: changedLines)
            return []
        default:
            return []
        }
    }

    private static func handleDiskConflictKey(_ state: inout AppState, _ key: KeyEvent, path: String) -> [AppEffect] {
        guard let screen = state.editor, screen.path == path else { state.overlay = nil; return [] }
        switch key {
        case .character("o", false):
            state.overlay = nil
            return [.save(path: path, text: screen.editor.text, revision: screen.editor.revision, overwrite: true)]
        case .character("r", false):
            state.overlay = nil
            return [.openPost(path)]
        case .character("v", false):
            return [.perform(.diskDiff(path: path, text: screen.editor.text))]
        case .escape:
            state.overlay = nil
        default: break
        }
        return []
    }

    private static func handleFormKey(
        _ state: inout AppState, _ form: inout FrontMatterForm, _ key: KeyEvent, now: TimeInterval
    ) {
        switch key {
        case .escape:
            state.overlay = nil
            return
        case let applying
        where applying == .control("s") || (applying == .enter && form.form.fields[form.form.focus].kind != .toggle):
            guard var screen = state.editor else { state.overlay = nil; return }
            if let invalid = form.form.fields.first(where: { $0.problem != nil }) {
                form.problem = "\(invalid.label): \(invalid.problem!)"
                state.overlay = .frontMatter(form)
                return
            }
            do {
                let text = try form.apply(to: screen.editor.text, path: screen.path)
                screen.editor.replaceText(with: text, now: now)
                screen.lastEditTime = now
                state.editor = screen
                state.overlay = nil
            } catch {
                form.problem = error.description
                state.overlay = .frontMatter(form)
            }
            return
        default:
            _ = form.form.handle(key)
            form.problem = nil
            state.overlay = .frontMatter(form)
        }
    }

    private static func handleNewPostKey(_ state: inout AppState, _ dialog: inout NewPostDialog, _ key: KeyEvent)
        -> [AppEffect]
    {
        defer { if case .newPost = state.overlay { state.overlay = .newPost(dialog) } }
        switch key {
        case .escape:
            state.overlay = nil
            return []
        case .enter:
            guard let request = dialog.request else {
                dialog.problem = "Type a title first."
                return []
            }
            return [.createPost(request)]
        default:
            // Tab and ↓ go to the next field, ←/→ change a choice; the form keeps to its fields.
            if key == .down(shift: false) || key == .tab, dialog.form.focus == dialog.form.fields.count - 1 {
                while dialog.form.focus > 0 { _ = dialog.form.handle(.up()) }
                return []
            }
            _ = dialog.form.handle(key)
            dialog.problem = nil
            return []
        }
    }
}
