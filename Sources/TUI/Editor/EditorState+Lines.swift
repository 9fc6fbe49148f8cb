import Foundation
import TextWidth

/// The keys power users expect: smart Home, delete a word, move and duplicate lines, align a
/// markdown table. Each change is one undo step.
extension EditorState {
    /// Home: the first character that is not a space (after a list or quote marker's spaces
    /// too, as the text starts there), or column 0 when the cursor is already there.
    func smartLineStart() -> TextPosition {
        let line = cursor.line
        // A long line's start is its start (its characters are not decoded for this).
        guard buffer.lineLength(line) <= 4_096 else { return TextPosition(line: line, column: 0) }
        let indent = buffer.lineText(line).prefix { $0 == " " || $0 == "\t" }.count
        return TextPosition(line: line, column: cursor.column == indent ? 0 : indent)
    }

    /// Deletes the selection, or the word before (after) the cursor with the spaces before it,
    /// never past the line's start (end); at the start (end) the line break goes.
    mutating func deleteWord(forward: Bool, now: Double) {
        if let selection {
            replace(selection, with: "", now: now, coalesce: false)
        } else {
            var other = wordStep(cursor, forward: forward)
            if other.line != cursor.line {
                let edge = forward ? buffer.lineLength(cursor.line) : 0
                other =
                    cursor.column == edge
                    ? (forward
                        ? TextPosition(line: cursor.line + 1, column: 0)
                        : TextPosition(line: cursor.line - 1, column: buffer.lineLength(cursor.line - 1)))
                    : TextPosition(line: cursor.line, column: edge)
            }
            guard other != cursor, other.line >= 0, other.line < buffer.lineCount else { return }
            replace(min(cursor, other)..<max(cursor, other), with: "", now: now, coalesce: false)
        }
    }

    /// The lines the cursor or the selection covers (a selection ending at a line's start leaves
    /// that line out).
    var coveredLines: ClosedRange<Int> {
        guard let selection else { return cursor.line...cursor.line }
        let last =
            selection.upperBound.column == 0 && selection.upperBound.line > selection.lowerBound.line
            ? selection.upperBound.line - 1 : selection.upperBound.line
        return selection.lowerBound.line...last
    }

    /// The text of lines `lines`, joined by LF (the buffer gives each its document's ending).
    private func text(ofLines lines: ClosedRange<Int>) -> String {
        lines.map { buffer.lineText($0) }.joined(separator: "\n")
    }

    /// Moves the covered lines one line up (-1) or down (1), the cursor and selection with them.
    @discardableResult
    mutating func moveLines(by direction: Int, now: Double) -> Bool {
        let lines = coveredLines
        let neighbour = direction < 0 ? lines.lowerBound - 1 : lines.upperBound + 1
        guard neighbour >= 0, neighbour < buffer.lineCount else { return false }
        let block = text(ofLines: lines), other = buffer.lineText(neighbour)
        let span = min(neighbour, lines.lowerBound)...max(neighbour, lines.upperBound)
        let range =
            TextPosition(
                line: span.lowerBound, column: 0)..<TextPosition(
                line: span.upperBound, column: buffer.lineLength(span.upperBound))
        let (oldCursor, oldSelection) = (cursor, selection)
        replace(range, with: direction < 0 ? block + "\n" + other : other + "\n" + block, now: now, coalesce: false)
        func shifted(_ p: TextPosition) -> TextPosition { TextPosition(line: p.line + direction, column: p.column) }
        if let oldSelection {
            select(shifted(oldSelection.lowerBound)..<shifted(oldSelection.upperBound))
        } else {
            moveCursor(to: shifted(oldCursor))
        }
        return true
    }

    /// Puts a copy of the covered lines below them; the cursor goes to the copy.
    mutating func duplicateLines(now: Double) {
        let lines = coveredLines
        let end = TextPosition(line: lines.upperBound, column: buffer.lineLength(lines.upperBound))
        let oldCursor = cursor
        replace(end..<end, with: "\n" + text(ofLines: lines), now: now, coalesce: false)
        moveCursor(to: TextPosition(line: oldCursor.line + lines.count, column: oldCursor.column))
    }

    /// Aligns the pipes of the markdown table under the cursor (CJK and emoji counted as two
    /// columns); nothing when the cursor is not in a table.
    /// False when the cursor is in no table (an aligned table is left as it is: true).
    @discardableResult
    mutating func formatTable(now: Double) -> Bool {
        let line = cursor.line
        func isRow(_ index: Int) -> Bool {
            index >= 0 && index < buffer.lineCount && buffer.lineLength(index) <= 4_096
                && MarkdownTable.cells(buffer.lineText(index)) != nil
        }
        guard isRow(line) else { return false }
        var first = line, last = line
        while isRow(first - 1) { first -= 1 }
        while isRow(last + 1) { last += 1 }
        let rows = (first...last).map { buffer.lineText($0) }
        guard let aligned = MarkdownTable.align(rows) else { return false }
        if aligned == rows { return true }
        let range = TextPosition(line: first, column: 0)..<TextPosition(line: last, column: buffer.lineLength(last))
        let column = cursor.column
        replace(range, with: aligned.joined(separator: "\n"), now: now, coalesce: false)
        moveCursor(to: TextPosition(line: line, column: min(column, aligned[line - first].count)))
        return true
    }
}

/// A markdown (GFM) table's rows: cells split at pipes that are not escaped or in code spans.
enum MarkdownTable {
    /// The cells of a table row (trimmed), or nil when the line has no pipe outside code.
    static func cells(_ line: String) -> [String]? {
        var cells: [String] = [], current = "", inCode = false, escaped = false, pipes = 0
        for c in line {
            if escaped { current.append(c); escaped = false; continue }
            if c == "\\" { current.append(c); escaped = true; continue }
            if c == "`" { inCode.toggle() }
            if c == "|" && !inCode {
                pipes += 1
                cells.append(current); current = ""
                continue
            }
            current.append(c)
        }
        cells.append(current)
        guard pipes > 0 else { return nil }
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        // Leading and trailing pipes frame the row: no empty cell outside them.
        if trimmed.hasPrefix("|") { cells.removeFirst() }
        if trimmed.hasSuffix("|") && !trimmed.hasSuffix("\\|") && !cells.isEmpty { cells.removeLast() }
        return cells.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Whether `cell` is a delimiter row's cell (`---`, `:--`, `--:`, `:-:`).
    static func isDelimiter(_ cell: String) -> Bool {
        let core = cell.trimmingCharacters(in: CharacterSet(charactersIn: ":"))
        return !core.isEmpty && core.allSatisfy { $0 == "-" }
    }

    /// The rows with their pipes aligned; nil when they are not a table (no delimiter row as
    /// the second line).
    static func align(_ lines: [String]) -> [String]? {
        let rows = lines.compactMap(cells)
        guard rows.count == lines.count, rows.count >= 2, rows[1].allSatisfy(isDelimiter) else { return nil }
        let indent = String(lines[0].prefix { $0 == " " })
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 3, count: columns)
        for (index, row) in rows.enumerated() where index != 1 {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.of(cell)) }
        }
        return rows.enumerated().map { index, row in
            let padded = (0..<columns).map { column -> String in
                let cell = column < row.count ? row[column] : ""
                if index == 1 {
                    let left = cell.hasPrefix(":"), right = cell.hasSuffix(":") && cell.count > 1
                    let dashes = String(repeating: "-", count: widths[column] - (left ? 1 : 0) - (right ? 1 : 0))
                    return (left ? ":" : "") + dashes + (right ? ":" : "")
                }
                return cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell))
            }
            return indent + "| " + padded.joined(separator: " | ") + " |"
        }
    }
}
