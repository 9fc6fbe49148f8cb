/// Scrolling the editor by display rows: a line is one unit, a long line one unit per piece
/// (`SoftWrap.pieceLength`), and a unit is as many rows as it wraps into. Only the units
/// between the top of the view and the cursor are laid out.
extension EditorView {
    /// A whole line, or one piece of a long line.
    struct Unit: Comparable {
        var line: Int
        var piece: Int

        static func < (a: Unit, b: Unit) -> Bool { (a.line, a.piece) < (b.line, b.piece) }
    }

    /// Row `row` of a unit.
    struct RowPosition: Comparable {
        var unit: Unit
        var row: Int

        static func < (a: RowPosition, b: RowPosition) -> Bool { (a.unit, a.row) < (b.unit, b.row) }
    }

    static func layout(_ unit: Unit, _ state: EditorState, width: Int) -> SoftWrap.Piece {
        SoftWrap.Piece(buffer: state.buffer, line: unit.line, piece: unit.piece, width: width, tabWidth: state.tabWidth)
    }

    /// How many rows `unit` takes. A short line without tabs is one row without laying it out
    /// (no character is wider than 4 columns: `<9B>`).
    static func rowCount(_ unit: Unit, _ state: EditorState, width: Int) -> Int {
        // Without decoding the line: its length and whether its bytes hold a tab.
        if state.buffer.lineLength(unit.line) * 4 <= width, !state.buffer.lines.contains(byte: 0x09, at: unit.line) {
            return 1
        }
        return layout(unit, state, width: width).starts.count
    }

    static func unit(after unit: Unit, in buffer: TextBuffer) -> Unit? {
        if unit.piece + 1 < SoftWrap.pieceCount(buffer.lineLength(unit.line)) {
            return Unit(line: unit.line, piece: unit.piece + 1)
        }
        return unit.line + 1 < buffer.lineCount ? Unit(line: unit.line + 1, piece: 0) : nil
    }

    static func unit(before unit: Unit, in buffer: TextBuffer) -> Unit? {
        if unit.piece > 0 { return Unit(line: unit.line, piece: unit.piece - 1) }
        guard unit.line > 0 else { return nil }
        return Unit(line: unit.line - 1, piece: SoftWrap.pieceCount(buffer.lineLength(unit.line - 1)) - 1)
    }

    /// Where the cursor is drawn: its unit and row there (after a full last row, a row of its own).
    static func cursorRow(_ state: EditorState, width: Int) -> RowPosition {
        let count = state.buffer.lineLength(state.cursor.line)
        let unit = Unit(line: state.cursor.line, piece: SoftWrap.piece(of: state.cursor.column, count: count))
        let piece = layout(unit, state, width: width)
        let column = min(state.cursor.column, count) - piece.offset
        let row = SoftWrap.row(of: column, in: piece.starts)
        if column >= piece.characters.count, piece.widths[piece.starts[row]...].reduce(0, +) >= width {
            return RowPosition(unit: unit, row: row + 1)
        }
        return RowPosition(unit: unit, row: row)
    }

    /// The row `count` rows before `position` (the document's first row at the most).
    static func row(_ count: Int, before position: RowPosition, _ state: EditorState, width: Int) -> RowPosition {
        var position = position, remaining = count
        while remaining > position.row {
            guard let previous = unit(before: position.unit, in: state.buffer) else {
                return RowPosition(unit: position.unit, row: 0)
            }
            remaining -= position.row + 1
            position = RowPosition(unit: previous, row: rowCount(previous, state, width: width) - 1)
        }
        return RowPosition(unit: position.unit, row: position.row - remaining)
    }

    /// Whether `to` is fewer than `limit` rows after `from` (`from` ≤ `to`).
    static func isWithin(_ limit: Int, rowsAfter from: RowPosition, _ to: RowPosition, _ state: EditorState, width: Int)
        -> Bool
    {
        var rows = -from.row
        var unit = from.unit
        while unit < to.unit {
            rows += rowCount(unit, state, width: width)
            if rows >= limit { return false }
            guard let next = Self.unit(after: unit, in: state.buffer) else { return false }
            unit = next
        }
        return rows + to.row < limit
    }

    /// Moves the top of the view so the cursor's row is in it (to the middle after
    /// `centreOnCursor()`); returns the cursor's unit.
    mutating func scrollToCursor(_ state: EditorState, width: Int, height: Int) -> Unit {
        let buffer = state.buffer
        let cursor = Self.cursorRow(state, width: width)
        let line = min(top, buffer.lineCount - 1)
        let unit = Unit(line: line, piece: min(topPiece, SoftWrap.pieceCount(buffer.lineLength(line)) - 1))
        var first = RowPosition(unit: unit, row: min(topRow, Self.rowCount(unit, state, width: width) - 1))
        if centrePending {
            centrePending = false
            first = Self.row(height / 2, before: cursor, state, width: width)
        } else if cursor < first {
            first = cursor
        } else if !Self.isWithin(height, rowsAfter: first, cursor, state, width: width) {
            first = Self.row(height - 1, before: cursor, state, width: width)
        }
        (top, topPiece, topRow) = (first.unit.line, first.unit.piece, first.row)
        return cursor.unit
    }
}
