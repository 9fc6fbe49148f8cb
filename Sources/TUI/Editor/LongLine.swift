/// A line too long to hold as one array of characters (over `TextBuffer.longLine`): its UTF-8
/// in segments of a few thousand characters, each cut at a grapheme boundary.
///
/// An array of `Character` takes sixteen bytes a character: a post that is one 50 MB line took
/// 800 MB that way. Here it takes its size. Reading a range decodes only the segments it
/// touches (a segment of one-byte characters is indexed without decoding), and an edit
/// re-encodes only the segments it touches, so typing in the middle of a huge line costs what
/// it costs in a short one.
struct LongLine: Sendable {
    /// Characters `start ..< start + count` of the line, as UTF-8.
    struct Segment: Sendable {
        var bytes: [UInt8]
        var count: Int

        /// Every character is one byte (a character takes at least one), so character `i` is byte `i`.
        var isSingleByte: Bool { bytes.count == count }

        func characters(_ range: Range<Int>) -> [Character] {
            if isSingleByte { return bytes[range].map { Character(Unicode.Scalar($0)) } }
            return Array(Array(String(decoding: bytes, as: UTF8.self))[range])
        }

        /// Where character `index` starts in `bytes` (`bytes.count` at the end).
        func byteOffset(ofCharacter index: Int) -> Int {
            if isSingleByte { return Swift.min(index, bytes.count) }
            let text = String(decoding: bytes, as: UTF8.self)
            let position =
                text.index(text.startIndex, offsetBy: Swift.min(index, count), limitedBy: text.endIndex)
                ?? text.endIndex
            return text.utf8.distance(from: text.startIndex, to: position)
        }
    }

    /// Characters a segment is cut to when the line is read or a segment grows past twice this.
    static let segmentLength = 4_096

    private(set) var segments: [Segment] = []
    /// The first character of each segment.
    private var starts: [Int] = []
    /// How many characters the line holds.
    private(set) var count = 0

    /// The line from its UTF-8 and its number of characters (cut into segments without making
    /// an array of characters of the whole).
    init<Bytes: Collection>(utf8: Bytes, count: Int) where Bytes.Element == UInt8 {
        if utf8.count == count {
            // One byte a character: cut straight from the bytes, no copy of the whole.
            var start = utf8.startIndex
            while start != utf8.endIndex {
                let end = utf8.index(start, offsetBy: Self.segmentLength, limitedBy: utf8.endIndex) ?? utf8.endIndex
                let bytes = Array(utf8[start..<end])
                segments.append(Segment(bytes: bytes, count: bytes.count))
                start = end
            }
        } else {
            let text = String(decoding: utf8, as: UTF8.self)
            var segmentStart = text.startIndex, characters = 0
            var index = text.startIndex
            while index < text.endIndex {
                index = text.index(after: index)
                characters += 1
                if characters == Self.segmentLength || index == text.endIndex {
                    segments.append(Segment(bytes: Array(text.utf8[segmentStart..<index]), count: characters))
                    segmentStart = index
                    characters = 0
                }
            }
        }
        recount()
    }

    init<Characters: Collection>(_ characters: Characters) where Characters.Element == Character {
        var start = characters.startIndex
        while start < characters.endIndex {
            let end =
                characters.index(start, offsetBy: Self.segmentLength, limitedBy: characters.endIndex)
                ?? characters.endIndex
            var bytes: [UInt8] = []
            for character in characters[start..<end] { bytes += character.utf8 }
            segments.append(Segment(bytes: bytes, count: characters.distance(from: start, to: end)))
            start = end
        }
        recount()
    }

    private mutating func recount() {
        starts.removeAll(keepingCapacity: true)
        starts.reserveCapacity(segments.count)
        var total = 0
        for segment in segments {
            starts.append(total)
            total += segment.count
        }
        count = total
    }

    /// The segment holding character `index` (the last for `index == count`).
    private func segment(holding index: Int) -> Int {
        var low = 0, high = Swift.max(0, segments.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Characters `range` (clamped to the line), decoding only the segments it touches.
    func characters(_ range: Range<Int>) -> [Character] {
        let range = Self.clamped(range, to: count)
        guard !range.isEmpty else { return [] }
        var out: [Character] = []
        out.reserveCapacity(range.count)
        var index = segment(holding: range.lowerBound)
        while index < segments.count, starts[index] < range.upperBound {
            let start = starts[index]
            out += segments[index].characters(
                Swift.max(0, range.lowerBound - start)..<Swift.min(segments[index].count, range.upperBound - start))
            index += 1
        }
        return out
    }

    /// Character `index`, or nil past the end.
    func character(at index: Int) -> Character? {
        guard index >= 0, index < count else { return nil }
        let place = segment(holding: index)
        let segment = segments[place], offset = index - starts[place]
        if segment.isSingleByte { return Character(Unicode.Scalar(segment.bytes[offset])) }
        return segment.characters(offset..<offset + 1).first
    }

    /// Replaces characters `range` with `text`, re-encoding only the segments it touches (and a
    /// neighbour it merges with when left small). The joins are clustered as the text reads, so
    /// the line may hold fewer characters than the parts did (a combining mark typed after a
    /// letter joins it).
    mutating func replaceSubrange(_ range: Range<Int>, with text: String) {
        let range = Self.clamped(range, to: count)
        guard !segments.isEmpty else {
            self = LongLine(utf8: text.utf8, count: text.count)
            return
        }
        var first = segment(holding: range.lowerBound)
        var last = segment(holding: Swift.max(range.lowerBound, range.upperBound - 1))
        // An edit at a segment's edge takes the neighbour in, so the join is clustered as the
        // text reads (a combining mark typed after the last letter of the segment before).
        if range.lowerBound == starts[first], first > 0 { first -= 1 }
        if range.upperBound >= starts[last] + segments[last].count, last + 1 < segments.count { last += 1 }
        // The segments between are dropped whole; only the two ends are cut.
        let head = segments[first], tail = segments[last]
        var joined = Array(head.bytes[..<head.byteOffset(ofCharacter: range.lowerBound - starts[first])])
        joined += text.utf8
        joined += tail.bytes[tail.byteOffset(ofCharacter: Swift.max(0, range.upperBound - starts[last]))...]
        // A small result takes its next neighbour in, so segments never dwindle to a character each.
        if joined.count < Self.segmentLength / 4, last + 1 < segments.count {
            last += 1
            joined += segments[last].bytes
        }
        let replacement = joined.isEmpty ? [] : LongLine(utf8: joined, count: Self.characterCount(joined)).segments
        segments.replaceSubrange(first...last, with: replacement)
        recount()
    }

    /// `range` inside `0 ..< count` (empty at the nearest end when it lies outside).
    static func clamped(_ range: Range<Int>, to count: Int) -> Range<Int> {
        let lower = Swift.min(Swift.max(0, range.lowerBound), count)
        return lower..<Swift.max(lower, Swift.min(count, range.upperBound))
    }

    /// How many characters `utf8` holds.
    static func characterCount(_ utf8: [UInt8]) -> Int {
        utf8.allSatisfy { $0 < 0x80 } ? utf8.count : String(decoding: utf8, as: UTF8.self).count
    }

    /// The UTF-8 of characters `range` appended to `out`.
    func appendUTF8(_ range: Range<Int>? = nil, to out: inout [UInt8]) {
        guard let range else {
            for segment in segments { out += segment.bytes }
            return
        }
        let clamped = Self.clamped(range, to: count)
        guard !clamped.isEmpty else { return }
        var index = segment(holding: clamped.lowerBound)
        while index < segments.count, starts[index] < clamped.upperBound {
            let segment = segments[index], start = starts[index]
            let local = Swift.max(0, clamped.lowerBound - start)..<Swift.min(segment.count, clamped.upperBound - start)
            if local == 0..<segment.count {
                out += segment.bytes
            } else if segment.isSingleByte {
                out += segment.bytes[local]
            } else {
                for character in segment.characters(local) { out += character.utf8 }
            }
            index += 1
        }
    }

    /// The first byte that is not a space or a tab; nil when the line is blank.
    var leadingByte: UInt8? {
        for segment in segments {
            if let byte = segment.bytes.first(where: { $0 != 0x20 && $0 != 0x09 }) { return byte }
        }
        return nil
    }

    func contains(byte: UInt8) -> Bool {
        segments.contains { $0.bytes.contains(byte) }
    }

    /// Whether both hold the same bytes (compared segment by segment, nothing copied).
    func hasSameUTF8(as other: LongLine) -> Bool {
        guard count == other.count else { return false }
        var mine = (segment: 0, byte: 0), theirs = (segment: 0, byte: 0)
        while true {
            while mine.segment < segments.count, mine.byte == segments[mine.segment].bytes.count {
                mine = (mine.segment + 1, 0)
            }
            while theirs.segment < other.segments.count, theirs.byte == other.segments[theirs.segment].bytes.count {
                theirs = (theirs.segment + 1, 0)
            }
            guard mine.segment < segments.count, theirs.segment < other.segments.count else {
                return mine.segment == segments.count && theirs.segment == other.segments.count
            }
            let a = segments[mine.segment].bytes, b = other.segments[theirs.segment].bytes
            let length = Swift.min(a.count - mine.byte, b.count - theirs.byte)
            guard a[mine.byte..<mine.byte + length].elementsEqual(b[theirs.byte..<theirs.byte + length]) else {
                return false
            }
            mine.byte += length
            theirs.byte += length
        }
    }
}
