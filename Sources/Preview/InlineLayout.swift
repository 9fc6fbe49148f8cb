import Blog
import CScans
import TextWidth

/// Wraps styled inline text into lines of at most `width` display columns, breaking at spaces
/// (or inside a word longer than a line), never inside a grapheme.
///
/// The text is kept as one byte buffer and words as ranges of it (no string a word, nothing to
/// count references of); a span's bytes go to the writer when its line is done.
struct InlineLayout {
    /// A piece to place: a word (no spaces), a run of printable ASCII words each one column a
    /// byte with one space (0x20) between them (most prose: placed a line at a time, not a word
    /// at a time), a space, or a forced break.
    private enum Kind: UInt8 { case word, run, space, lineBreak }

    private struct Atom {
        var start: Int32
        var end: Int32
        var width: Int32
        /// Source line offset (soft breaks advance it), for scroll sync.
        var offset: Int32
        var kind: Kind
        var style: PreviewStyle
    }

    private var bytes: [UInt8] = []
    private var atoms: [Atom] = []
    private var offset: Int32 = 0

    /// Empty again, keeping its buffers for the next paragraph.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        atoms.removeAll(keepingCapacity: true)
        offset = 0
    }

    mutating func add(_ text: String, _ style: PreviewStyle) {
        var text = text
        text.withUTF8 { add(utf8: $0, style) }
    }

    /// Adds UTF-8 text (valid, as a string's) in `style`.
    mutating func add(utf8 raw: UnsafeBufferPointer<UInt8>, _ style: PreviewStyle) {
        // Words are split on ASCII blanks; printable ASCII words with one space between them are
        // one run as wide as it is long (joined to a run before it over one space: `addWord`),
        // another word with no wide character one atom measured from its scalars. Only words
        // with wide characters (CJK, emoji) are taken apart.
        guard let source = raw.baseAddress else { return }
        let base = bytes.count
        bytes.append(contentsOf: raw)
        var start = 0
        var plain = true
        func word(to end: Int) {
            addWord(
                UnsafeBufferPointer(start: source + start, count: end - start), at: base + start, plain: plain, style)
        }
        var index = 0
        while index < raw.count {
            let byte = source[index]
            defer { index += 1 }
            if start == index, byte > 0x20, byte < 0x7F {
                // Prose: words of printable ASCII with one space between them, found in C sixteen
                // bytes at a time and added as one run (ending at a word's end, before a space).
                var end = index + nb_prose_run_length(source + index, raw.count - index)
                if end < raw.count, source[end] != 0x20, source[end] != 0x09, source[end] != 0x0A {
                    // Its last word goes on past printable ASCII: read byte by byte below.
                    while end > index, source[end - 1] != 0x20 { end -= 1 }
                    if end > index { end -= 1 }
                } else if end > index, source[end - 1] == 0x20 {
                    end -= 1
                }
                if end > index {
                    word(to: end)
                    start = end
                    index = end - 1
                    continue
                }
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                if start < index { word(to: index) }
                append(.space, base + index, base + index, width: 0, style)
                start = index + 1
                plain = true
            } else if byte < 0x20 || byte >= 0x7F {
                plain = false
            }
        }
        if start < raw.count { word(to: raw.count) }
    }

    private mutating func addWord(_ word: UnsafeBufferPointer<UInt8>, at start: Int, plain: Bool, _ style: PreviewStyle)
    {
        if plain {
            // Joined to the run before it when only its one space (0x20) stands between them.
            let count = atoms.count
            if count >= 2, atoms[count - 1].kind == .space, atoms[count - 2].kind == .run,
                atoms[count - 2].end == start - 1,
                atoms[count - 1].start == start - 1, bytes[start - 1] == 0x20, atoms[count - 1].style == style,
                atoms[count - 2].style == style, atoms[count - 2].offset == offset
            {
                atoms.removeLast()
                atoms[count - 2].end = Int32(start + word.count)
                atoms[count - 2].width += Int32(1 + word.count)
                return
            }
            append(.run, start, start + word.count, width: word.count, style)
            return
        }
        if let width = DisplayWidth.narrowWidth(utf8: word) {
            append(.word, start, start + word.count, width: width, style)
            return
        }
        var pieceStart = start, pieceWidth = 0, position = start
        for character in String(decoding: word, as: UTF8.self) {
            let length = character.utf8.count
            let characterWidth = DisplayWidth.of(character)
            if characterWidth == 2 {
                // CJK text has no spaces: a line may break between any two wide characters.
                if position > pieceStart { append(.word, pieceStart, position, width: pieceWidth, style) }
                append(.word, position, position + length, width: 2, style)
                pieceStart = position + length
                pieceWidth = 0
            } else {
                pieceWidth += characterWidth
            }
            position += length
        }
        if position > pieceStart { append(.word, pieceStart, position, width: pieceWidth, style) }
    }

    mutating func softBreak(_ style: PreviewStyle) {
        offset += 1
        append(.space, 0, 0, width: 0, style)
    }

    mutating func hardBreak() {
        append(.lineBreak, 0, 0, width: 0, PreviewStyle(.text))
        offset += 1
    }

    private mutating func append(_ kind: Kind, _ start: Int, _ end: Int, width: Int, _ style: PreviewStyle) {
        atoms.append(
            Atom(start: Int32(start), end: Int32(end), width: Int32(width), offset: offset, kind: kind, style: style))
    }

    /// Writes the wrapped lines (spans merged where styles repeat) into `writer`; a line's
    /// source is `source` plus the soft breaks before it. Text with no words still makes one
    /// (empty) line.
    func write<Sink>(width: Int, source: Int, into writer: inout PreviewWriter<Sink>) {
        bytes.withUnsafeBufferPointer { all in write(all, width: width, source: source, into: &writer) }
    }

    private func write<Sink>(
        _ all: UnsafeBufferPointer<UInt8>, width: Int, source: Int, into writer: inout PreviewWriter<Sink>
    ) {
        let width = max(1, width)
        var used = 0
        var lineOffset = Int(atoms.first?.offset ?? 0)
        var pendingSpace: PreviewStyle?
        /// Whether the current line has been begun in the writer (it is, at its first span).
        var open = false
        var wroteAny = false

        // The line's last span goes to the writer in runs of `all`: words in one style with the
        // single space the text had between them are one range, handed over in one copy; the
        // span is begun with `add` and continued with `extend` until the style changes.
        var spanStyle: PreviewStyle?
        /// Whether the writer has the span in `spanStyle` begun (else its first run begins it).
        var spanBegun = false
        var runStart = 0, runEnd = 0, runWidth = 0
        func hand(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) {
            guard let style = spanStyle else { return }
            if !open {
                writer.begin(source: source + lineOffset)
                open = true
            }
            if spanBegun {
                writer.extend(utf8: bytes, width: width)
            } else {
                writer.add(utf8: bytes, style, width: width)
                spanBegun = true
            }
        }
        func flush() {
            guard runEnd > runStart else { return }
            hand(UnsafeBufferPointer(rebasing: all[runStart..<runEnd]), width: runWidth)
            runStart = runEnd
            runWidth = 0
        }
        func switchTo(_ style: PreviewStyle) {
            guard spanStyle != style else { return }
            flush()
            spanStyle = style
            spanBegun = false
        }
        func push(_ range: Range<Int>, _ style: PreviewStyle, width: Int) {
            switchTo(style)
            if runEnd > runStart, range.lowerBound == runEnd {
                runEnd = range.upperBound
                runWidth += width
                return
            }
            flush()
            (runStart, runEnd, runWidth) = (range.lowerBound, range.upperBound, width)
        }
        func pushSpace(_ style: PreviewStyle) {
            switchTo(style)
            // The text's own space, when it follows the run: the run grows over it.
            if runEnd > runStart, runEnd < all.count, all[runEnd] == 0x20 {
                runEnd += 1
                runWidth += 1
                return
            }
            flush()
            withUnsafeBytes(of: UInt8(0x20)) { hand($0.bindMemory(to: UInt8.self), width: 1) }
        }
        func newLine(at nextOffset: Int) {
            flush()
            spanStyle = nil
            spanBegun = false
            if !open { writer.begin(source: source + lineOffset) }
            writer.end()
            open = false
            wroteAny = true
            used = 0
            pendingSpace = nil
            lineOffset = nextOffset
        }

        /// A word of printable ASCII too long for a line, from `used` 0: cut every `width` bytes.
        func cutLongWord(_ range: Range<Int>, _ style: PreviewStyle, offset: Int) {
            var start = range.lowerBound
            while range.upperBound - start > width {
                push(start..<(start + width), style, width: width)
                newLine(at: offset)
                start += width
            }
            push(start..<range.upperBound, style, width: range.upperBound - start)
            used += range.upperBound - start
        }

        for atom in atoms {
            switch atom.kind {
            case .run:
                // Placed as word by word would place it: the longest part that fits, up to a word's
                // end (the last space that fits), then a new line.
                var start = Int(atom.start)
                let end = Int(atom.end)
                while start < end {
                    let room = width - used - (pendingSpace == nil ? 0 : 1)
                    if end - start <= room {
                        if let space = pendingSpace { pushSpace(space); used += 1; pendingSpace = nil }
                        push(start..<end, atom.style, width: end - start)
                        used += end - start
                        break
                    }
                    var fits = room >= 1 ? start + room : start
                    while fits > start, all[fits] != 0x20 { fits -= 1 }
                    if fits > start {
                        if let space = pendingSpace { pushSpace(space); used += 1; pendingSpace = nil }
                        push(start..<fits, atom.style, width: fits - start)
                        used += fits - start
                        newLine(at: Int(atom.offset))
                        start = fits + 1
                        continue
                    }
                    // Its first word does not fit: on a new line, or cut when it is longer than one.
                    if used > 0 {
                        newLine(at: Int(atom.offset))
                        continue
                    }
                    var wordEnd = start
                    while wordEnd < end, all[wordEnd] != 0x20 { wordEnd += 1 }
                    cutLongWord(start..<wordEnd, atom.style, offset: Int(atom.offset))
                    if wordEnd < end { pendingSpace = atom.style }
                    start = wordEnd + 1
                }
            case .lineBreak:
                newLine(at: Int(atom.offset))
            case .space:
                if used > 0 { pendingSpace = atom.style }
            case .word:
                let wordWidth = Int(atom.width)
                let spaceWidth = pendingSpace == nil ? 0 : 1
                if used > 0 && used + spaceWidth + wordWidth > width {
                    newLine(at: Int(atom.offset))
                } else if let space = pendingSpace {
                    pushSpace(space)
                    used += 1
                    pendingSpace = nil
                }
                let range = Int(atom.start)..<Int(atom.end)
                if wordWidth <= width - used {
                    push(range, atom.style, width: wordWidth)
                    used += wordWidth
                } else {
                    // A word longer than the line: split it by grapheme.
                    var pieceStart = range.lowerBound, position = range.lowerBound, pieceWidth = 0
                    for character in String(decoding: UnsafeBufferPointer(rebasing: all[range]), as: UTF8.self) {
                        let w = DisplayWidth.of(character)
                        if used + pieceWidth + w > width {
                            if position > pieceStart { push(pieceStart..<position, atom.style, width: pieceWidth) }
                            newLine(at: Int(atom.offset))
                            pieceStart = position
                            pieceWidth = 0
                        }
                        position += character.utf8.count
                        pieceWidth += w
                    }
                    if position > pieceStart {
                        push(pieceStart..<position, atom.style, width: pieceWidth); used += pieceWidth
                    }
                }
            }
        }
        flush()
        if open {
            writer.end()
        } else if !wroteAny {
            writer.begin(source: source + lineOffset)
            writer.end()
        }
    }
}
