import TUI
import TextWidth

extension ImageAltPrompt {
    /// The alt-text question over the editor; returns the field's cursor.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let prompt = self
        return OverlayRender.fieldBox(
            "Alt text", question: "Describe the picture (its alt text, read to those who cannot see it):",
            keys: "Enter inserts it as its own paragraph · Esc adds nothing", field: prompt.field,
            into: &screen, area: area)
    }
}

extension ImagePathPrompt {
    /// The picture's path, with completions; returns the field's cursor.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let prompt = self
        let shown = Array(prompt.candidates.prefix(max(0, area.height - 12)))
        var lines = [
            prompt.pasted == nil
                ? "Path of the picture (fitted into this post's bundle without its"
                : "You pasted a picture's path. Add the picture (fitted without its",
            "metadata, then put in at the cursor as its own paragraph):", "", "",
        ]
        lines += shown.map { "  " + TerminalText.visible($0) } + (shown.isEmpty ? [] : [""])
        lines.append(
            prompt.pasted == nil
                ? "Enter adds · Tab completes" + (shown.isEmpty ? "" : ", ↑↓ choose") + " · Esc cancels"
                : "Enter adds it · Tab completes · Esc pastes the text instead")
        var styles: [Int: Style] = [:]
        if let chosen = prompt.chosen, chosen < shown.count { styles[4 + chosen] = Style(.selection) }
        guard
            let inner = OverlayRender.box(
                title: "Add an image", lines: lines, styles: styles, minWidth: 60, into: &screen, area: area)
        else { return nil }
        return (
            prompt.field.render(
                into: &screen, area: Rect(x: inner.x, y: inner.y + 3, width: inner.width, height: 1)),
            inner.y + 3
        )
    }
}
