import TextWidth

/// Wraps styled inline text into lines of at most `width` display columns, breaking at spaces
/// (or inside a word longer than a line), never inside a grapheme.
struct InlineLayout {
    /// A piece to place: a word (no spaces), a space, or a forced break.
    enum Atom {
        case word(String, PreviewStyle, width: Int)
        case space(PreviewStyle)
        case lineBreak
    }

    private(set) var atoms: [Atom] = []
    /// Source line offset of each atom (soft breaks advance it), for scroll sync.
    private(set) var lineOffsets: [Int] = []
    private var offset = 0

    mutating func add(_ text: String, _ style: PreviewStyle) {
        // Words are split on ASCII blanks; a word with no wide character is one atom, measured
        // from its scalars. Only words with wide characters (CJK, emoji) are taken apart.
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0...bytes.count {
                let atEnd = index == bytes.count
                let byte: UInt8 = atEnd ? 0 : bytes[index]
                guard atEnd || byte == 0x20 || byte == 0x09 || byte == 0x0A else { continue }
                if start < index { addWord(UnsafeBufferPointer(rebasing: bytes[start..<index]), style) }
                if !atEnd { append(.space(style)) }
                start = index + 1
            }
        }
    }

    private mutating func addWord(_ bytes: UnsafeBufferPointer<UInt8>, _ style: PreviewStyle) {
        let word = String(decoding: bytes, as: UTF8.self)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            append(.word(word, style, width: bytes.count))
            return
        }
        if let width = DisplayWidth.narrowWidth(word[...]) {
            append(.word(word, style, width: width))
            return
        }
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let characterWidth = DisplayWidth.of(character)
            if characterWidth == 2 {
                // CJK text has no spaces: a line may break between any two wide characters.
                if !piece.isEmpty { append(.word(piece, style, width: pieceWidth)); piece = ""; pieceWidth = 0 }
                append(.word(String(character), style, width: 2))
            } else {
                piece.append(character)
                pieceWidth += characterWidth
            }
        }
        if !piece.isEmpty { append(.word(piece, style, width: pieceWidth)) }
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

        // The last span of the line is built in `tail` and added when the style changes or the
        // line ends (appending to a local string is cheaper than to one inside the array).
        var tail = ""
        var tailStyle: PreviewStyle?
        func flush() {
            guard let style = tailStyle else { return }
            line.append(PreviewSpan(tail, style))
            tail = ""
            tailStyle = nil
        }
        func push(_ text: String, _ style: PreviewStyle) {
            if tailStyle != style {
                flush()
                tailStyle = style
            }
            tail += text
        }
        func newLine(at nextOffset: Int) {
            flush()
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
            case .word(let word, let style, let wordWidth):
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
        flush()
        if !line.isEmpty || result.isEmpty { result.append((line, lineOffset)) }
        return result
    }
}
