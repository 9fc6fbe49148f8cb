import TextWidth

/// Wraps styled inline text into lines of at most `width` display columns, breaking at spaces
/// (or inside a word longer than a line), never inside a grapheme.
struct InlineLayout {
    /// A piece to place: a word (no spaces), a space, or a forced break.
    enum Atom {
        case word(String, PreviewStyle)
        case space(PreviewStyle)
        case lineBreak
    }

    private(set) var atoms: [Atom] = []
    /// Source line offset of each atom (soft breaks advance it), for scroll sync.
    private(set) var lineOffsets: [Int] = []
    private var offset = 0

    mutating func add(_ text: String, _ style: PreviewStyle) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: split on bytes, no grapheme segmentation needed.
            var start = text.utf8.startIndex
            var index = start
            let utf8 = text.utf8
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                    if start < index { append(.word(String(Substring(utf8[start..<index])), style)) }
                    append(.space(style))
                    start = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            if start < utf8.endIndex { append(.word(String(Substring(utf8[start...])), style)) }
            return
        }
        var word = ""
        for character in text {
            if character == " " || character == "\t" || character == "\n" {
                if !word.isEmpty { append(.word(word, style)); word = "" }
                append(.space(style))
            } else if DisplayWidth.of(character) == 2 {
                // CJK text has no spaces: a line may break between any two wide characters.
                if !word.isEmpty { append(.word(word, style)); word = "" }
                append(.word(String(character), style))
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { append(.word(word, style)) }
    }

    mutating func softBreak(_ style: PreviewStyle) {
        offset += 1
        append(.space(style))
    }

    mutating func hardBreak() {
        append(.lineBreak)
        offset += 1
    }

    private mutating func append(_ atom: Atom) {
        atoms.append(atom)
        lineOffsets.append(offset)
    }

    /// The wrapped lines (spans merged where styles repeat) with each line's source offset.
    func lines(width: Int) -> [(spans: [PreviewSpan], offset: Int)] {
        let width = max(1, width)
        var result: [(spans: [PreviewSpan], offset: Int)] = []
        var line: [PreviewSpan] = []
        var used = 0
        var lineOffset = lineOffsets.first ?? 0
        var pendingSpace: PreviewStyle?

        func push(_ text: String, _ style: PreviewStyle) {
            if let last = line.last, last.style == style { line[line.count - 1].text += text } else { line.append(PreviewSpan(text, style)) }
        }
        func newLine(at nextOffset: Int) {
            result.append((line, lineOffset))
            line = []
            used = 0
            pendingSpace = nil
            lineOffset = nextOffset
        }

        for (index, atom) in atoms.enumerated() {
            switch atom {
            case .lineBreak:
                newLine(at: lineOffsets[index])
            case .space(let style):
                if used > 0 { pendingSpace = style }
            case .word(let word, let style):
                let wordWidth = DisplayWidth.of(word)
                let spaceWidth = pendingSpace == nil ? 0 : 1
                if used > 0 && used + spaceWidth + wordWidth > width {
                    newLine(at: lineOffsets[index])
                } else if let space = pendingSpace {
                    push(" ", space)
                    used += 1
                    pendingSpace = nil
                }
                if wordWidth <= width - used {
                    push(word, style)
                    used += wordWidth
                } else {
                    // A word longer than the line: split it by grapheme.
                    var piece = ""
                    var pieceWidth = 0
                    for character in word {
                        let w = DisplayWidth.of(character)
                        if used + pieceWidth + w > width {
                            if !piece.isEmpty { push(piece, style) }
                            newLine(at: lineOffsets[index])
                            piece = ""
                            pieceWidth = 0
                        }
                        piece.append(character)
                        pieceWidth += w
                    }
                    if !piece.isEmpty { push(piece, style); used += pieceWidth }
                }
            }
        }
        if !line.isEmpty || result.isEmpty { result.append((line, lineOffset)) }
        return result
    }
}
