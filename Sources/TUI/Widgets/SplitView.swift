/// Two panes side by side with a one-column divider (the editor beside its preview).
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
