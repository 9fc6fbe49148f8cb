import TextWidth

/// A scrolling list with a selection and an incremental filter. Items are rows of text; the
/// caller decides what a row says (and keeps the real items).
public struct ListView: Sendable {
    /// All rows, unfiltered.
    public var rows: [String] {
        didSet { clamp() }
    }
    /// Case-insensitive words that must all appear in a row; empty shows every row.
    public var filter: String = "" {
        didSet { selected = 0; top = 0 }
    }
    /// Index into `visibleIndices` of the selected row.
    public private(set) var selected = 0
    private var top = 0

    public init(rows: [String]) { self.rows = rows }

    /// Indices (into `rows`) of the rows the filter lets through.
    public var visibleIndices: [Int] {
        let words = filter.lowercased().split(separator: " ")
        guard !words.isEmpty else { return Array(rows.indices) }
        return rows.indices.filter { index in
            let row = rows[index].lowercased()
            return words.allSatisfy { row.contains($0) }
        }
    }

    /// The selected row's index into `rows`, if any row is visible.
    public var selectedIndex: Int? {
        let visible = visibleIndices
        return visible.isEmpty ? nil : visible[min(selected, visible.count - 1)]
    }

    /// Moves the selection; `pageSize` is the height the list was last drawn with.
    public mutating func handle(_ key: KeyEvent, pageSize: Int) -> Bool {
        let count = visibleIndices.count
        guard count > 0 else { return false }
        switch key {
        case .up(false), .character("k", false): selected = max(0, selected - 1)
        case .down(false), .character("j", false): selected = min(count - 1, selected + 1)
        case .pageUp: selected = max(0, selected - max(1, pageSize - 1))
        case .pageDown: selected = min(count - 1, selected + max(1, pageSize - 1))
        case .home, .character("g", false): selected = 0
        case .end, .character("G", false): selected = count - 1
        default: return false
        }
        return true
    }

    /// Draws the visible rows, the selected one highlighted, scrolling to keep it in view.
    public mutating func render(into screen: inout Screen, area: Rect) {
        let visible = visibleIndices
        guard area.height > 0 else { return }
        if selected < top { top = selected }
        if selected >= top + area.height { top = selected - area.height + 1 }
        top = max(0, min(top, max(0, visible.count - area.height)))
        for row in 0..<area.height {
            let position = top + row
            guard position < visible.count else { break }
            let isSelected = position == selected
            let style = isSelected ? Style(.selection) : Style(.normal)
            if isSelected { screen.fill(Rect(x: area.x, y: area.y + row, width: area.width, height: 1), style: style) }
            screen.put(
                DisplayWidth.truncate(rows[visible[position]], to: area.width), x: area.x, y: area.y + row,
                style: style, clip: area)
        }
    }

    private mutating func clamp() {
        selected = max(0, min(selected, visibleIndices.count - 1))
    }
}
