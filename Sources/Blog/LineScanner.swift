/// Walks the lines of a string, keeping each line's exact range (line ending included).
struct LineScanner {
    struct Line {
        /// Start of the line.
        let start: String.Index
        /// End of the line's text, before `\r\n` or `\n`.
        let contentEnd: String.Index
        /// After the line ending (== contentEnd on the last line without one).
        let end: String.Index
        let isLast: Bool
        let text: String

        /// The line's text without its ending.
        var content: Substring { text[start..<contentEnd] }
    }

    private let text: String
    private var position: String.Index
    /// 1-based number of the line `peek()` returns.
    private(set) var lineNumber = 1

    init(_ text: String) {
        self.text = text
        position = text.startIndex
    }

    func peek() -> Line? {
        guard position < text.endIndex else { return nil }
        let utf8 = text.utf8
        var cursor = position
        while cursor < utf8.endIndex, utf8[cursor] != 0x0A { cursor = utf8.index(after: cursor) }
        let end = cursor < utf8.endIndex ? utf8.index(after: cursor) : cursor
        var contentEnd = cursor
        if contentEnd > position, utf8[utf8.index(before: contentEnd)] == 0x0D { contentEnd = utf8.index(before: contentEnd) }
        return Line(start: position, contentEnd: contentEnd, end: end, isLast: end == text.endIndex, text: text)
    }

    mutating func advance() {
        guard let line = peek() else { return }
        position = line.end
        lineNumber += 1
    }
}

/// Splits text into lines that keep their endings: `lines.joined() == text`.
func splitKeepingEndings(_ text: String) -> [String] {
    var lines: [String] = []
    var scanner = LineScanner(text)
    while let line = scanner.peek() {
        lines.append(String(text[line.start..<line.end]))
        scanner.advance()
    }
    return lines
}
