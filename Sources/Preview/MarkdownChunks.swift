import Blog

#if canImport(Glibc)
    import Glibc
#endif
/// Splits (rewritten) markdown into pieces that CommonMark parses exactly as it parses the
/// whole, so a long document can be parsed, not only laid out, on several cores.
///
/// A piece may start only at a line that begins a new top-level paragraph or heading: it starts
/// in column 0 with a letter, `#` or a non-ASCII character and follows a blank line, outside any
/// top-level fenced code block and any HTML block that only ends at a marker (comments, `<pre>`,
/// `<script>`, …). Every other container (list, quote, indented code, other HTML) has ended
/// there. Every piece holds a line that is not blank. Where the reading is ambiguous — a fence or marker-ended HTML opening inside what may
/// be an HTML block that ends at a blank line, or a line less indented than an indented fence
/// (which may belong to a list item that this line ends) — no later piece is made. Link reference
/// definitions apply to the whole document: `PieceDefinitions` gives each piece the ones it needs.
enum MarkdownChunks {
    /// A piece of the text (a slice: no copy) and the 0-based line of the whole text it starts at.
    struct Piece: Sendable {
        let text: Substring
        let firstLine: Int
    }

    /// At most `parts` pieces of roughly equal size (one piece when there is no safe place).
    static func split(_ text: String, parts: Int) -> [Piece] {
        guard parts > 1 else { return [Piece(text: text[...], firstLine: 0)] }
        var bytes = text
        guard let cuts = bytes.withUTF8({ pieces($0, parts: parts) }) else {
            return [Piece(text: text[...], firstLine: 0)]
        }
        let utf8 = text.utf8
        return cuts.map { cut in
            Piece(
                text: text[
                    utf8.index(
                        utf8.startIndex, offsetBy: cut.bytes.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: cut.bytes.upperBound)],
                firstLine: cut.firstLine)
        }
    }

    /// The pieces' ranges in the UTF-8 and first lines; nil when there is no safe place to cut.
    private static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, parts: Int) -> [(
        bytes: Range<Int>, firstLine: Int
    )]? {
        let target = bytes.count / parts
        var boundaries: [(offset: Int, line: Int)] = []
        var reading = Reading()
        var line = 0
        var start = 0
        while start < bytes.count {
            let end = bytes.lineEnd(from: start)
            let startsPiece = reading.read(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            if reading.isLost { break }
            if startsPiece, start >= target * (boundaries.count + 1), boundaries.count < parts - 1 {
                boundaries.append((start, line))
            }
            start = end + 1
            line += 1
        }
        guard !boundaries.isEmpty else { return nil }
        var result: [(bytes: Range<Int>, firstLine: Int)] = []
        var pieceStart = 0, pieceLine = 0
        for boundary in boundaries {
            // The piece ends before the newline that precedes its boundary line.
            result.append((pieceStart..<(boundary.offset - 1), pieceLine))
            pieceStart = boundary.offset
            pieceLine = boundary.line
        }
        result.append((pieceStart..<bytes.count, pieceLine))
        return result
    }

    /// Whether text cut where `split` would cut it may be followed by another piece: read from
    /// its start, it leaves no block open and its last line is blank (the reading at every cut).
    static func endsBeforeAPiece(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var reading = Reading()
            var start = 0
            while start <= bytes.count {
                let end = bytes.lineEnd(from: start)
                _ = reading.read(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if reading.isLost { return false }
                start = end + 1
            }
            return reading.mayStartAPieceNext
        }
    }

    /// Whether a piece may start at the first line of `text` (after a reading that ends before a piece).
    static func startsAPiece(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            Reading.startsAPiece(UnsafeBufferPointer(rebasing: bytes[..<bytes.lineEnd(from: 0)]))
        }
    }

    /// The reading of the lines so far: what is open, and whether a piece may start at the next line.
    private struct Reading {
        var fence: (byte: UInt8, length: Int, indent: Int)?
        var htmlEnd: [UInt8]?
        /// Inside lines that may form an HTML block ending at the next blank line.
        var maybeHTML = false
        var previousBlank = true
        /// Whether a line that is not blank came before (so the piece before a boundary has blocks).
        var sawContent = false
        /// A line made the reading ambiguous: no piece starts after it.
        private(set) var isLost = false

        /// Inside lines that may belong to a list item's fence or HTML block (`opensBlockThatKeepsBlankLines`).
        var region = false

        /// Whether a piece may start at the next line, if that line starts one (`startsAPiece`).
        var mayStartAPieceNext: Bool {
            !isLost && fence == nil && htmlEnd == nil && !region && previousBlank && sawContent
        }

        /// What follows the list markers (`-`, `+`, `*`, `1.`, `1)`, and `>` inside them) that
        /// start `rest` (a line after its indent); nil when it starts with none.
        static func listItemContent(_ rest: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
            var index = rest.startIndex
            var sawMarker = false
            while index < rest.endIndex {
                var end = index
                let byte = rest[index]
                if byte == 0x2D || byte == 0x2B || byte == 0x2A || (sawMarker && byte == 0x3E) {
                    end = index + 1
                } else {
                    while end < rest.endIndex, end - index < 9, (0x30...0x39).contains(rest[end]) { end += 1 }
                    guard end > index, end < rest.endIndex, rest[end] == 0x2E || rest[end] == 0x29 else { break }
                    end += 1
                }
                // A marker is followed by a blank (or ends the line).
                guard end == rest.endIndex || rest[end] == 0x20 || rest[end] == 0x09 else { break }
                sawMarker = true
                index = end
                while index < rest.endIndex, rest[index] == 0x20 || rest[index] == 0x09 { index += 1 }
            }
            return sawMarker ? UnsafeBufferPointer(rebasing: rest[index...]) : nil
        }

        /// Whether `content` opens a fenced code block or an HTML block that ends only at a marker
        /// not on this line: blocks that keep blank lines.
        static func opensBlockThatKeepsBlankLines(_ content: UnsafeBufferPointer<UInt8>) -> Bool {
            if fenceOpening(content) != nil { return true }
            guard content.first == 0x3C, let marker = MarkdownChunks.htmlBlockEnd(content) else { return false }
            return !MarkdownChunks.contains(UnsafeBufferPointer(rebasing: content.dropFirst(1)), marker)
        }

        /// A line that starts a new top-level paragraph or heading, in column 0.
        static func startsAPiece(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = line.first else { return false }
            return isParagraphStart(first)
        }

        /// The fence character and length if `rest` (a line after its indent) opens a fenced code block.
        static func fenceOpening(_ rest: UnsafeBufferPointer<UInt8>) -> (byte: UInt8, length: Int)? {
            guard let first = rest.first, first == 0x60 || first == 0x7E else { return nil }
            let run = rest.prefix { $0 == first }.count
            guard run >= 3, !(first == 0x60 && rest.dropFirst(run).contains(0x60)) else { return nil }
            return (first, run)
        }

        /// Reads one line (without its line feed); returns whether a piece may start at it.
        mutating func read(_ current: UnsafeBufferPointer<UInt8>) -> Bool {
            let indent = current.prefix { $0 == 0x20 }.count
            var firstVisible = indent
            while firstVisible < current.count,
                current[firstVisible] == 0x20 || current[firstVisible] == 0x09 || current[firstVisible] == 0x0D
            { firstVisible += 1 }
            let blank = firstVisible == current.count
            var startsPiece = false
            // The line that ends a region is read afresh, but no piece starts at it.
            let endsRegion = region && !blank && firstVisible == 0
            if region && !endsRegion {
                // Less than four columns in, a fence or HTML would be read at top level if the
                // region is indented code, and in the list item if it is not: ambiguous.
                if !blank, indent < 4,
                    current[firstVisible] == 0x60 || current[firstVisible] == 0x7E || current[firstVisible] == 0x3C
                {
                    isLost = true
                    return false
                }
                previousBlank = blank
                sawContent = sawContent || !blank
                return false
            }
            region = false
            if let open = fence {
                // An indented fence may belong to a list item, which a less indented line ends
                // (the fence with it, and the line is read afresh); at top level the fence goes
                // on or that line closes it: ambiguous either way.
                if !blank, indent < open.indent { isLost = true; return false }
                let run = current.dropFirst(indent).prefix { $0 == open.byte }.count
                if indent <= 3, run >= open.length,
                    current.dropFirst(indent + run).allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })
                {
                    fence = nil
                }
            } else if let marker = htmlEnd {
                if MarkdownChunks.contains(current, marker) { htmlEnd = nil }
            } else {
                if blank { maybeHTML = false }
                startsPiece = !endsRegion && previousBlank && sawContent && Self.startsAPiece(current)
                let afterIndent = UnsafeBufferPointer(rebasing: current[(current.startIndex + indent)...])
                if let content = indent > 3 ? afterIndent : Self.listItemContent(afterIndent),
                    Self.opensBlockThatKeepsBlankLines(content)
                {
                    // A fence or marker-ended HTML four columns in (indented code, or a list
                    // item's) or after a list marker: in a list item it keeps the blank lines up
                    // to the line that ends the item. Passed over to the next line in column 0.
                    region = true
                } else if indent <= 3 {
                    let rest = UnsafeBufferPointer(rebasing: current[(current.startIndex + indent)...])
                    if let first = rest.first, first == 0x60 || first == 0x7E {
                        if let open = Self.fenceOpening(rest) {
                            if maybeHTML { isLost = true; return false }
                            fence = (open.byte, open.length, indent)
                        }
                    } else if rest.first == 0x3C {
                        if let marker = MarkdownChunks.htmlBlockEnd(rest) {
                            let endsHere = MarkdownChunks.contains(
                                UnsafeBufferPointer(rebasing: rest.dropFirst(1)), marker)
                            if maybeHTML || indent > 0 {
                                // Inside what may be another HTML block (or a list item): harmless
                                // if it ends on this line — what follows is read as HTML either way.
                                guard endsHere else { isLost = true; return false }
                                maybeHTML = true
                            } else if !endsHere {
                                htmlEnd = marker
                            }
                        } else if rest.count > 1, rest[1] == 0x2F || isLetter(rest[1]) {
                            maybeHTML = true
                        }
                    }
                }
            }
            previousBlank = blank && fence == nil && htmlEnd == nil
            sawContent = sawContent || !blank
            return startsPiece
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    private static func isParagraphStart(_ byte: UInt8) -> Bool { isLetter(byte) || byte == 0x23 || byte >= 0x80 }

    /// The end marker of an HTML block that does not end at a blank line (CommonMark kinds 1–5).
    /// The HTML block end markers (lowercase), and the openings that start them.
    private static let rawTags: [(open: [UInt8], end: [UInt8])] = ["script", "pre", "style", "textarea"].map {
        (Array(("<" + $0).utf8), Array("</\($0)>".utf8))
    }
    private static let comment = (open: Array("<!--".utf8), end: Array("-->".utf8))
    private static let instruction = (open: Array("<?".utf8), end: Array("?>".utf8))
    private static let cdata = (open: Array("<![cdata[".utf8), end: Array("]]>".utf8))
    private static let declarationEnd = Array(">".utf8)

    private static func htmlBlockEnd(_ rest: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        for tag in rawTags where startsLowercased(rest, tag.open) {
            let next = rest.count > tag.open.count ? lowered(rest[tag.open.count]) : 0x20
            if next == 0x20 || next == 0x09 || next == 0x3E || next == 0x0D { return tag.end }
        }
        if startsLowercased(rest, comment.open) { return comment.end }
        if startsLowercased(rest, instruction.open) { return instruction.end }
        if startsLowercased(rest, cdata.open) { return cdata.end }
        if rest.count > 2, rest[0] == 0x3C, rest[1] == 0x21, isLetter(rest[2]) { return declarationEnd }
        return nil
    }

    private static func lowered(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }

    /// Whether `bytes`, ASCII letters lowercased, start with `prefix` (lowercase).
    private static func startsLowercased<C: Collection<UInt8>>(_ bytes: C, _ prefix: [UInt8]) -> Bool {
        guard bytes.count >= prefix.count else { return false }
        return zip(bytes, prefix).allSatisfy { lowered($0) == $1 }
    }

    /// Whether `bytes`, ASCII letters lowercased, contain `marker` (lowercase); nothing copied.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ marker: [UInt8]) -> Bool {
        guard bytes.count >= marker.count, let first = marker.first else { return false }
        for offset in 0...(bytes.count - marker.count) where lowered(bytes[offset]) == first {
            if startsLowercased(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + marker.count)]), marker) {
                return true
            }
        }
        return false
    }

}
