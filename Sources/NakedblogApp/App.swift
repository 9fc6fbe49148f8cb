import Blog
import Foundation
import GitOps
import TUI

/// The app's pure core: `update` turns a message into a new state and effects.
public enum App {
    /// Applies `message` to `state`; returns the effects to run. `now` is the clock (seconds).
    public static func update(_ state: inout AppState, _ message: AppMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .key(.resize):
            return []
        case .key(.terminalReply(let reply)):
            return terminalReplied(&state, reply)
        case .key(let key):
            // A key that moved the view may bring pictures near it.
            return handleKey(&state, key, now: now) + (state.page == .editor ? requestPictures(&state) : [])
        case .resized(let columns, let rows):
            state.columns = columns
            state.rows = rows
            state.browse.scroll(height: BrowseLayout.listHeight(rows: rows))
            return refreshPreview(&state) + requestPictures(&state)
        case .pasteArriving(let bytes):
            // Shown while a long paste comes in; it lands as one edit when it ends.
            toast(
                &state,
                "Pasting… " + ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .file) + " so far",
                now: now)
            return []
        case .tick(let time):
            if state.toast != nil, time >= state.toastExpires { state.toast = nil }
            abandonSlowPreview(&state, now: time)
            if let editor = state.editor, editor.frozenStatus != nil,
                time - editor.lastEditTime >= EditorScreen.statusPause
            {
                state.editor?.frozenStatus = nil
            }
            return journalIfDue(&state, now: time) + refreshPreview(&state, evenIfLarge: false, now: time)
        default:
            return handleResult(&state, message, now: now)
        }
    }

    /// Unsaved text goes to the recovery journal 2 s after the last keystroke.
    static func journalIfDue(_ state: inout AppState, now: TimeInterval) -> [AppEffect] {
        guard var editor = state.editor, editor.resolvingConflict == nil, editor.editor.isDirty,
            editor.journaledRevision != editor.editor.revision,
            now - editor.lastEditTime >= 2
        else { return [] }
        editor.journaledRevision = editor.editor.revision
        state.editor = editor
        return [.writeJournal(path: editor.path, text: editor.editor.text)]
    }

    /// Shows a short message at the bottom for a few seconds.
    static func toast(_ state: inout AppState, _ text: String, isError: Bool = false, now: TimeInterval) {
        state.toast = Toast(text, isError: isError)
        state.toastExpires = now + (isError ? 8 : 4)
    }

    static func handleKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        // A window below the minimum size still takes every key (typing on while resizing
        // loses nothing); only the drawing waits for room.
        if state.overlay != nil { return handleOverlayKey(&state, key, now: now) }
        switch state.page {
        case .start: return handleStartKey(&state, key, now: now)
        case .clone: return handleCloneKey(&state, key, now: now)
        case .browse: return handleBrowseKey(&state, key, now: now)
        case .editor: return handleEditorKey(&state, key, now: now)
        }
    }
}
