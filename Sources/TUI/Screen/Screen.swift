import TextWidth

/// An in-memory grid of cells that widgets draw into; the terminal backend shows it, tests read it.
public struct Screen: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Pictures the terminal draws over cells after the frame (see `Graphic`).
    public var graphics: [Graphic] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` at (x, y), clipped to `clip` (default: the screen); returns the column after it.
    /// Wide characters take two cells and are never split: one that would straddle the edge is
    /// replaced by a space. Zero-width characters join the cell before them. Control characters
    /// are drawn as their visible stand-ins (`TerminalText`): no cell ever holds one.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .normal, clip: Rect? = nil) -> Int {
        let area = clip ?? bounds
        guard y >= area.y, y < area.y + area.height, y >= 0, y < height else { return x }
        let right = min(area.x + area.width, width)
        // Printable ASCII (most of what is drawn): one column a byte, nothing to clean.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            var column = x
            for byte in text.utf8 {
                if column >= right { return right }
                if column >= area.x && column >= 0 {
                    clearWide(at: column, y: y)
                    self[column, y] = Cell(text.utf8.count == 1 ? text : String(UnicodeScalar(byte)), style: style)
                }
                column += 1
            }
            return column
        }
        let text = TerminalText.visible(text)
        var column = x
        for character in text {
            let w = DisplayWidth.of(character)
            if w == 0 {
                // Combining mark or zero-width: attach to the previous visible cell.
                if column - 1 >= max(area.x, 0), column - 1 < right {
                    var target = column - 1
                    if self[target, y].isContinuation, target > 0 { target -= 1 }
                    self[target, y].text += String(character)
                }
                continue
            }
            if column + w > right {
                if column < right, column >= area.x { self[column, y] = Cell(" ", style: style) }
                return right
            }
            if column >= area.x && column >= 0 {
                clearWide(at: column, y: y)
                self[column, y] = Cell(String(character), style: style)
                if w == 2 {
                    clearWide(at: column + 1, y: y)
                    self[column + 1, y] = Cell("", style: style)
                }
            }
            column += w
        }
        return column
    }

    /// Fills `rect` with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .normal) {
        for y in max(0, rect.y)..<min(height, rect.y + rect.height) {
            let left = max(0, rect.x), right = min(width, rect.x + rect.width)
            guard left < right else { continue }
            // A wide character cut in half at either edge becomes a space, as with `put`.
            clearWide(at: left, y: y)
            clearWide(at: right - 1, y: y)
            for x in left..<right { self[x, y] = Cell(String(character), style: style) }
        }
    }

    /// Keeps the grid consistent when a cell that is half of a wide character is overwritten.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        if self[x, y].isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        if x + 1 < width, self[x + 1, y].isContinuation, !self[x, y].isContinuation {
            self[x + 1, y] = Cell(" ", style: self[x + 1, y].style)
        }
    }

    /// The rows as text (continuation cells skipped), for snapshots.
    public func lines(trimmingTrailingSpaces: Bool = false) -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            if trimmingTrailingSpaces { while line.last == " " { line.removeLast() } }
            return line
        }
    }
}

extension Screen {
    /// A run of cells that changed since another frame: what the backend must redraw.
    public struct Change: Sendable, Equatable {
        public let x: Int
        public let y: Int
        public let cells: [Cell]
    }

    /// The changed runs from `previous` to this frame (all cells when the sizes differ).
    public func changes(since previous: Screen?) -> [Change] {
        var changes: [Change] = []
        let all = previous == nil || previous!.width != width || previous!.height != height
        for y in 0..<height {
            var x = 0
            while x < width {
                guard all || self[x, y] != previous![x, y] else { x += 1; continue }
                var run: [Cell] = []
                let start = x
                while x < width, all || self[x, y] != previous![x, y] || (x > start && self[x, y].isContinuation) {
                    run.append(self[x, y])
                    x += 1
                }
                // A run that starts on a continuation cell must include the wide character before it.
                if run.first?.isContinuation == true, start > 0 {
                    changes.append(Change(x: start - 1, y: y, cells: [self[start - 1, y]] + run))
                } else {
                    changes.append(Change(x: start, y: y, cells: run))
                }
            }
        }
        return changes
    }
}
