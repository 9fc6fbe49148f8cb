import TextWidth

/// Lines of styled text in a scrolling viewport (the preview pane), and a vertical split with a
/// divider (editor | preview).
public struct ScrollView: Sendable {
    /// Each line as styled runs.
    public var lines: [[(text: String, style: Style)]]
    public private(set) var offset = 0

    public init(lines: [[(text: String, style: Style)]]) { self.lines = lines }

    /// Scrolls so that `line` is at the top (clamped when drawn).
    public mutating func scroll(to line: Int) { offset = max(0, line) }

    public mutating func handle(_ key: KeyEvent, pageHeight: Int) -> Bool {
        switch key {
        case .up(false): offset = max(0, offset - 1)
        case .down(false): offset += 1
        case .pageUp: offset = max(0, offset - max(1, pageHeight - 1))
        case .pageDown: offset += max(1, pageHeight - 1)
        case .home: offset = 0
        case .end: offset = lines.count
        default: return false
        }
        return true
    }

    public mutating func render(into screen: inout Screen, area: Rect) {
        offset = min(offset, max(0, lines.count - area.height))
        for row in 0..<area.height where offset + row < lines.count {
            var x = area.x
            for run in lines[offset + row] {
                x = screen.put(run.text, x: x, y: area.y + row, style: run.style, clip: area)
            }
        }
    }
}

/// Splits a rect into left and right panes with a one-column divider.
public enum SplitView {
    /// The two panes; `ratio` is the left pane's share.
    public static func panes(of area: Rect, ratio: Double = 0.5) -> (left: Rect, divider: Rect, right: Rect) {
        let left = max(1, Int(Double(area.width - 1) * ratio))
        let parts = area.columns([.fixed(left), .fixed(1), .fill(1)])
        return (parts[0], parts[1], parts[2])
    }

    public static func drawDivider(into screen: inout Screen, _ divider: Rect) {
        for y in divider.y..<(divider.y + divider.height) { screen.put("│", x: divider.x, y: y, style: Style(.border)) }
    }
}
