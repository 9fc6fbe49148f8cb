/// A bound on how deep one line opens CommonMark containers, applied to every text before cmark
/// parses it. libcmark walks every open container for each line that follows, so a line that
/// opens 30,000 nested lists (`- - - … x`) and 30,000 blank lines after it take cmark 0.30 about
/// 19 s (cmark's own "empty lines in deeply nested lists"); quotes (`> > > …`) alike. No writing
/// nests that deep on one line: the marker past `limit` is escaped (`\-`, `\>`, `1\.`), so
/// cmark reads the rest of the line as text, shown as it is. Lines stay where they are.
enum BlockNesting {
    /// Container markers one line may open; the rest of such a line is text.
    static let limit = 32

    /// `bytes` with every line's container markers past `limit` escaped, or nil when no line has
    /// that many (the common case: only lines starting with a marker are looked at).
    static func capped(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard let base = bytes.baseAddress else { return nil }
        var escapes: [Int] = []  // offsets to put a backslash before, in order
        var start = 0
        while start < bytes.count {
            let end = bytes.lineEnd(from: start)
            if let offset = markerPastLimit(base, from: start, to: end) { escapes.append(offset) }
            start = end + 1
        }
        guard !escapes.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + escapes.count)
        var copied = 0
        for offset in escapes {
            result.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: offset - copied))
            result.append(0x5C)  // backslash
            copied = offset
        }
        result.append(contentsOf: UnsafeBufferPointer(start: base + copied, count: bytes.count - copied))
        return result
    }

    /// The offset of the marker that would open container `limit + 1` on the line `start..<end`
    /// (where a backslash makes it text), or nil.
    private static func markerPastLimit(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var position = start
        var markers = 0
        while true {
            while position < end, base[position] == 0x20 || base[position] == 0x09 { position += 1 }
            guard position < end else { return nil }
            var escapeAt = position
            switch base[position] {
            case 0x3E:  // > (a quote needs nothing after it)
                position += 1
            case 0x2D, 0x2A, 0x2B:  // - * + then a blank or the line's end
                guard position + 1 == end || base[position + 1] == 0x20 || base[position + 1] == 0x09 else {
                    return nil
                }
                position += 1
            case 0x30...0x39:  // 1. 1) — up to nine digits
                var digitsEnd = position
                while digitsEnd < end, digitsEnd - position < 10, (0x30...0x39).contains(base[digitsEnd]) {
                    digitsEnd += 1
                }
                guard digitsEnd - position <= 9, digitsEnd < end, base[digitsEnd] == 0x2E || base[digitsEnd] == 0x29,
                    digitsEnd + 1 == end || base[digitsEnd + 1] == 0x20 || base[digitsEnd + 1] == 0x09
                else { return nil }
                escapeAt = digitsEnd  // `1\.`: a backslash before a digit would be shown
                position = digitsEnd + 1
            default:
                return nil
            }
            markers += 1
            if markers > limit { return escapeAt }
        }
    }
}
