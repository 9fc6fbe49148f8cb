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

/// How a line ends in the file. The editor keeps each line's own ending (a file with mixed
/// endings stays mixed); the last line has none when the file does not end with a line break.
public enum LineEnding: Sendable, Equatable {
    case lf, crlf

    public var text: String { self == .lf ? "\n" : "\r\n" }
}

/// One change: replace the text in `range` with `text`. Applying an edit returns its inverse.
/// Line breaks in `text` are `\n` (the new line takes the ending of the line it was split from,
/// or the file's majority for the last line) or `\r\n` (CRLF); `lineEndings`, when given, says
/// exactly which ending each break has (inverses carry the endings they restore).
public struct TextEdit: Sendable, Equatable {
    public var range: Range<TextPosition>
    public var text: String
    public var lineEndings: [LineEnding]?

    public init(range: Range<TextPosition>, text: String, lineEndings: [LineEnding]? = nil) {
        self.range = range
        self.text = text
        self.lineEndings = lineEndings
    }
}

/// The document as lines of grapheme clusters (in chunks: `LineStore`), behind a narrow edit API. Lines never contain line breaks: those are kept beside them (`breaks`),
/// with the byte-order mark, so the text saved is byte for byte the text read plus the edits.
/// Lines are split at LF and CRLF; a CR alone stays in its line (drawn as `^M`).
public struct TextBuffer: Sendable, Equatable {
    public private(set) var lines: LineStore
    /// The ending after each line but the last (`breaks.count == lines.count - 1`).
    public private(set) var breaks: [LineEnding]
    /// Whether the text starts with a byte-order mark (kept, never shown).
    public private(set) var hasBOM: Bool
    /// How many of `breaks` are CRLF (for the majority, without counting on every edit).
    private var crlfCount: Int
    /// Where the text inserted by the last `apply` ends (graphemes re-clustered).
    public private(set) var lastInsertionEnd = TextPosition(line: 0, column: 0)
    /// How many characters the lines hold (line breaks not counted), kept as edits are applied.
    public private(set) var characterCount: Int

    public init(_ text: String) {
        var body = Substring(text)
        hasBOM = body.unicodeScalars.first == "\u{FEFF}"
        if hasBOM { body = Substring(body.unicodeScalars.dropFirst()) }
        // Straight from UTF-8 into the store: no line becomes characters unless it is long.
        var builder = LineStore.Builder()
        var breaks: [LineEnding] = []
        Self.eachLine(body) { line, ending in
            // An ASCII line has as many characters as bytes (no LF inside a line, so no CRLF
            // pair); others are counted through a String (a Substring counts several times slower).
            let utf8 = line.utf8
            builder.append(utf8: utf8, count: utf8.allSatisfy { $0 < 0x80 } ? utf8.count : String(line).count)
            if let ending { breaks.append(ending) }
        }
        lines = builder.finish()
        self.breaks = breaks
        crlfCount = breaks.lazy.filter { $0 == .crlf }.count
        characterCount = builder.characters
    }

    /// Calls `body` with each line of `text` and the ending after it (nil after the last).
    static func eachLine(_ text: Substring, _ body: (Substring, LineEnding?) -> Void) {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while let newline = utf8[index...].firstIndex(of: 0x0A) {
            var lineEnd = newline
            var ending = LineEnding.lf
            if newline > lineStart, utf8[utf8.index(before: newline)] == 0x0D {
                lineEnd = utf8.index(before: newline)
                ending = .crlf
            }
            body(text[lineStart..<lineEnd], ending)
            index = utf8.index(after: newline)
            lineStart = index
        }
        body(text[lineStart...], nil)
    }

    /// The lines of `text` and the breaks between them (CRLF where a CR came right before the LF).
    static func split(_ text: Substring) -> (lines: [[Character]], breaks: [LineEnding]) {
        var lines: [[Character]] = []
        var breaks: [LineEnding] = []
        eachLine(text) { line, ending in
            // Through a String: a Substring's characters are found several times slower.
            lines.append(Array(String(line)))
            if let ending { breaks.append(ending) }
        }
        return (lines, breaks)
    }

    /// The whole text as it is saved: byte-order mark, lines and their own endings. Built as
    /// UTF-8 bytes (a one-byte character copied as its byte: twice as fast as appending
    /// characters to a string, which matters for a huge post).
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(characterCount + breaks.count * 2 + 3)
        if hasBOM { bytes += [0xEF, 0xBB, 0xBF] }
        let crlf: [UInt8] = [0x0D, 0x0A], lf: [UInt8] = [0x0A]
        lines.appendUTF8(to: &bytes) { breaks[$0] == .crlf ? crlf : lf }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var lineCount: Int { lines.count }

    /// Line `index` as characters. It decodes the whole line: to read part of a line that may
    /// be long, use `characters(ofLine:in:)` or `character(at:)`.
    public func line(_ index: Int) -> [Character] { lines[index] }

    /// Characters `range` of line `index` (clamped); a long line decodes only what is asked for.
    public func characters(ofLine index: Int, in range: Range<Int>) -> [Character] {
        lines.characters(at: index, in: range)
    }

    /// The character at `position`, or nil at the end of its line.
    public func character(at position: TextPosition) -> Character? {
        lines.character(at: position.line, column: position.column)
    }

    /// Line `index`, or the first 256 characters of a long one with `…` after them: enough to
    /// tell a list item or a fence (a long line is never an empty item nor a delimiter line,
    /// which the mark keeps it from reading as).
    public func head(ofLine index: Int) -> [Character] {
        lines.length(at: index) > Self.longLine ? lines.characters(at: index, in: 0..<256) + ["…"] : lines[index]
    }

    /// Line `index` as a string (made from its bytes, never from an array of characters).
    public func lineText(_ index: Int) -> String { lines.string(at: index) }

    /// The number of characters in line `index`.
    public func lineLength(_ index: Int) -> Int { lines.length(at: index) }

    /// The ending most breaks have (LF when there are none, or as many of each).
    public var majorityEnding: LineEnding { crlfCount * 2 > breaks.count ? .crlf : .lf }

    /// `position` moved inside the document.
    public func clamp(_ position: TextPosition) -> TextPosition {
        let line = min(max(0, position.line), lines.count - 1)
        return TextPosition(line: line, column: min(max(0, position.column), lines.length(at: line)))
    }

    public var end: TextPosition { TextPosition(line: lines.count - 1, column: lines.length(at: lines.count - 1)) }

    /// The text in `range`, its line breaks as the file has them (made from the lines' bytes).
    public func text(in range: Range<TextPosition>) -> String {
        let start = clamp(range.lowerBound), end = clamp(range.upperBound)
        var bytes: [UInt8] = []
        if start.line == end.line {
            lines.appendUTF8(of: start.line, in: start.column..<max(start.column, end.column), to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        lines.appendUTF8(of: start.line, in: start.column..<Int.max, to: &bytes)
        bytes += breaks[start.line].text.utf8
        for index in (start.line + 1)..<end.line {
            lines.appendUTF8(of: index, to: &bytes)
            bytes += breaks[index].text.utf8
        }
        lines.appendUTF8(of: end.line, in: 0..<end.column, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ASCII other than CR (which joins a following LF into one grapheme).
    static func isPlainASCII(_ character: Character) -> Bool {
        character.isASCII && character != "\r"
    }

    static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }

    /// Applies `edit` and returns the edit that undoes it (with the line endings it removed).
    ///
    /// Lines are re-clustered after the change, so a combining mark typed after a letter joins
    /// it as one grapheme. When that moves a grapheme boundary at the edges of the edit, the
    /// inverse covers the whole lines it touched (so undo still restores the exact text).
    @discardableResult
    public mutating func apply(_ edit: TextEdit) -> TextEdit {
        let start = clamp(edit.range.lowerBound), end = clamp(edit.range.upperBound)
        if start.line == end.line, lines.length(at: start.line) > Self.longLine,
            !edit.text.contains(where: { $0 == "\n" || $0 == "\r\n" })
        {
            return applyInLongLine(start.line, start.column..<end.column, edit.text)
        }
        if lines.length(at: start.line) > Self.longLine || lines.length(at: end.line) > Self.longLine {
            return applyAcrossLongLine(start..<end, edit)
        }
        let removed = text(in: start..<end)
        let removedBreaks = Array(breaks[start.line..<end.line])
        // A new line takes the ending of the line it is split from; the last line has none, so
        // the file's majority.
        let inherited = end.line < breaks.count ? breaks[end.line] : majorityEnding
        let head = Array(lines[start.line][..<start.column])
        let tail = Array(lines[end.line][end.column...])
        let split =
            edit.text.contains(where: { $0 == "\n" || $0 == "\r\n" })
            ? Self.split(Substring(edit.text))
            : (lines: [Array(edit.text)], breaks: [])
        let inserted = split.lines
        var insertedBreaks = split.breaks.map { $0 == .crlf ? LineEnding.crlf : inherited }
        if let given = edit.lineEndings, given.count == insertedBreaks.count { insertedBreaks = given }
        var replacement = inserted
        replacement[0] = head + replacement[0]
        let lastLength = replacement[replacement.count - 1].count
        replacement[replacement.count - 1] += tail
        // Lines are always kept clustered, so only the joins around the edit can regroup; plain
        // ASCII on both sides of every join cannot (the common case: typing), so skip the work.
        let joinsAreASCII =
            Self.isPlainASCII(edit.text) && (head.last.map(Self.isPlainASCII) ?? true)
            && (tail.first.map(Self.isPlainASCII) ?? true)
        let normalized = joinsAreASCII ? replacement : replacement.map { Array(String($0)) }
        let regrouped =
            normalized.first?.count != replacement.first?.count || normalized.last?.count != replacement.last?.count
        let originalLines = regrouped ? (start.line...end.line).map { String(lines[$0]) }.joined(separator: "\n") : ""
        characterCount +=
            normalized.reduce(0) { $0 + $1.count } - (start.line...end.line).reduce(0) { $0 + lines.length(at: $1) }
        lines.replaceSubrange(start.line...end.line, with: normalized)
        crlfCount += insertedBreaks.lazy.filter { $0 == .crlf }.count - removedBreaks.lazy.filter { $0 == .crlf }.count
        breaks.replaceSubrange(start.line..<end.line, with: insertedBreaks)
        let lastLine = start.line + inserted.count - 1
        let throughInsertion = inserted.count == 1 ? head + inserted[0] : inserted[inserted.count - 1]
        lastInsertionEnd = TextPosition(
            line: lastLine,
            column: min(
                lines.length(at: lastLine),
                joinsAreASCII ? throughInsertion.count : Array(String(throughInsertion)).count))
        if regrouped {
            return TextEdit(
                range: TextPosition(
                    line: start.line, column: 0)..<TextPosition(line: lastLine, column: lines.length(at: lastLine)),
                text: originalLines, lineEndings: removedBreaks)
        }
        let insertedEnd = TextPosition(
            line: lastLine, column: inserted.count == 1 ? start.column + inserted[0].count : lastLength)
        return TextEdit(range: start..<insertedEnd, text: removed, lineEndings: removedBreaks)
    }

    /// Lines longer than this are edited in place, re-clustering only around the edit.
    static let longLine = 8_192

    /// An edit inside one long line, in place: the cost does not grow with the line (only the
    /// segments it touches are re-encoded: `LongLine`). When the joins regroup graphemes (a
    /// combining mark typed after a letter), the inverse covers 32 characters around the edit
    /// (no real grapheme is longer).
    private mutating func applyInLongLine(_ index: Int, _ range: Range<Int>, _ text: String) -> TextEdit {
        func at(_ column: Int) -> TextPosition { TextPosition(line: index, column: column) }
        let oldLength = lines.length(at: index)
        let removed = self.text(in: at(range.lowerBound)..<at(range.upperBound))
        let before = range.lowerBound > 0 ? lines.character(at: index, column: range.lowerBound - 1) : nil
        let after = lines.character(at: index, column: range.upperBound)
        let joinsAreASCII =
            Self.isPlainASCII(text) && (before.map(Self.isPlainASCII) ?? true) && (after.map(Self.isPlainASCII) ?? true)
        let low = max(0, range.lowerBound - 32), high = min(oldLength, range.upperBound + 32)
        let around =
            joinsAreASCII
            ? ""
            : self.text(in: at(low)..<at(range.lowerBound)) + removed + self.text(in: at(range.upperBound)..<at(high))
        lines.replaceCharacters(at: index, in: range, with: text)
        let newLength = lines.length(at: index)
        characterCount += newLength - oldLength
        let insertedEnd = min(newLength, range.lowerBound + (joinsAreASCII ? text.utf8.count : text.count))
        lastInsertionEnd = at(insertedEnd)
        if joinsAreASCII || newLength - oldLength == text.count - range.count {
            return TextEdit(range: at(range.lowerBound)..<at(insertedEnd), text: removed, lineEndings: [])
        }
        // Regrouped at a join: the inverse restores the window around the edit.
        lastInsertionEnd = at(min(newLength, max(range.lowerBound, insertedEnd - 1)))
        return TextEdit(range: at(low)..<at(high + newLength - oldLength), text: around, lineEndings: [])
    }

    /// An edit that touches a long line and is not inside it alone (a line break typed or
    /// pasted in it, lines joined to it): done on UTF-8, so no long line becomes an array of
    /// characters. The inverse covers the whole lines it touched.
    private mutating func applyAcrossLongLine(_ range: Range<TextPosition>, _ edit: TextEdit) -> TextEdit {
        let start = range.lowerBound, end = range.upperBound
        let original = text(
            in: TextPosition(
                line: start.line, column: 0)..<TextPosition(line: end.line, column: lines.length(at: end.line)))
        let removedBreaks = Array(breaks[start.line..<end.line])
        let inherited = end.line < breaks.count ? breaks[end.line] : majorityEnding
        var head: [UInt8] = [], tail: [UInt8] = []
        lines.appendUTF8(of: start.line, in: 0..<start.column, to: &head)
        lines.appendUTF8(of: end.line, in: end.column..<Int.max, to: &tail)
        var pieces: [[UInt8]] = [[]]
        var insertedBreaks: [LineEnding] = []
        Self.eachLine(Substring(edit.text)) { line, ending in
            pieces[pieces.count - 1] += line.utf8
            if let ending {
                insertedBreaks.append(ending == .crlf ? .crlf : inherited)
                pieces.append([])
            }
        }
        if let given = edit.lineEndings, given.count == insertedBreaks.count { insertedBreaks = given }
        let lastInserted = pieces.count == 1 ? head + pieces[0] : pieces[pieces.count - 1]
        pieces[0] = head + pieces[0]
        pieces[pieces.count - 1] += tail
        let replacement = pieces.map { (utf8: $0, count: LongLine.characterCount($0)) }
        characterCount +=
            replacement.reduce(0) { $0 + $1.count } - (start.line...end.line).reduce(0) { $0 + lines.length(at: $1) }
        lines.replaceSubrange(start.line..<(end.line + 1), withUTF8: replacement)
        crlfCount += insertedBreaks.lazy.filter { $0 == .crlf }.count - removedBreaks.lazy.filter { $0 == .crlf }.count
        breaks.replaceSubrange(start.line..<end.line, with: insertedBreaks)
        let lastLine = start.line + pieces.count - 1
        lastInsertionEnd = TextPosition(
            line: lastLine, column: min(lines.length(at: lastLine), LongLine.characterCount(lastInserted)))
        return TextEdit(
            range: TextPosition(
                line: start.line, column: 0)..<TextPosition(line: lastLine, column: lines.length(at: lastLine)),
            text: original, lineEndings: removedBreaks)
    }
}
