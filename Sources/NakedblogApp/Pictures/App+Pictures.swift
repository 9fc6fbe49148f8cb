import Blog
import Foundation
import Preview
import TUI
import Workflows

extension App {
    /// A terminal's answer to the start's questions: pictures drawn another way are asked again.
    static func terminalReplied(_ state: inout AppState, _ reply: TerminalReply) -> [AppEffect] {
        guard state.pictures.take(reply) else { return [] }
        return requestPictures(&state)
    }

    /// Asks for the drawings the preview's pictures near the view need and lack (each once, off
    /// the loop): those within three screens of the cursor's line (the view is where the cursor
    /// is), so a post of a hundred pictures draws what is read, and moving the cursor asks for more.
    static func requestPictures(_ state: inout AppState) -> [AppEffect] {
        guard let screen = state.editor, !screen.pictureLines.isEmpty, let area = previewArea(state),
            let canvas = state.pictures.canvas(columns: area.width - 1, rows: area.height)
        else { return [] }
        let cursor = firstPreviewLine(screen.preview, atOrAfter: screen.editor.cursor.line + 1)
        let near = (cursor - 3 * area.height)...(cursor + 3 * area.height)
        var effects: [AppEffect] = []
        for index in screen.pictureLines where near.contains(index) {
            guard let picture = screen.preview[index].picture, let file = picture.file else { continue }
            let key = PictureKey(file: file, version: picture.version, canvas: canvas)
            guard state.pictures.drawn[key] == nil, !state.pictures.pending.contains(key),
                state.pictures.failed[key] == nil
            else { continue }
            state.pictures.pending.insert(key)
            effects.append(.perform(drawPicture(key)))
        }
        return effects
    }

    /// The first of `lines` (their source lines never decrease) from source line `top` on.
    static func firstPreviewLine(_ lines: [PreviewLine], atOrAfter top: Int) -> Int {
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].sourceLine >= top { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The preview pane's area, when one is shown.
    static func previewArea(_ state: AppState) -> Rect? {
        guard let screen = state.editor else { return nil }
        return EditorLayout(
            columns: state.columns, rows: state.rows, showPreview: screen.showPreview, textOnly: screen.hideSplitPreview
        ).preview
    }

    /// Has the helper draw the picture, read inside the site only (`PictureDrawing.draw(file:…)`).
    static func drawPicture(_ key: PictureKey) -> SiteTask {
        SiteTask(
            "draw-picture \(key.file) \(key.canvas.columns)x\(key.canvas.rows) \(key.canvas.format)", readsOnly: true
        ) { context in
            let outcome: Result<DrawnPicture, WorkflowError>
            do throws(WorkflowError) {
                outcome = .success(
                    try PictureDrawing.draw(file: key.file, insideSite: context.site.root, on: key.canvas))
            } catch {
                outcome = .failure(error)
            }
            return StateChange { state, _ in
                switch outcome {
                case .success(let picture): state.pictures.keep(picture, for: key)
                case .failure(let error):
                    state.pictures.pending.remove(key)
                    state.pictures.failed[key] = error.description
                }
                return []
            }
        }
    }
}
