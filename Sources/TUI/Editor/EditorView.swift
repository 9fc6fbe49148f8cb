import TextWidth

/// Draws an `EditorState` into a rectangle: optional line numbers, soft wrap on or off, markdown
/// highlighting, the selection and the cursor line; keeps the cursor in view.
public struct EditorView: Sendable {
    public var softWrap = true
    public var lineNumbers = false
    /// First buffer line shown.
    public internal(set) var top = 0
    /// The first piece of line `top` shown (a long line is drawn in pieces: `SoftWrap.pieceLength`).
    public internal(set) var topPiece = 0
    /// Rows of that piece scrolled off the top (a line or piece can be taller than the area).
    public internal(set) var topRow = 0
    /// First display column shown when soft wrap is off.
    public private(set) var left = 0
    /// The width lines were wrapped at in the last render (nil when soft wrap is off), for
    /// callers that render and then move (tests, the benchmark); the app computes it from the
    /// layout instead (`wrapWidth(areaWidth:lineCount:)`).
    public private(set) var wrapWidth: Int?
    /// Highlighting state at the start of each line, valid for `cachedRevision`.
    private var lineStates: [MarkdownHighlighter.State] = [MarkdownHighlighter.State()]
    private var cachedRevision = 0
    /// Set by `centreOnCursor()`: the next render puts the cursor line in the middle.
    var centrePending = false

    /// Forgets what was cached for the text drawn so far (the view now draws another text, with
    /// revisions of its own).
    public mutating func forgetText() {
        lineStates = [MarkdownHighlighter.State()]
        cachedRevision = 0
    }

    /// The highlighting state at the start of `line`, from the cache (extended as needed).
    private mutating func highlightState(at line: Int, in state: EditorState) -> MarkdownHighlighter.State {
        if state.revision == cachedRevision + 1 {
            lineStates.removeSubrange(min(lineStates.count, state.lastEditLine + 1)...)
        } else if state.revision != cachedRevision {
            lineStates = [MarkdownHighlighter.State()]
        }
        if lineStates.isEmpty { lineStates = [MarkdownHighlighter.State()] }
        cachedRevision = state.revision
        while lineStates.count <= line, lineStates.count <= state.buffer.lineCount {
            let index = lineStates.count - 1
            // Only a line starting with `-`, `+`, a backquote or `~` can change the state: others
            // are not decoded (after a paste, the view may advance over thousands of lines).
            if let lead = state.buffer.lines.leadingByte(at: index), [0x2D, 0x2B, 0x60, 0x7E].contains(lead) {
                lineStates.append(
                    MarkdownHighlighter.advance(state.buffer.head(ofLine: index), state: lineStates[index]))
            } else {
                lineStates.append(MarkdownHighlighter.advance([], state: lineStates[index]))
            }
        }
        return lineStates[min(line, lineStates.count - 1)]
    }

    /// The width lines wrap at when drawn `areaWidth` columns wide (nil when soft wrap is off):
    /// the line-number gutter taken off. The same rule the render uses, for whoever needs it
    /// before a frame (the app's `update`).
    public func wrapWidth(areaWidth: Int, lineCount: Int) -> Int? {
        softWrap ? max(1, areaWidth - gutterWidth(lineCount: lineCount)) : nil
    }

    private func gutterWidth(lineCount: Int) -> Int { lineNumbers ? String(lineCount).count + 1 : 0 }

    /// Asks the next render to scroll the cursor line to the middle of the area (after a jump,
    /// so what comes before and after it are both in view).
    public mutating func centreOnCursor() { centrePending = true }

    public init(softWrap: Bool = true, lineNumbers: Bool = false) {
        self.softWrap = softWrap
        self.lineNumbers = lineNumbers
    }

    /// Renders and returns the cursor's screen position. Only the lines (and the pieces of long
    /// lines) in view are laid out.
    @discardableResult
    /// `underlined`: character ranges by line drawn underlined (misspelled words).
    public mutating func render(
        _ state: EditorState, into screen: inout Screen, area: Rect,
        underlined: [Int: [Range<Int>]] = [:]
    ) -> (x: Int, y: Int) {
        let buffer = state.buffer
        let gutter = gutterWidth(lineCount: buffer.lineCount)
        let textArea = Rect(x: area.x + gutter, y: area.y, width: max(1, area.width - gutter), height: area.height)
        wrapWidth = wrapWidth(areaWidth: area.width, lineCount: buffer.lineCount)
        let layoutWidth = softWrap ? textArea.width : Int.max / 4
        let cursorUnit = scrollToCursor(state, width: layoutWidth, height: area.height)

        while true {
            var cursorPosition: (Int, Int)?
            var row = -topRow
            var unit: Unit? = Unit(line: top, piece: topPiece)
            screen.fill(area)
            while row < area.height, let current = unit {
                let lineIndex = current.line
                let piece = Self.layout(current, state, width: layoutWidth)
                // Highlighting state depends on everything above (front matter, fences): cached per line.
                let lineState = highlightState(at: lineIndex, in: state)
                let styles = MarkdownHighlighter.styles(Array(piece.characters), state: lineState).0
                // The front-matter block is marked by a background across its rows.
                let isFrontMatter = lineState.inFrontMatter || styles.first?.role == .frontMatter
                let marks = underlined[lineIndex] ?? []
                func markRow(_ row: Int) {
                    if isFrontMatter, row >= 0, row < area.height {
                        screen.fill(
                            Rect(x: textArea.x, y: area.y + row, width: textArea.width, height: 1),
                            style: Style(.frontMatter))
                    }
                }
                markRow(row)
                if lineNumbers && current.piece == 0 && row >= 0 {
                    let number = String(lineIndex + 1)
                    screen.put(
                        String(repeating: " ", count: gutter - 1 - number.count) + number, x: area.x, y: area.y + row,
                        style: Style(lineIndex == state.cursor.line ? .marker : .dim))
                }
                // Lay the piece out into rows (wrapped between words where it can be).
                let starts = piece.starts
                var nextStart = 1
                var x = 0
                for (index, character) in piece.characters.enumerated() {
                    let column = piece.offset + index
                    let width = piece.widths[index]
                    if nextStart < starts.count, index == starts[nextStart] {
                        nextStart += 1
                        row += 1
                        x = 0
                        if row >= area.height { break }
                        markRow(row)
                    }
                    if column == state.cursor.column && lineIndex == state.cursor.line {
                        // A space left hanging past the row's end (see `SoftWrap.rowStarts`) keeps the cursor on the last cell.
                        let shown = softWrap ? min(x, textArea.width - 1) : x - left
                        cursorPosition = (textArea.x + shown, area.y + row)
                    }
                    let screenX = textArea.x + x - (softWrap ? 0 : left)
                    x += width
                    guard row >= 0, screenX >= textArea.x, screenX + width <= textArea.x + textArea.width else {
                        continue
                    }
                    var style = styles[index]
                    if !marks.isEmpty, marks.contains(where: { $0.contains(column) }) { style.underline = true }
                    if let selection = state.selection,
                        selection.contains(TextPosition(line: lineIndex, column: column))
                    {
                        style = Style(.selection)
                    }
                    // A tab is blank up to its stop; a control character shows its stand-in (`^M`).
                    let utf8 = character.utf8
                    let isPrintableASCII =
                        utf8.count == 1 && utf8[utf8.startIndex] >= 0x20 && utf8[utf8.startIndex] != 0x7F
                    let isControl =
                        !isPrintableASCII && character != "\t"
                        && character.unicodeScalars.contains {
                            TerminalText.isControl($0) || TerminalText.isBidiControl($0.value)
                        }
                    screen.put(
                        character == "\t" ? String(repeating: " ", count: width) : String(character),
                        x: screenX, y: area.y + row, style: isControl ? Style(.marker) : style, clip: textArea)
                }
                if current == cursorUnit && state.cursor.column >= buffer.lineLength(lineIndex) {
                    if softWrap, x >= textArea.width { row += 1; x = 0 }
                    cursorPosition = (textArea.x + x - (softWrap ? 0 : left), area.y + min(row, area.height - 1))
                }
                row += 1
                unit = Self.unit(after: current, in: buffer)
            }
            if !softWrap, let position = cursorPosition {
                if position.0 >= textArea.x + textArea.width {
                    left += position.0 - (textArea.x + textArea.width) + 1; continue
                }
                if position.0 < textArea.x { left = max(0, left - (textArea.x - position.0)); continue }
            }
            return cursorPosition ?? (textArea.x, area.y)
        }
    }
}
