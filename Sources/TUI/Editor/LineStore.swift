/// The editor's lines, kept in chunks of a few hundred lines, as UTF-8.
///
/// A document is shared while the preview job renders it (a copy-on-write value handed off the
/// loop). With one flat array, the first keystroke after each hand-off copied every line (32,000
/// retains in a 1 MB post: ~3 ms on the loop). In chunks, that keystroke copies the list of
/// chunks and the one chunk it edits, whatever the document's size.
///
/// Each chunk keeps its lines' bytes back to back (a byte per ASCII character, where an array of
/// `Character` takes sixteen, and no allocation per line): a 50 MB post takes about its size.
/// A line is handed out as `[Character]` (decoded when asked for); a line longer than
/// `packedLimit` is kept as a `LongLine` (UTF-8 in segments), read by ranges
/// (`characters(at:in:)`) and edited in place (`TextBuffer.applyInLongLine`).
public struct LineStore: Sendable {
    /// One line as stored.
    enum Line: Sendable {
        /// Bytes `start ..< start + length` of its chunk's `bytes`; `count` characters.
        case packed(start: UInt32, length: UInt32, count: UInt32)
        /// A long line, in segments.
        case long(LongLine)
    }

    /// Lines and the bytes of the packed ones. An edit appends the new bytes and leaves the old
    /// ones unused (`unused`) until the chunk is packed again.
    struct Chunk: Sendable {
        var lines: [Line] = []
        var bytes: [UInt8] = []
        var unused = 0

        func characters(_ index: Int) -> [Character] {
            switch lines[index] {
            case .long(let line): return line.characters(0..<line.count)
            case .packed(let start, let length, _):
                return Array(String(decoding: bytes[Int(start)..<Int(start + length)], as: UTF8.self))
            }
        }

        /// Characters `range` of line `index` (a long line decodes only the segments in range).
        func characters(_ index: Int, in range: Range<Int>) -> [Character] {
            switch lines[index] {
            case .long(let line): return line.characters(range)
            case .packed(let start, let length, let count):
                let slice = bytes[Int(start)..<Int(start + length)]
                let range = LongLine.clamped(range, to: Int(count))
                if Int(length) == Int(count) {
                    return slice[Int(start) + range.lowerBound..<Int(start) + range.upperBound].map {
                        Character(Unicode.Scalar($0))
                    }
                }
                let all = Array(String(decoding: slice, as: UTF8.self))
                return range == 0..<Int(count) ? all : Array(all[range])
            }
        }

        /// Line `index` as a string (from its bytes: no array of characters).
        func string(_ index: Int) -> String {
            switch lines[index] {
            case .long(let line):
                var out: [UInt8] = []
                out.reserveCapacity(line.count)
                line.appendUTF8(to: &out)
                return String(decoding: out, as: UTF8.self)
            case .packed(let start, let length, _):
                return String(decoding: bytes[Int(start)..<Int(start + length)], as: UTF8.self)
            }
        }

        /// Whether line `index` holds the same bytes as line `otherIndex` of `other`.
        func hasSameUTF8(_ index: Int, as otherIndex: Int, of other: Chunk) -> Bool {
            switch (lines[index], other.lines[otherIndex]) {
            case (.packed(let a, let aLength, _), .packed(let b, let bLength, _)):
                return aLength == bLength
                    && bytes[Int(a)..<Int(a + aLength)].elementsEqual(other.bytes[Int(b)..<Int(b + bLength)])
            case (.long(let a), .long(let b)): return a.hasSameUTF8(as: b)
            default:
                return length(index) == other.length(otherIndex)
                    && Array(string(index).utf8) == Array(other.string(otherIndex).utf8)
            }
        }

        func length(_ index: Int) -> Int {
            switch lines[index] {
            case .long(let line): return line.count
            case .packed(_, _, let count): return Int(count)
            }
        }

        /// The first byte of the line that is not a space or a tab (of its first such character
        /// when kept as characters); nil for a blank line.
        func leadingByte(_ index: Int) -> UInt8? {
            switch lines[index] {
            case .packed(let start, let length, _):
                return bytes[Int(start)..<Int(start + length)].first { $0 != 0x20 && $0 != 0x09 }
            case .long(let line): return line.leadingByte
            }
        }

        func containsByte(_ byte: UInt8, _ index: Int) -> Bool {
            switch lines[index] {
            case .packed(let start, let length, _): return bytes[Int(start)..<Int(start + length)].contains(byte)
            case .long(let line): return line.contains(byte: byte)
            }
        }

        func appendUTF8(_ index: Int, to out: inout [UInt8]) {
            switch lines[index] {
            case .packed(let start, let length, _): out += bytes[Int(start)..<Int(start + length)]
            case .long(let line): line.appendUTF8(to: &out)
            }
        }

        /// The UTF-8 of characters `range` of line `index` appended to `out`.
        func appendUTF8(_ index: Int, in range: Range<Int>, to out: inout [UInt8]) {
            switch lines[index] {
            case .long(let line): line.appendUTF8(range, to: &out)
            case .packed(let start, let length, let count):
                let range = LongLine.clamped(range, to: Int(count))
                guard !range.isEmpty else { return }
                if length == count {
                    return out += bytes[Int(start) + range.lowerBound..<Int(start) + range.upperBound]
                }
                for character in characters(index, in: range) { out += character.utf8 }
            }
        }

        /// `characters` stored in this chunk: packed, or kept in segments when long.
        mutating func store(_ characters: [Character]) -> Line {
            if characters.count > LineStore.packedLimit { return .long(LongLine(characters)) }
            let start = bytes.count
            for character in characters {
                let utf8 = character.utf8
                if utf8.count == 1 { bytes.append(utf8[utf8.startIndex]) } else { bytes += utf8 }
            }
            return .packed(start: UInt32(start), length: UInt32(bytes.count - start), count: UInt32(characters.count))
        }

        /// UTF-8 of `count` characters stored in this chunk.
        mutating func store<Bytes: Collection>(utf8: Bytes, count: Int) -> Line where Bytes.Element == UInt8 {
            if count > LineStore.packedLimit { return .long(LongLine(utf8: utf8, count: count)) }
            let start = bytes.count
            bytes += utf8
            return .packed(start: UInt32(start), length: UInt32(bytes.count - start), count: UInt32(count))
        }

        /// Line `index` of `other` stored in this chunk (bytes copied, never decoded).
        mutating func store(line index: Int, of other: Chunk) -> Line {
            switch other.lines[index] {
            case .long: return other.lines[index]
            case .packed(let start, let length, let count):
                let at = bytes.count
                bytes += other.bytes[Int(start)..<Int(start + length)]
                return .packed(start: UInt32(at), length: length, count: count)
            }
        }

        /// Notes that `line` is no longer used.
        mutating func release(_ line: Line) {
            if case .packed(_, let length, _) = line { unused += Int(length) }
        }

        /// Line `index` as characters, leaving an empty line in its place (a long line moves out
        /// without a copy).
        mutating func take(_ index: Int) -> [Character] {
            let taken = characters(index)
            release(lines[index])
            lines[index] = .packed(start: 0, length: 0, count: 0)
            return taken
        }

        /// The chunk with its unused bytes dropped, once they are most of it.
        mutating func packIfWasteful() {
            guard unused > 4_096, unused * 2 > bytes.count else { return }
            var packed = Chunk()
            packed.bytes.reserveCapacity(bytes.count - unused)
            packed.lines = lines.indices.map { packed.store(line: $0, of: self) }
            self = packed
        }

        /// Lines `range` of this chunk as a chunk of their own.
        func slice(_ range: Range<Int>) -> Chunk {
            var chunk = Chunk()
            chunk.lines = range.map { chunk.store(line: $0, of: self) }
            return chunk
        }
    }

    private var chunks: [Chunk]
    /// The index of each chunk's first line.
    private var starts: [Int]
    public private(set) var count: Int

    /// Lines per chunk when a document is read or a chunk grows past twice this.
    static let chunkSize = 512
    /// Lines longer than this (in characters) are kept as characters, not packed.
    static let packedLimit = TextBuffer.longLine

    public init() {
        chunks = [Chunk()]
        starts = [0]
        count = 0
    }

    public init(_ lines: [[Character]]) {
        self.init()
        if !lines.isEmpty { replaceSubrange(0..<0, with: lines) }
    }

    /// Builds a store line by line from UTF-8 (reading a file: no line is decoded to
    /// characters unless it is long).
    struct Builder {
        private var chunks: [Chunk] = []
        private var current = Chunk()
        private(set) var characters = 0

        mutating func append<Bytes: Collection>(utf8: Bytes, count: Int) where Bytes.Element == UInt8 {
            if current.lines.count == LineStore.chunkSize {
                chunks.append(current)
                current = Chunk()
            }
            current.lines.append(current.store(utf8: utf8, count: count))
            characters += count
        }

        func finish() -> LineStore {
            var store = LineStore()
            store.chunks = current.lines.isEmpty && !chunks.isEmpty ? chunks : chunks + [current]
            store.count = store.chunks.reduce(0) { $0 + $1.lines.count }
            store.recountStarts()
            return store
        }
    }

    /// The chunk holding line `index` and the line's place in it (`index == count` is the end
    /// of the last chunk). No chunk is empty unless it is the only one.
    private func locate(_ index: Int) -> (chunk: Int, offset: Int) {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (low, index - starts[low])
    }

    private mutating func recountStarts() {
        starts.removeAll(keepingCapacity: true)
        var line = 0
        for chunk in chunks {
            starts.append(line)
            line += chunk.lines.count
        }
    }

    /// Splits the chunk at `index` when it grew too big, drops it when empty, and joins it with
    /// the next when both are small (many small edits never leave many tiny chunks).
    private mutating func rebalance(_ index: Int) {
        let size = chunks[index].lines.count
        if size > 2 * Self.chunkSize {
            let chunk = chunks[index]
            let pieces = stride(from: 0, to: size, by: Self.chunkSize).map {
                chunk.slice($0..<Swift.min(size, $0 + Self.chunkSize))
            }
            chunks.replaceSubrange(index...index, with: pieces)
        } else if size == 0, chunks.count > 1 {
            chunks.remove(at: index)
        } else if index + 1 < chunks.count, size + chunks[index + 1].lines.count <= Self.chunkSize {
            let next = chunks[index + 1]
            for line in next.lines.indices { chunks[index].lines.append(chunks[index].store(line: line, of: next)) }
            chunks.remove(at: index + 1)
        } else {
            chunks[index].packIfWasteful()
        }
        recountStarts()
    }

    /// The number of characters in line `index` (nothing decoded).
    public func length(at index: Int) -> Int {
        let place = locate(index)
        return chunks[place.chunk].length(place.offset)
    }

    /// The first byte of line `index` that is not a space or a tab; nil when it is blank
    /// (nothing decoded).
    public func leadingByte(at index: Int) -> UInt8? {
        let place = locate(index)
        return chunks[place.chunk].leadingByte(place.offset)
    }

    /// Whether line `index` holds `byte` (an ASCII one: a tab), nothing decoded.
    public func contains(byte: UInt8, at index: Int) -> Bool {
        let place = locate(index)
        return chunks[place.chunk].containsByte(byte, place.offset)
    }

    /// Characters `range` of line `index`, clamped to the line (a long line decodes only the
    /// segments in range: use this, not the subscript, to read part of a line).
    public func characters(at index: Int, in range: Range<Int>) -> [Character] {
        let place = locate(index)
        return chunks[place.chunk].characters(place.offset, in: range)
    }

    /// Character `column` of line `index`, or nil past its end.
    public func character(at index: Int, column: Int) -> Character? {
        let place = locate(index)
        if case .long(let line) = chunks[place.chunk].lines[place.offset] { return line.character(at: column) }
        return chunks[place.chunk].characters(place.offset, in: column..<column + 1).first
    }

    /// Line `index` as a string, made from its bytes (no array of characters).
    public func string(at index: Int) -> String {
        let place = locate(index)
        return chunks[place.chunk].string(place.offset)
    }

    /// Whether line `index` holds the same bytes as line `otherIndex` of `other` (nothing decoded).
    public func hasSameUTF8(at index: Int, as otherIndex: Int, of other: LineStore) -> Bool {
        let mine = locate(index), theirs = other.locate(otherIndex)
        return chunks[mine.chunk].hasSameUTF8(mine.offset, as: theirs.offset, of: other.chunks[theirs.chunk])
    }

    /// Replaces characters `range` of line `index` with `text`: in place, touching only the
    /// segments in range, when the line is long (it is packed again once it is short).
    public mutating func replaceCharacters(at index: Int, in range: Range<Int>, with text: String) {
        let place = locate(index)
        guard case .long(var line) = chunks[place.chunk].lines[place.offset] else {
            return self[index].replaceSubrange(range, with: Array(text))
        }
        chunks[place.chunk].lines[place.offset] = .packed(start: 0, length: 0, count: 0)  // edited alone, not copied
        line.replaceSubrange(range, with: text)
        if line.count > Self.packedLimit {
            chunks[place.chunk].lines[place.offset] = .long(line)
        } else {
            var bytes: [UInt8] = []
            line.appendUTF8(to: &bytes)
            chunks[place.chunk].lines[place.offset] = chunks[place.chunk].store(utf8: bytes, count: line.count)
        }
    }

    /// Replaces lines `range` with lines given as UTF-8 and their character counts (a long line
    /// is never made an array of characters).
    public mutating func replaceSubrange(_ range: Range<Int>, withUTF8 newLines: [(utf8: [UInt8], count: Int)]) {
        replaceSubrange(range, lines: newLines.count) { chunk, index in
            chunk.store(utf8: newLines[index].utf8, count: newLines[index].count)
        }
    }

    /// Appends the UTF-8 of characters `range` of line `index` to `out`.
    public func appendUTF8(of index: Int, in range: Range<Int>, to out: inout [UInt8]) {
        let place = locate(index)
        chunks[place.chunk].appendUTF8(place.offset, in: range, to: &out)
    }

    /// Appends the UTF-8 of line `index` to `out` (nothing decoded).
    public func appendUTF8(of index: Int, to out: inout [UInt8]) {
        let place = locate(index)
        chunks[place.chunk].appendUTF8(place.offset, to: &out)
    }

    /// Appends the UTF-8 of every line to `out`, `separator(i)` after line `i` but the last.
    public func appendUTF8(to out: inout [UInt8], separator: (Int) -> [UInt8]) {
        var index = 0
        for chunk in chunks {
            for offset in chunk.lines.indices {
                chunk.appendUTF8(offset, to: &out)
                if index < count - 1 { out += separator(index) }
                index += 1
            }
        }
    }
}

extension LineStore: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias Element = [Character]

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> [Character] {
        get {
            let place = locate(index)
            return chunks[place.chunk].characters(place.offset)
        }
        _modify {
            let place = locate(index)
            var line = chunks[place.chunk].take(place.offset)
            defer {
                let stored = chunks[place.chunk].store(line)
                chunks[place.chunk].lines[place.offset] = stored
                chunks[place.chunk].packIfWasteful()
            }
            yield &line
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C)
    where C.Element == [Character] {
        let all = Array(newElements)
        replaceSubrange(range, lines: all.count) { chunk, index in chunk.store(all[index]) }
    }

    /// Replaces lines `range` with `lines` new ones, `store(chunk, i)` storing the `i`th in a chunk.
    private mutating func replaceSubrange(_ range: Range<Int>, lines inserted: Int, store: (inout Chunk, Int) -> Line) {
        let first = locate(range.lowerBound)
        // The chunk of the last line replaced (not the next chunk's start), so an edit inside a
        // chunk stays inside it.
        var last = first
        if !range.isEmpty {
            last = locate(range.upperBound - 1)
            last.offset += 1
        }
        if first.chunk == last.chunk {
            var chunk = chunks[first.chunk]
            chunks[first.chunk] = Chunk()  // edited alone, not copied
            for line in chunk.lines[first.offset..<last.offset] { chunk.release(line) }
            var lines: [Line] = []
            for index in 0..<inserted { lines.append(store(&chunk, index)) }
            chunk.lines.replaceSubrange(first.offset..<last.offset, with: lines)
            chunks[first.chunk] = chunk
        } else {
            var merged = chunks[first.chunk].slice(0..<first.offset)
            for index in 0..<inserted { merged.lines.append(store(&merged, index)) }
            let tail = chunks[last.chunk]
            for line in last.offset..<tail.lines.count { merged.lines.append(merged.store(line: line, of: tail)) }
            chunks.replaceSubrange(first.chunk...last.chunk, with: [merged])
        }
        count += inserted - range.count
        rebalance(first.chunk)
    }
}

extension LineStore {
    /// How many chunks hold the lines, and whether chunk `index` shares its storage with `other`'s
    /// (for tests of what an edit copies).
    var chunkCount: Int { chunks.count }
    func sharesChunk(_ index: Int, with other: LineStore) -> Bool {
        chunks[index].lines.withUnsafeBufferPointer { mine in
            other.chunks[index].lines.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}

extension LineStore: Equatable {
    /// Equal lines (the same bytes), however they are chunked and stored.
    public static func == (a: LineStore, b: LineStore) -> Bool {
        a.count == b.count && a.indices.allSatisfy { a.hasSameUTF8(at: $0, as: $0, of: b) }
    }
}
