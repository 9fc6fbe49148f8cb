import TextWidth

/// A form of typed fields (the front-matter form, the new-post dialog): text, toggle, date, tag
/// lists that complete from a vocabulary, and a choice among options. ↑/↓ or Tab move between fields; each field edits in place.
public struct Form: Sendable {
    public enum Kind: Sendable, Equatable {
        case text
        case toggle
        /// A date typed as text and checked by `validate` (the caller knows the format rules).
        case date
        /// Comma-separated items; Tab completes the last one from `vocabulary`.
        case tags(vocabulary: [String])
        /// One of `options`, changed with ←/→ or Space (shown `‹ option ›`).
        case choice(options: [String])
    }

    public struct Field: Sendable {
        public let label: String
        public let kind: Kind
        public var editor: TextField
        public var isOn: Bool
        /// A problem with the current value (shown under the form), or nil.
        public var problem: String?

        public init(label: String, kind: Kind, value: String = "", isOn: Bool = false) {
            self.label = label
            self.kind = kind
            editor = TextField(value)
            self.isOn = isOn
        }

        /// The items of a tag field.
        public var items: [String] {
            editor.text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    public var fields: [Field]
    public private(set) var focus = 0
    /// Checks a date field's text; returns a problem or nil.
    public var validateDate: @Sendable (String) -> String? = { _ in nil }

    public init(fields: [Field]) { self.fields = fields }

    /// Handles a key; false when it is not the form's (e.g. Esc, Enter for the caller).
    public mutating func handle(_ key: KeyEvent) -> Bool {
        switch key {
        case .up(false), .backTab: focus = max(0, focus - 1); return true
        case .down(false): focus = min(fields.count - 1, focus + 1); return true
        case .tab:
            if case .tags(let vocabulary) = fields[focus].kind, complete(from: vocabulary) { return true }
            focus = min(fields.count - 1, focus + 1)
            return true
        default: break
        }
        var field = fields[focus]
        defer { fields[focus] = field }
        if field.kind == .toggle {
            guard key == .character(" ") || key == .enter || key == .character("x") else { return false }
            field.isOn.toggle()
            return true
        }
        if case .choice(let options) = field.kind {
            guard !options.isEmpty, key == .left() || key == .right() || key == .character(" ") else { return false }
            let index = options.firstIndex(of: field.editor.text) ?? 0
            let step = key == .left() ? options.count - 1 : 1
            field.editor = TextField(options[(index + step) % options.count])
            return true
        }
        guard key != .enter, field.editor.handle(key) else { return false }
        if field.kind == .date { field.problem = validateDate(field.editor.text) }
        return true
    }

    /// Completes the last tag of the focused field from `vocabulary` (the shortest match).
    private mutating func complete(from vocabulary: [String]) -> Bool {
        let text = fields[focus].editor.text
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard let last = parts.last?.trimmingCharacters(in: .whitespaces), !last.isEmpty,
            let match = vocabulary.filter({ $0.lowercased().hasPrefix(last.lowercased()) && $0 != last }).min(by: {
                $0.count < $1.count
            })
        else { return false }
        let head = parts.dropLast().joined(separator: ",")
        fields[focus].editor = TextField((head.isEmpty ? "" : head + ", ") + match + ", ")
        return true
    }

    /// Draws one field per row (`label  value`), the focused one highlighted; returns the cursor.
    @discardableResult
    public func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let labelWidth = min(fields.map { DisplayWidth.of($0.label) }.max() ?? 0, area.width / 3)
        var cursor: (Int, Int)?
        for (index, field) in fields.enumerated() where index < area.height {
            let y = area.y + index
            let focused = index == focus
            screen.put(
                DisplayWidth.pad(field.label, to: labelWidth), x: area.x, y: y,
                style: Style(focused ? .keyHintKey : .dim), clip: area)
            let valueArea = Rect(
                x: area.x + labelWidth + 2, y: y, width: max(1, area.width - labelWidth - 2), height: 1)
            switch field.kind {
            case .toggle:
                screen.put(
                    field.isOn ? "[x]" : "[ ]", x: valueArea.x, y: y, style: Style(focused ? .selection : .normal),
                    clip: valueArea)
            case .choice:
                screen.put(
                    "‹ " + field.editor.text + " ›", x: valueArea.x, y: y, style: Style(focused ? .selection : .normal),
                    clip: valueArea)
            default:
                let style = field.problem != nil ? Style(.error, underline: true) : Style(.normal, underline: focused)
                let column = field.editor.render(into: &screen, area: valueArea, style: style, focused: focused)
                if focused { cursor = (column, y) }
            }
        }
        if let problem = fields.first(where: { $0.problem != nil })?.problem, fields.count < area.height {
            screen.put(problem, x: area.x, y: area.y + fields.count, style: Style(.error), clip: area)
        }
        return cursor
    }
}
