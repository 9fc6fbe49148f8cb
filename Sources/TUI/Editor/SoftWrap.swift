import TextWidth

/// Where soft-wrapped lines break: shared by the view that draws them and the editor that moves
/// the cursor row by row through them.
enum SoftWrap {
    /// The display width of each character of a line as the editor draws it: a tab reaches the
    /// next tab stop (stops every `tabWidth` columns from the line's start), a control character
    /// takes its stand-in's width (`^M`), everything else its `DisplayWidth`.
    static func widths(_ characters: [Character], tabWidth: Int) -> [Int] {
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
    static func rowStarts(_ characters: [Character], widths: [Int]? = nil, width: Int) -> [Int] {
        let widths = widths ?? characters.map(DisplayWidth.of)
        var starts = [0]
        var x = 0
        var breakAfterSpace: Int?  // the index after the last space in this row that follows a word
        var rowHasWord = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
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
