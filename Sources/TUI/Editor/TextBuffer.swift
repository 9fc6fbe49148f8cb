/// A place in the text: line and grapheme column (both zero-based).
public struct TextPosition: Sendable, Equatable, Comparable, Hashable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// One change: replace the text in `range` with `text`. Applying an edit returns its inverse.
public struct TextEdit: Sendable, Equatable {
    public var range: Range<TextPosition>
    public var text: String

    public init(range: Range<TextPosition>, text: String) {
        self.range = range
        self.text = text
    }
}

/// The document as lines of grapheme clusters, behind a narrow edit API (so the storage can be
/// replaced later). Lines never contain line breaks.
public struct TextBuffer: Sendable, Equatable {
    public private(set) var lines: [[Character]]
    /// Where the text inserted by the last `apply` ends (graphemes re-clustered).
    public private(set) var lastInsertionEnd = TextPosition(line: 0, column: 0)

    public init(_ text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        if lines.isEmpty { lines = [[]] }
    }

    public var text: String { lines.map { String($0) }.joined(separator: "\n") }
    public var lineCount: Int { lines.count }

    public func line(_ index: Int) -> [Character] { lines[index] }

    /// `position` moved inside the document.
    public func clamp(_ position: TextPosition) -> TextPosition {
        let line = min(max(0, position.line), lines.count - 1)
        return TextPosition(line: line, column: min(max(0, position.column), lines[line].count))
    }

    public var end: TextPosition { TextPosition(line: lines.count - 1, column: lines[lines.count - 1].count) }

    /// The text in `range`.
    public func text(in range: Range<TextPosition>) -> String {
        let start = clamp(range.lowerBound), end = clamp(range.upperBound)
        if start.line == end.line { return String(lines[start.line][start.column..<end.column]) }
        var parts = [String(lines[start.line][start.column...])]
        for index in (start.line + 1)..<end.line { parts.append(String(lines[index])) }
        parts.append(String(lines[end.line][..<end.column]))
        return parts.joined(separator: "\n")
    }

    /// ASCII other than CR (which joins a following LF into one grapheme).
    static func isPlainASCII(_ character: Character) -> Bool {
        character.isASCII && character != "\r"
    }

    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Applies `edit` and returns the edit that undoes it.
    ///
    /// Lines are re-clustered after the change, so a combining mark typed after a letter joins
    /// it as one grapheme. When that moves a grapheme boundary at the edges of the edit, the
    /// inverse covers the whole lines it touched (so undo still restores the exact text).
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> TextEdit {
        let start = clamp(edit.range.lowerBound), end = clamp(edit.range.upperBound)
        let removed = text(in: start..<end)
        let head = Array(lines[start.line][..<start.column])
        let tail = Array(lines[end.line][end.column...])
        let inserted = edit.text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        var replacement = inserted
        replacement[0] = head + replacement[0]
        let lastLength = replacement[replacement.count - 1].count
        replacement[replacement.count - 1] += tail
        // Lines are always kept clustered, so only the joins around the edit can regroup; plain
        // ASCII on both sides of every join cannot (the common case: typing), so skip the work.
        let joinsAreASCII = Self.isPlainASCII(edit.text) && (head.last.map(Self.isPlainASCII) ?? true)
            && (tail.first.map(Self.isPlainASCII) ?? true)
        let normalized = joinsAreASCII ? replacement : replacement.map { Array(String($0)) }
        let regrouped = normalized.first?.count != replacement.first?.count || normalized.last?.count != replacement.last?.count
        let originalLines = regrouped ? lines[start.line...end.line].map { String($0) }.joined(separator: "\n") : ""
        lines.replaceSubrange(start.line...end.line, with: normalized)
        let lastLine = start.line + inserted.count - 1
        let throughInsertion = inserted.count == 1 ? head + inserted[0] : inserted[inserted.count - 1]
        lastInsertionEnd = TextPosition(line: lastLine, column: min(lines[lastLine].count,
                                                                    joinsAreASCII ? throughInsertion.count : Array(String(throughInsertion)).count))
        if regrouped {
            return TextEdit(range: TextPosition(line: start.line, column: 0)..<TextPosition(line: lastLine, column: lines[lastLine].count),
                            text: originalLines)
        }
        let insertedEnd = TextPosition(line: lastLine, column: inserted.count == 1 ? start.column + inserted[0].count : lastLength)
        return TextEdit(range: start..<insertedEnd, text: removed)
    }
}
