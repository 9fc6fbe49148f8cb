import Blog
import Foundation
import Preview
import TUI

extension App {
    /// Results about the post being edited: opened, saved, created, previewed, recovered.
    static func handlePostResult(_ state: inout AppState, _ message: AppMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .postOpened(let path, let text, let stamp, let at):
            guard let site = state.site else { return [] }
            var screen = EditorScreen(path: path, file: site.absolute(path), text: text, stamp: stamp)
            screen.editor.tabWidth = state.tabWidth
            // Where the writer left it last time, unless told where to go (below).
            var restore: [AppEffect] = [.perform(.restorePosition(path))]
            if let previous = state.editor, previous.path == path {
                // Opened again (after an external edit, or from the list): stay where the user was.
                screen.keepPlace(of: previous)
                restore = []
            }
            var spelling: [AppEffect] = []
            switch at {
            case .lastPlace: break
            case .body:
                screen.editor.goToLine(firstBodyLine(text) + 1)
                restore = []
            case .line(let line):
                restore = []
                screen.editor.goToLine(line)
                // As vim does with +N: the line mid-screen, with what leads to it above.
                screen.view.centreOnCursor()
            case .firstMisspelling:
                spelling = findMisspelling(&state, &screen, forward: true)
            }
            state.editor = screen
            state.page = .editor
            return refreshPreview(&state) + spelling + restore
        case .postBeingEdited(let path, let author):
            guard var screen = state.editor, screen.path == path else { return [] }
            screen.readOnlyBecause = "\(author) is editing this post"
            state.editor = screen
            return []
        case .postReadOnly(let path, let reason):
            guard var screen = state.editor, screen.path == path else { return [] }
            screen.readOnlyBecause = reason
            state.editor = screen
            return []
        case .postReloaded(let path, let text, let stamp):
            // Only into the same post, and only if nothing was typed since the reload was asked
            // for (that text is the user's; a save then notices the file changed on disk). The
            // page stays what it is: a publish that ends after the user left the editor does not
            // bring the editor back.
            // Never into a conflict being resolved by hand (its text is the markers, not the file).
            guard let site = state.site, let previous = state.editor, previous.path == path, !previous.editor.isDirty,
                previous.resolvingConflict == nil
            else { return [] }
            // The same text (the editor's own save, seen on disk): the editor and its undo stay.
            if previous.editor.text == text {
                state.editor?.diskStamp = stamp
                return []
            }
            var screen = EditorScreen(path: path, file: site.absolute(path), text: text, stamp: stamp)
            screen.keepPlace(of: previous)
            state.editor = screen
            return refreshPreview(&state)
        case .previewRendered(let path, let revision, let width, let lines, let words, let window):
            return previewRendered(
                &state, path: path, revision: revision, width: width, lines: lines, words: words, window: window,
                now: now)
        case .failed(let failure):
            switch failure.what {
            case .savePost:
                // The journal is written again at the next pause (the text is not on disk).
                state.editor?.journaledRevision = -1
            case .createPost:
                // Said inside the dialog, which stays open to fix the title.
                if case .newPost(var dialog) = state.overlay {
                    dialog.problem = failure.reason
                    state.overlay = .newPost(dialog)
                    return []
                }
            default: break
            }
            state.overlay = .message(title: failure.title, lines: failure.lines)
            return []
        case .saved(let path, let stamp, let revision):
            if var editor = state.editor, editor.path == path {
                editor.diskStamp = stamp
                if editor.editor.revision == revision { editor.editor.markSaved() }
                state.editor = editor
            }
            toast(&state, "Saved \(path)", now: now)
            return [refresh(state, [path])]
        case .postCreated(let path, let note):
            state.overlay = nil
            if let note { toast(&state, TerminalText.visible(note), isError: true, now: now) }
            return [.openPost(path, at: .body), refresh(state, [path])]
        case .draftToggled(let path, let movedFrom):
            if let movedFrom {
                toast(&state, "Moved to \(path)", now: now)
                state.browse.selectAfterLoad = path
                if state.editor?.path == movedFrom, let root = state.site?.root {
                    // The open post follows its file (its old stamp names the file that left).
                    state.editor?.path = path
                    state.editor?.file = root + "/" + path
                    state.editor?.diskStamp = nil
                }
                return [refresh(state, [movedFrom, path])]
            }
            toast(&state, "Draft toggled in \(path)", now: now)
            return [refresh(state, [path])]
        case .editorReturned(let path):
            return [.openPost(path), refresh(state, [path])]
        case .recoveryFound(let path, let text, let changed):
            guard changed > 0, let current = state.editor?.editor.text, state.editor?.path == path, current != text
            else {
                return [.discardJournal(path: path)]
            }
            state.overlay = .recovery(path: path, text: text, changedLines: changed)
            return []
        case .saveConflict(let path):
            state.overlay = .diskConflict(path: path)
            return []
        case .imageCopied(let path, let name, let link, let folder, let note):
            guard let screen = state.editor, screen.path == path else { return [] }
            // Its alt text is asked for (a description, from nothing: a file name describes no
            // picture), then it is inserted as its own paragraph.
            state.overlay = .imageAlt(
                ImageAltPrompt(
                    path: path, link: link, file: folder + "/" + name, field: TextField(),
                    done: (link == name ? "Copied \(name) into the bundle" : "Copied \(name) into \(folder)/")
                        + (note.map { ": " + $0 } ?? "")))
            return []
        case .conflictLoaded(let path, let text):
            guard let sheet = state.publish, case .conflict = sheet.phase else { return [] }
            let sitePath = path.hasPrefix(sheet.sitePrefix) ? String(path.dropFirst(sheet.sitePrefix.count)) : path
            var screen = EditorScreen(
                path: sitePath, file: (state.site?.absolute(sitePath)) ?? path, text: text, stamp: nil)
            screen.resolvingConflict = path
            if let marker = TextLines.split(text).firstIndex(where: { $0.hasPrefix("<<<<<<<") }) {
                screen.editor.goToLine(marker + 1)
                screen.view.centreOnCursor()
            }
            state.editor = screen
            state.page = .editor
            return refreshPreview(&state)
        default:
            return []
        }
    }
}
