import Blog
import Foundation
import TUI
import Workflows

/// A picture added with Ctrl-R goes in as a paragraph of its own — a blank line before and
/// after it — so the preview and the generators show it as a picture, never glued to the text at
/// the cursor as an inline image.
extension App {
    static func insertPicture(_ state: inout AppState, _ prompt: ImageAltPrompt, now: TimeInterval) -> [AppEffect] {
        guard var screen = state.editor, screen.path == prompt.path else { return [] }
        let alt = prompt.field.text.replacingOccurrences(of: "]", with: "")
        let text = pictureParagraph(
            "![\(alt)](\(prompt.link))", in: screen.editor.buffer, at: screen.editor.cursor)
        _ = screen.editor.handle(.paste(text), now: now)
        screen.lastEditTime = now
        state.editor = screen
        toast(&state, prompt.done + (alt.isEmpty ? " (no alt text: the publish sheet will name it)" : ""), now: now)
        return refreshPreview(&state)
    }

    /// `reference` with the line breaks that make it a paragraph of its own at `cursor`: text
    /// before the cursor on its line, or a line of text above, gets a blank line between; text
    /// after the cursor, or a line of text below, likewise.
    static func pictureParagraph(_ reference: String, in buffer: TextBuffer, at cursor: TextPosition) -> String {
        let line = buffer.line(cursor.line)
        let before = line[..<min(cursor.column, line.count)], after = line[min(cursor.column, line.count)...]
        func blank<S: Sequence<Character>>(_ text: S) -> Bool { text.allSatisfy { $0 == " " || $0 == "\t" } }
        let textAbove = cursor.line > 0 && !blank(buffer.line(cursor.line - 1))
        let textBelow = cursor.line + 1 < buffer.lineCount && !blank(buffer.line(cursor.line + 1))
        let lead = !blank(before) ? "\n\n" : textAbove ? "\n" : ""
        let trail = !blank(after) ? "\n\n" : textBelow ? "\n" : ""
        return lead + reference + trail
    }
}

extension SiteTask {
    /// Removes a picture Ctrl-R just copied into the site, when the writer cancels its insertion.
    static func removeAddedPicture(_ file: String) -> SiteTask {
        SiteTask("remove-added-picture \(file)") { context in
            let path = context.site.absolute(file)
            do {
                try SiteContainment.require(path, insideSite: context.site.root, display: file)
                try FileManager.default.removeItem(atPath: path)
            } catch {
                return .failed("Cannot remove the picture", "\(file): \(error)")
            }
            return StateChange { _, _ in [] }
        }
    }
}
