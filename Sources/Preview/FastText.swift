import Blog

#if canImport(Glibc)
    import Glibc
#endif

/// Byte-level text helpers for the preview's hot paths (on Linux, `String.contains(String)`,
/// `range(of:)`, `trimmingCharacters(in:)` and `components(separatedBy:)` go through
/// Foundation and dominated the render time). One search and one trim underlie them all.

/// The offset of the first occurrence of `needle` in `haystack` at or after `from`.
private func firstOffset(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from: Int = 0)
    -> Int?
{
    guard needle.count > 0 else { return from }
    guard haystack.count >= needle.count, let hb = haystack.baseAddress, let nb = needle.baseAddress else { return nil }
    let last = haystack.count - needle.count
    var offset = from
    while offset <= last {
        guard let hit = memchr(hb + offset, Int32(needle[0]), last - offset + 1) else { return nil }
        let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - hb
        if memcmp(hb + position, nb, needle.count) == 0 { return position }
        offset = position + 1
    }
    return nil
}

/// The first occurrence of `needle` in `text`, as an offset into its UTF-8.
private func firstOffset<S: StringProtocol>(of needle: String, in text: S) -> Int? {
    var needle = needle
    return needle.withUTF8 { n in
        text.utf8.withContiguousStorageIfAvailable { firstOffset(of: n, in: $0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { firstOffset(of: n, in: $0) }
    }
}

/// The UTF-8 bounds of `utf8` without leading and trailing bytes that satisfy `drop`.
private func trimmedBounds<V: BidirectionalCollection<UInt8>>(_ utf8: V, dropping drop: (UInt8) -> Bool) -> Range<
    V.Index
> {
    var start = utf8.startIndex, end = utf8.endIndex
    while start < end, drop(utf8[start]) { start = utf8.index(after: start) }
    while end > start, drop(utf8[utf8.index(before: end)]) { end = utf8.index(before: end) }
    return start..<end
}

private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

extension StringProtocol {
    /// Whether `needle` occurs, compared as UTF-8 bytes.
    func containsText(_ needle: String) -> Bool { firstOffset(of: needle, in: self) != nil }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (a slice, not a copy).
    func trimmingBlanks() -> Substring { self[trimmedBounds(utf8, dropping: isBlank)] }

    /// Whether the text starts with `prefix`, compared as UTF-8 bytes.
    func startsWithText(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// The first range where `needle` occurs, compared as UTF-8 bytes.
    func rangeOfText(_ needle: String) -> Range<String.Index>? {
        guard let offset = firstOffset(of: needle, in: self) else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }

    /// Whether the text contains the byte `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { h in h.count > 0 && memchr(h.baseAddress!, Int32(byte), h.count) != nil }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where the line starting at `start` ends: the offset of the next line feed, or the count
    /// (found with memchr, not byte by byte).
    func lineEnd(from start: Int) -> Int {
        guard let base = baseAddress, start < count, let hit = memchr(base + start, 0x0A, count - start) else {
            return count
        }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }
}

extension String {
    /// The lines (split on `\n`, empty lines kept; a `\r` before the `\n` is kept too).
    func splitLines() -> [String] {
        var text = self
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return [""] }
            var lines: [String] = []
            var start = 0
            while true {
                let end = bytes.lineEnd(from: start)
                lines.append(
                    String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self))
                guard end < bytes.count else { return lines }
                start = end + 1
            }
        }
    }

    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String { trimming(where: isBlank) }

    /// Without leading and trailing ASCII whitespace (spaces, tabs, line breaks).
    func trimmingWhitespaceAndNewlines() -> String { trimming { $0 == 0x20 || (0x09...0x0D).contains($0) } }

    /// Without leading and trailing occurrences of the given ASCII bytes.
    func trimming(bytes set: [UInt8]) -> String { trimming(where: set.contains) }

    private func trimming(where drop: (UInt8) -> Bool) -> String {
        let bounds = trimmedBounds(utf8, dropping: drop)
        return bounds == utf8.startIndex..<utf8.endIndex ? self : String(Substring(utf8[bounds]))
    }

    /// Every occurrence of `target` replaced by `replacement`, compared as UTF-8 bytes.
    func replacingText(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, containsText(target) else { return self }
        var haystack = self
        var target = target
        return haystack.withUTF8 { h in
            target.withUTF8 { t in
                var result = ""
                result.reserveCapacity(h.count + replacement.utf8.count)
                var start = 0
                while let hit = firstOffset(of: t, in: h, from: start) {
                    result += String(decoding: UnsafeBufferPointer(rebasing: h[start..<hit]), as: UTF8.self)
                    result += replacement
                    start = hit + t.count
                }
                result += String(decoding: UnsafeBufferPointer(rebasing: h[start...]), as: UTF8.self)
                return result
            }
        }
    }

    /// `unit` repeated `count` times, written straight into one buffer (the standard library's
    /// `String(repeating:count:)` appends piece by piece and showed up in every profile).
    static func repeated(_ unit: String, count: Int) -> String {
        guard count > 0 else { return "" }
        var unit = unit
        return unit.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return "" }
            let total = bytes.count * count
            return String(unsafeUninitializedCapacity: total) { buffer in
                // One unit, then doubling what is there: log2(count) copies, not count.
                let out = UnsafeMutableRawPointer(buffer.baseAddress!)
                out.copyMemory(from: base, byteCount: bytes.count)
                var filled = bytes.count
                while filled < total {
                    let chunk = Swift.min(filled, total - filled)
                    (out + filled).copyMemory(from: out, byteCount: chunk)
                    filled += chunk
                }
                return total
            }
        }
    }
}
