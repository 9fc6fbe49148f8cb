import TextWidth

/// A centred box with a title, a message and a line of choices (confirm, prompt, choice).
public struct Dialog: Sendable {
    public var title: String
    public var message: [String]
    /// Choice labels with their keys, e.g. [("y", "yes"), ("n", "no")].
    public var choices: [(key: String, label: String)]
    /// An input line (prompt, password), if any.
    public var field: TextField?

    public init(title: String, message: [String], choices: [(key: String, label: String)] = [], field: TextField? = nil)
    {
        self.title = title
        self.message = message
        self.choices = choices
        self.field = field
    }

    /// Draws the dialog centred in `area`; returns the cursor column/row when it has a field.
    @discardableResult
    public func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        // A line wider than the room there is wraps here, between words (update never wraps).
        let message = self.message.flatMap { WordWrap.lines($0, width: max(10, area.width - 4)) }
        let widths =
            [DisplayWidth.of(title) + 4, field == nil ? 0 : 30, choicesWidth] + message.map { DisplayWidth.of($0) }
        let contentWidth = widths.max() ?? 0
        let width = min(area.width, contentWidth + 4)
        let height = min(area.height, message.count + (field == nil ? 0 : 2) + (choices.isEmpty ? 0 : 2) + 2)
        let box = Rect(
            x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        Box.draw(into: &screen, rect: box, title: title)
        var y = box.y + 1
        let inner = Rect(x: box.x + 2, y: box.y + 1, width: box.width - 4, height: box.height - 2)
        for line in message where y < box.y + box.height - 1 {
            screen.put(line, x: inner.x, y: y, clip: inner)
            y += 1
        }
        var cursor: (Int, Int)?
        if let field {
            y += 1
            let column = field.render(into: &screen, area: Rect(x: inner.x, y: y, width: inner.width, height: 1))
            cursor = (column, y)
        }
        if !choices.isEmpty {
            y += 1
            var x = inner.x
            for (key, label) in choices {
                x = screen.put(key, x: x, y: y, style: Style(.keyHintKey), clip: inner)
                x = screen.put(" " + label + "   ", x: x, y: y, style: Style(.normal), clip: inner)
            }
        }
        return cursor
    }

    private var choicesWidth: Int {
        choices.reduce(0) { $0 + DisplayWidth.of($1.key) + DisplayWidth.of($1.label) + 4 }
    }
}

/// Rounded boxes with an optional title in the top border.
public enum Box {
    public static func draw(into screen: inout Screen, rect: Rect, title: String = "", style: Style = Style(.border)) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        screen.fill(rect, style: Style(.normal))
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        screen.put("╭" + String(repeating: "─", count: rect.width - 2) + "╮", x: rect.x, y: rect.y, style: style)
        screen.put("╰" + String(repeating: "─", count: rect.width - 2) + "╯", x: rect.x, y: bottom, style: style)
        for y in (rect.y + 1)..<bottom {
            screen.put("│", x: rect.x, y: y, style: style)
            screen.put("│", x: right, y: y, style: style)
        }
        if !title.isEmpty {
            screen.put(
                " " + DisplayWidth.truncate(title, to: max(0, rect.width - 6)) + " ", x: rect.x + 2, y: rect.y,
                style: Style(.title, bold: true), clip: Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1)
            )
        }
    }
}

/// A short message shown for a few seconds above the status bar.
public struct Toast: Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    public func render(into screen: inout Screen, area: Rect) {
        let text = " " + DisplayWidth.truncate(self.text, to: max(0, area.width - 4)) + " "
        let width = DisplayWidth.of(text)
        screen.put(
            text, x: area.x + area.width - width - 1, y: area.y,
            style: Style(isError ? .error : .success, reverse: true), clip: area)
    }
}
