/// The editor's lines, kept in chunks of a few hundred lines.
///
/// A document is shared while the preview job renders it (a copy-on-write value handed off the
/// loop). With one flat array, the first keystroke after each hand-off copied every line (32,000
/// retains in a 1 MB post: ~3 ms on the loop). In chunks, that keystroke copies the list of
/// chunks and the one chunk it edits, whatever the document's size.
public struct LineStore: Sendable {
    private var chunks: [[[Character]]]
    /// The index of each chunk's first line.
    private var starts: [Int]
    public private(set) var count: Int

    /// Lines per chunk when a document is read or a chunk grows past twice this.
    static let chunkSize = 512

    public init() {
        chunks = [[]]
        starts = [0]
        count = 0
    }

    public init(_ lines: [[Character]]) {
        chunks = lines.isEmpty ? [[]] : stride(from: 0, to: lines.count, by: Self.chunkSize).map {
            Array(lines[$0..<Swift.min(lines.count, $0 + Self.chunkSize)])
        }
        starts = []
        count = lines.count
        recountStarts()
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
            line += chunk.count
        }
    }

    /// Splits the chunk at `index` when it grew too big, drops it when empty, and joins it with
    /// the next when both are small (many small edits never leave many tiny chunks).
    private mutating func rebalance(_ index: Int) {
        let size = chunks[index].count
        if size > 2 * Self.chunkSize {
            let chunk = chunks[index]
            let pieces = stride(from: 0, to: size, by: Self.chunkSize).map { Array(chunk[$0..<Swift.min(size, $0 + Self.chunkSize)]) }
            chunks.replaceSubrange(index...index, with: pieces)
        } else if size == 0, chunks.count > 1 {
            chunks.remove(at: index)
        } else if index + 1 < chunks.count, size + chunks[index + 1].count <= Self.chunkSize {
            chunks[index] += chunks[index + 1]
            chunks.remove(at: index + 1)
        }
        recountStarts()
    }
}

extension LineStore: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias Element = [Character]
    public typealias Iterator = FlattenSequence<[[[Character]]]>.Iterator

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(index: Int) -> [Character] {
        get {
            let place = locate(index)
            return chunks[place.chunk][place.offset]
        }
        _modify {
            let place = locate(index)
            yield &chunks[place.chunk][place.offset]
        }
    }

    public func makeIterator() -> Iterator { chunks.joined().makeIterator() }

    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == [Character] {
        let inserted = Array(newElements)
        let first = locate(range.lowerBound)
        // The chunk of the last line replaced (not the next chunk's start), so an edit inside a
        // chunk stays inside it.
        var last = first
        if !range.isEmpty {
            last = locate(range.upperBound - 1)
            last.offset += 1
        }
        if first.chunk == last.chunk {
            chunks[first.chunk].replaceSubrange(first.offset..<last.offset, with: inserted)
        } else {
            let merged = chunks[first.chunk][..<first.offset] + inserted + chunks[last.chunk][last.offset...]
            chunks.replaceSubrange(first.chunk...last.chunk, with: [Array(merged)])
        }
        count += inserted.count - range.count
        rebalance(first.chunk)
    }
}

extension LineStore {
    /// How many chunks hold the lines, and whether chunk `index` shares its storage with `other`'s
    /// (for tests of what an edit copies).
    var chunkCount: Int { chunks.count }
    func sharesChunk(_ index: Int, with other: LineStore) -> Bool {
        chunks[index].withUnsafeBufferPointer { mine in
            other.chunks[index].withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }
}

extension LineStore: Equatable {
    /// Equal lines, however they are chunked.
    public static func == (a: LineStore, b: LineStore) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}
