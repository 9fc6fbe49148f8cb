import TextWidth

/// Every binding of a keymap in a box (`?`), generated from the same table that handles keys.
public struct HelpOverlay {
    public let title: String
    public let rows: [(keys: String, help: String)]

    public init<Action>(title: String, keymap: Keymap<Action>) {
        self.title = title
        rows = keymap.bindings.map { binding in (binding.keys.map(KeyName.of).joined(separator: " / "), binding.help) }
    }

    public func render(into screen: inout Screen, area: Rect) {
        let keyWidth = min(rows.map { DisplayWidth.of($0.keys) }.max() ?? 0, max(4, area.width / 3))
        let width = min(
            area.width,
            max(DisplayWidth.of(title) + 6, keyWidth + 3 + (rows.map { DisplayWidth.of($0.help) }.max() ?? 0) + 4))
        let height = min(area.height, rows.count + 2)
        let box = Rect(
            x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        Box.draw(into: &screen, rect: box, title: title)
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        for (index, row) in rows.prefix(inner.height).enumerated() {
            let y = inner.y + index
            screen.put(
                DisplayWidth.pad(row.keys, to: keyWidth), x: inner.x, y: y, style: Style(.keyHintKey), clip: inner)
            screen.put(row.help, x: inner.x + keyWidth + 2, y: y, clip: inner)
        }
    }
}
