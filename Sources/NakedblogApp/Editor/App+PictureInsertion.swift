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
                return .failed(AppFailure(.removePicture, "\(file): \(error)"))
            }
            return StateChange { _, _ in [] }
        }
    }
}

/// Ctrl-R's path box: Tab completes (`PicturePaths`), Up and Down choose among what it offered.
extension App {
    static func handleImagePathKey(
        _ state: inout AppState, _ prompt: ImagePathPrompt, _ key: KeyEvent, now: TimeInterval
    ) -> [AppEffect] {
        var prompt = prompt
        switch key {
        case .escape:
            state.overlay = nil
            // A picture's path pasted into the editor, declined: it is pasted as the text it is.
            if let pasted = prompt.pasted, var screen = state.editor {
                _ = screen.editor.handle(.paste(pasted), now: now)
                screen.lastEditTime = now
                state.editor = screen
                return refreshPreview(&state)
            }
            return []
        case .enter:
            state.overlay = nil
            let source = prompt.field.text.trimmingCharacters(in: .whitespaces)
            guard !source.isEmpty, let post = state.editor?.path else { return [] }
            return [.copyImage(source: source, post: post)]
        case .tab:
            return [.perform(.completePicturePath(prompt.field.text))]
        case .down(false), .up(false):
            guard !prompt.candidates.isEmpty else { return [] }
            let step = key == .down(shift: false) ? 1 : -1
            let next =
                ((prompt.chosen ?? (step == 1 ? -1 : 0)) + step + prompt.candidates.count) % prompt.candidates.count
            prompt.chosen = next
            prompt.field = TextField(prompt.candidates[next])
        default:
            _ = prompt.field.handle(key)
            prompt.candidates = []
            prompt.chosen = nil
        }
        state.overlay = .imagePath(prompt)
        return []
    }

    /// A paste into the editor that is one picture's path (`/…`, `~/…`, `file://…`, quoted or
    /// not) opens Ctrl-R's box with it: Enter adds the picture, Esc pastes the text.
    static func pastedPicturePath(_ text: String) -> String? {
        var path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !path.contains("\n") else { return nil }
        for quote in ["'", "\""] where path.hasPrefix(quote) && path.hasSuffix(quote) && path.count > 1 {
            path = String(path.dropFirst().dropLast())
        }
        if path.hasPrefix("file://") { path = String(path.dropFirst(7)).removingPercentEncoding ?? path }
        guard path.hasPrefix("/") || path.hasPrefix("~/"),
            PicturePaths.pictureExtensions.contains((path as NSString).pathExtension.lowercased())
        else { return nil }
        return path
    }
}

extension SiteTask {
    /// Tab in Ctrl-R's box: the candidates for `typed`, landed in the box if it still shows it.
    static func completePicturePath(_ typed: String) -> SiteTask {
        SiteTask("complete-picture-path \(typed)", readsOnly: true) { context in
            let candidates = PicturePaths.candidates(
                for: typed, site: context.site, restricted: context.restricted, environment: context.environment,
                author: context.author?.email)
            return StateChange { state, _ in
                guard case .imagePath(var prompt)? = state.overlay, prompt.field.text == typed else { return [] }
                prompt.candidates = candidates
                prompt.chosen = nil
                if candidates.count == 1 {
                    prompt.field = TextField(candidates[0])
                    // A folder: its pictures are offered at the next Tab.
                    if !candidates[0].hasSuffix("/") { prompt.candidates = [] }
                } else {
                    let common = PicturePaths.commonStart(candidates)
                    if common.count > typed.count { prompt.field = TextField(common) }
                }
                state.overlay = .imagePath(prompt)
                return []
            }
        }
    }
}
