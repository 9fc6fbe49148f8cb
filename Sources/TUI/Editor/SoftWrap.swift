import TextWidth

/// Where soft-wrapped lines break: shared by the view that draws them and the editor that moves
/// the cursor row by row through them.
enum SoftWrap {
    /// Lines longer than this are laid out in pieces (see `pieceLength`).
    static let longLine = TextBuffer.longLine
    /// A long line is drawn in pieces of this many characters, each starting a new display row,
    /// so drawing, typing in or moving through the part of a huge line on screen costs what it
    /// costs in a short line: only the pieces in view are laid out.
    static let pieceLength = 4_096

    /// How many pieces a line of `count` characters is drawn in (one unless it is long).
    static func pieceCount(_ count: Int) -> Int {
        count <= longLine ? 1 : (count + pieceLength - 1) / pieceLength
    }

    /// The characters of piece `piece` of a line of `count` characters.
    static func pieceRange(_ piece: Int, count: Int) -> Range<Int> {
        if count <= longLine { return 0..<count }
        return min(count, piece * pieceLength)..<min(count, (piece + 1) * pieceLength)
    }

    /// The piece that holds `column` (the end of the line belongs to the last piece).
    static func piece(of column: Int, count: Int) -> Int {
        count <= longLine ? 0 : min(pieceCount(count) - 1, max(0, column) / pieceLength)
    }

    /// One piece of a line laid out: its characters, their widths and where its rows start
    /// (counted from the piece's first character, which is column `offset` of the line).
    struct Piece {
        let offset: Int
        let characters: ArraySlice<Character>
        let widths: [Int]
        let starts: [Int]

        init(line: [Character], piece: Int, width: Int, tabWidth: Int) {
            let range = SoftWrap.pieceRange(piece, count: line.count)
            self.init(characters: line[range], offset: range.lowerBound, width: width, tabWidth: tabWidth)
        }

        /// Piece `piece` of line `line` of `buffer`: only its characters are decoded.
        init(buffer: TextBuffer, line: Int, piece: Int, width: Int, tabWidth: Int) {
            let range = SoftWrap.pieceRange(piece, count: buffer.lineLength(line))
            self.init(
                characters: ArraySlice(buffer.characters(ofLine: line, in: range)), offset: range.lowerBound,
                width: width,
                tabWidth: tabWidth)
        }

        init(characters: ArraySlice<Character>, offset: Int, width: Int, tabWidth: Int) {
            self.offset = offset
            self.characters = characters
            widths = SoftWrap.widths(characters, tabWidth: tabWidth)
            starts = SoftWrap.rowStarts(characters, widths: widths, width: width)
        }
    }

    /// The display width of each character of a line as the editor draws it: a tab reaches the
    /// next tab stop (stops every `tabWidth` columns from the line's start), a control character
    /// takes its stand-in's width (`^M`), everything else its `DisplayWidth`.
    static func widths<Characters: Collection<Character>>(_ characters: Characters, tabWidth: Int) -> [Int] {
        var widths: [Int] = []
        widths.reserveCapacity(characters.count)
        var x = 0
        let stop = max(1, tabWidth)
        for character in characters {
            let width = character == "\t" ? stop - x % stop : DisplayWidth.of(character)
            widths.append(width)
            x += width
        }
        return widths
    }

    /// Where each display row of a soft-wrapped line starts (character indices, the first 0).
    /// A row ends after the last space that fits, as prose editors wrap; a space that does not
    /// fit hangs at the end of its row (the next row starts with the word after it); a word
    /// wider than a row, or a row with no space after its first word (CJK text, indentation
    /// only), is cut where it reaches the edge.
    static func rowStarts<Characters: RandomAccessCollection<Character>>(
        _ characters: Characters, widths: [Int]? = nil,
        width: Int
    ) -> [Int] where Characters.Index == Int {
        let base = characters.startIndex
        let widths = widths ?? characters.map(DisplayWidth.of)
        var starts = [0]
        var x = 0
        var breakAfterSpace: Int?  // the index after the last space in this row that follows a word
        var rowHasWord = false
        var index = 0
        while index < characters.count {
            let character = characters[base + index]
            let characterWidth = widths[index]
            let isSpace = character == " " || character == "\t"
            if x + characterWidth > width, x > 0 {
                if isSpace {
                    // Hangs: the next row starts after it.
                    starts.append(index + 1)
                    x = 0
                    breakAfterSpace = nil
                    rowHasWord = false
                    index += 1
                    continue
                }
                if let start = breakAfterSpace, start > starts[starts.count - 1] {
                    starts.append(start)
                    x = widths[start..<index].reduce(0, +)
                } else {
                    starts.append(index)
                    x = 0
                }
                breakAfterSpace = nil
                rowHasWord = x > 0
            }
            if isSpace {
                if rowHasWord { breakAfterSpace = index + 1 }
            } else {
                rowHasWord = true
            }
            x += characterWidth
            index += 1
        }
        return starts
    }

    /// The row of `starts` that holds `column` (the last row whose start is not after it).
    static func row(of column: Int, in starts: [Int]) -> Int {
        var row = 0
        while row + 1 < starts.count, starts[row + 1] <= column { row += 1 }
        return row
    }
}
