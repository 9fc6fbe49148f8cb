extension EditorState {
    /// Selects the next (or previous) match of `query` after (before) the cursor, wrapping
    /// around; case-insensitive when the query has no capitals. False when there is none.
    @discardableResult
    public mutating func find(_ query: String, forward: Bool = true) -> Bool {
        let needle = Array(query)
        guard !needle.isEmpty else { return false }
        let ignoreCase = query == query.lowercased()
        func matches(_ line: [Character], at column: Int) -> Bool {
            guard column + needle.count <= line.count else { return false }
            for k in 0..<needle.count {
                let a = line[column + k], b = needle[k]
                if ignoreCase ? a.lowercased() != b.lowercased() : a != b { return false }
            }
            return true
        }
        let count = buffer.lineCount
        // From a selected match, look strictly past it; from a bare cursor, a match right there counts.
        let strict = selection != nil
        let from = selection?.lowerBound ?? cursor
        // A line is read in windows of characters (overlapping by the needle), so a long line is
        // never decoded whole.
        let window = 65_536
        for step in 0...count {
            let lineIndex = forward ? (from.line + step) % count : (from.line - step + count * 2) % count
            let length = buffer.lineLength(lineIndex)
            let windowStarts = Array(stride(from: 0, through: length, by: window))
            for windowStart in forward ? windowStarts : windowStarts.reversed() {
                let characters = buffer.characters(
                    ofLine: lineIndex, in: windowStart..<min(length, windowStart + window + needle.count - 1))
                let columns = windowStart..<min(length + 1, windowStart + window)
                for column in forward ? Array(columns) : columns.reversed()
                where matches(characters, at: column - windowStart) {
                    let position = TextPosition(line: lineIndex, column: column)
                    if step == 0 && (forward ? (strict ? position <= from : position < from) : position >= from) {
                        continue
                    }
                    select(position..<TextPosition(line: lineIndex, column: column + needle.count))
                    return true
                }
            }
            if step == count { break }
        }
        // The only match may be the current one.
        return selection.map { ignoreCase ? buffer.text(in: $0).lowercased() == query : buffer.text(in: $0) == query }
            ?? false
    }

    /// Moves to the start of line `number` (1-based, clamped).
    public mutating func goToLine(_ number: Int) {
        moveCursor(to: TextPosition(line: max(0, min(buffer.lineCount - 1, number - 1)), column: 0))
    }

    /// Moves to `position`, clamped to the text (where the cursor was before the text was reloaded).
    public mutating func goTo(_ position: TextPosition) {
        moveCursor(to: position)
    }
}

extension EditorState {
    /// Replaces the text in `range` with `text` as one undo step (a spelling suggestion taken);
    /// the cursor ends after the new text. False when `range` no longer holds `expected`.
    public mutating func replace(
        _ range: Range<TextPosition>, expecting expected: String, with text: String, now: Double
    ) -> Bool {
        guard range.lowerBound.line == range.upperBound.line, range.lowerBound.line < buffer.lineCount else {
            return false
        }
        guard range.upperBound.column <= buffer.lineLength(range.lowerBound.line), buffer.text(in: range) == expected
        else { return false }
        select(range)
        replaceSelection(with: text, now: now)
        return true
    }
}
