import TextWidth

/// A one-line text input: cursor by grapheme, Home/End, word delete (^W), kill to start (^U),
/// paste; `secret` shows bullets (passwords are never drawn).
public struct TextField: Sendable, Equatable {
    public private(set) var text: String
    /// Cursor position in graphemes.
    public private(set) var cursor: Int
    public var secret: Bool
    /// The whole text is selected (a search field opened with the last query): the first
    /// character typed or pasted replaces it, Backspace clears it, a movement key keeps it.
    public private(set) var allSelected: Bool

    public init(_ text: String = "", secret: Bool = false, selected: Bool = false) {
        self.text = text
        cursor = text.count
        self.secret = secret
        allSelected = selected && !text.isEmpty
    }

    /// Applies an editing key; false when the key is not an editing key.
    public mutating func handle(_ key: KeyEvent) -> Bool {
        var characters = Array(text)
        if allSelected {
            allSelected = false
            switch key {
            case .backspace, .delete, .control("d"), .controlBackspace:
                text = ""
                cursor = 0
                return true
            case .character(_, false), .paste:
                characters = []
                cursor = 0
            default: break
            }
        }
        switch key {
        case .character(let c, false):
            characters.insert(c, at: cursor)
            cursor += 1
        case .paste(let pasted):
            let single = pasted.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
            characters.insert(contentsOf: single, at: cursor)
            cursor += single.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .controlDelete, .character("d", true):
            var end = cursor
            while end < characters.count, characters[end] == " " { end += 1 }
            while end < characters.count, characters[end] != " " { end += 1 }
            characters.removeSubrange(cursor..<end)
        case .left(false), .control("b"): cursor = max(0, cursor - 1)
        case .right(false), .control("f"): cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("w"), .controlBackspace:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        text = String(characters)
        return true
    }

    /// Draws the field and returns the cursor's column (the backend places the terminal cursor there).
    /// A field without focus too long for its area shows its beginning, cut with `…`; the focused
    /// one scrolls to keep the cursor in view.
    @discardableResult
    public func render(
        into screen: inout Screen, area: Rect, style: Style = Style(.normal, underline: true), focused: Bool = true
    ) -> Int {
        let shown = secret ? String(repeating: "•", count: text.count) : text
        let characters = Array(shown)
        if !focused, DisplayWidth.of(shown) > area.width {
            screen.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: style)
            screen.put(DisplayWidth.truncate(shown, to: area.width), x: area.x, y: area.y, style: style, clip: area)
            return area.x
        }
        if allSelected {
            screen.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: style)
            screen.put(
                DisplayWidth.truncate(shown, to: area.width), x: area.x, y: area.y, style: Style(.selection), clip: area
            )
            return area.x + min(area.width - 1, DisplayWidth.of(shown))
        }
        let beforeCursor = String(characters.prefix(cursor))
        // Scroll so the cursor stays visible.
        var start = 0
        while DisplayWidth.of(String(characters[start..<cursor])) >= area.width, start < cursor { start += 1 }
        screen.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), style: style)
        screen.put(String(characters[start...]), x: area.x, y: area.y, style: style, clip: area)
        return area.x + DisplayWidth.of(beforeCursor) - DisplayWidth.of(String(characters[..<start]))
    }
}
