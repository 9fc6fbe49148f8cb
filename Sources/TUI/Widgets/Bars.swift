import TextWidth

/// The bottom line: `key label` pairs from a keymap, as many as fit.
public struct KeyHintBar {
    public let hints: [(key: String, label: String)]

    public init(hints: [(key: String, label: String)]) { self.hints = hints }

    public func render(into screen: inout Screen, area: Rect) {
        screen.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: Style(.keyHint))
        var x = area.x
        for (key, label) in hints {
            let width = DisplayWidth.of(key) + 1 + DisplayWidth.of(label)
            guard x + width <= area.x + area.width else { break }
            x = screen.put(key, x: x, y: area.y, style: Style(.keyHintKey), clip: area)
            x = screen.put(" " + label, x: x, y: area.y, style: Style(.keyHint), clip: area)
            x += 2
        }
    }
}

/// A one-line status: text on the left, text on the right (the right side wins when space is short).
public struct StatusBar {
    public var left: String
    public var right: String

    public init(left: String, right: String = "") {
        self.left = left
        self.right = right
    }

    public func render(into screen: inout Screen, area: Rect) {
        let style = Style(.statusBar)
        screen.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: style)
        let rightWidth = min(DisplayWidth.of(right), area.width)
        let rightText = DisplayWidth.truncate(right, to: rightWidth)
        screen.put(
            " " + DisplayWidth.truncate(left, to: max(0, area.width - rightWidth - 3)), x: area.x, y: area.y,
            style: style, clip: area)
        screen.put(
            rightText, x: area.x + area.width - DisplayWidth.of(rightText) - (rightWidth < area.width ? 1 : 0),
            y: area.y, style: style, clip: area)
    }
}

/// A labelled progress bar: `label  [████░░░░]  45%  12.3 MiB/s  ETA 3s`.
public struct ProgressBar {
    public var label: String
    /// 0…1, or nil for "working" without a known total.
    public var fraction: Double?
    /// Extra text after the percentage (rate, ETA).
    public var detail: String

    public init(label: String, fraction: Double?, detail: String = "") {
        self.label = label
        self.fraction = fraction
        self.detail = detail
    }

    public func render(into screen: inout Screen, area: Rect) {
        let labelWidth = min(DisplayWidth.of(label), max(0, area.width / 3))
        var x =
            screen.put(
                DisplayWidth.pad(label, to: labelWidth), x: area.x, y: area.y, style: Style(.normal, bold: true),
                clip: area) + 1
        let percent = fraction.map { String(format: "%3d%%", Int(($0 * 100).rounded(.down))) } ?? " …  "
        let tail = " " + percent + (detail.isEmpty ? "" : "  " + detail)
        let barWidth = max(4, area.x + area.width - x - DisplayWidth.of(tail) - 2)
        let filled = fraction.map { Int((Double(barWidth) * min(1, max(0, $0))).rounded(.down)) } ?? 0
        x = screen.put("[", x: x, y: area.y, style: Style(.border), clip: area)
        x = screen.put(String(repeating: "█", count: filled), x: x, y: area.y, style: Style(.success), clip: area)
        x = screen.put(
            String(repeating: "░", count: barWidth - filled), x: x, y: area.y, style: Style(.dim), clip: area)
        x = screen.put("]", x: x, y: area.y, style: Style(.border), clip: area)
        screen.put(tail, x: x, y: area.y, style: Style(.normal), clip: area)
    }
}
