#if canImport(Glibc)
import Glibc
#endif

extension Substring {
    /// Whether `needle` occurs, compared as UTF-8 bytes.
    func containsText(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in bytes(h, contain: n) } }
    }

    /// Without leading and trailing spaces and tabs (a slice, not a copy).
    func trimmingBlanks() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09 { end = bytes.index(before: end) }
        return self[start..<end]
    }

    /// Whether the text starts with `prefix`, compared as UTF-8 bytes.
    func startsWithText(_ prefix: String) -> Bool {
        var text = self
        return text.withUTF8 { h in
            prefix.utf8.count <= h.count && zip(h, prefix.utf8).allSatisfy { $0 == $1 }
        }
    }

    /// The first range where `needle` occurs, compared as UTF-8 bytes.
    func rangeOfText(_ needle: String) -> Range<String.Index>? {
        var text = self
        var needle = needle
        let offset: Int? = text.withUTF8 { h in
            needle.withUTF8 { n in
                guard n.count > 0, h.count >= n.count, let hb = h.baseAddress, let nb = n.baseAddress else { return nil }
                var offset = 0
                let last = h.count - n.count
                while offset <= last {
                    guard let hit = memchr(hb + offset, Int32(n[0]), last - offset + 1) else { return nil }
                    let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - hb
                    if memcmp(hb + position, nb, n.count) == 0 { return position }
                    offset = position + 1
                }
                return nil
            }
        }
        guard let offset else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
    }

    /// Whether the text contains the byte `byte`.
    func containsByte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { h in h.count > 0 && memchr(h.baseAddress!, Int32(byte), h.count) != nil }
    }
}

/// Whether `n` occurs in `h`.
private func bytes(_ h: UnsafeBufferPointer<UInt8>, contain n: UnsafeBufferPointer<UInt8>) -> Bool {
    guard n.count > 0 else { return true }
    guard h.count >= n.count, let hb = h.baseAddress, let nb = n.baseAddress else { return false }
    let first = Int32(n[0])
    var offset = 0
    let last = h.count - n.count
    while offset <= last {
        guard let hit = memchr(hb + offset, first, last - offset + 1) else { return false }
        let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - hb
        if memcmp(hb + position, nb, n.count) == 0 { return true }
        offset = position + 1
    }
    return false
}

/// Byte-level text helpers for the preview's hot paths (on Linux, `String.contains(String)`
/// and `components(separatedBy:)` go through Foundation and dominated the render time).
extension String {
    /// Whether `needle` occurs, compared as UTF-8 bytes.
    func containsText(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { h in needle.withUTF8 { n in bytes(h, contain: n) } }
    }

    /// The lines as slices of this string (split on `\n`, empty lines kept, `\r` kept).
    func lineSlices() -> [Substring] {
        var text = self
        let offsets: [Int] = text.withUTF8 { bytes in
            var ends: [Int] = []
            guard let base = bytes.baseAddress else { return ends }
            var offset = 0
            while offset < bytes.count, let hit = memchr(base + offset, 0x0A, bytes.count - offset) {
                let position = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                ends.append(position)
                offset = position + 1
            }
            return ends
        }
        var lines: [Substring] = []
        lines.reserveCapacity(offsets.count + 1)
        var start = text.utf8.startIndex
        for end in offsets {
            let endIndex = text.utf8.index(text.utf8.startIndex, offsetBy: end)
            lines.append(text[start..<endIndex])
            start = text.utf8.index(after: endIndex)
        }
        lines.append(text[start...])
        return lines
    }

    /// The lines (split on `\n`, empty lines kept; a `\r` before the `\n` is kept too).
    func splitLines() -> [String] {
        utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start = bytes.index(after: start) }
        while end > start, bytes[bytes.index(before: end)] == 0x20 || bytes[bytes.index(before: end)] == 0x09 { end = bytes.index(before: end) }
        return start == bytes.startIndex && end == bytes.endIndex ? self : String(Substring(bytes[start..<end]))
    }

    /// Without leading and trailing ASCII whitespace (spaces, tabs, line breaks).
    func trimmingWhitespaceAndNewlines() -> String {
        let bytes = utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, isBlank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, isBlank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return start == bytes.startIndex && end == bytes.endIndex ? self : String(Substring(bytes[start..<end]))
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
                var start = 0, offset = 0
                let last = h.count - t.count
                while offset <= last {
                    if h[offset] == t[0], memcmp(h.baseAddress! + offset, t.baseAddress!, t.count) == 0 {
                        result += String(decoding: UnsafeBufferPointer(rebasing: h[start..<offset]), as: UTF8.self)
                        result += replacement
                        offset += t.count
                        start = offset
                    } else {
                        offset += 1
                    }
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
            return String(unsafeUninitializedCapacity: bytes.count * count) { buffer in
                for index in 0..<count {
                    UnsafeMutableRawPointer(buffer.baseAddress! + index * bytes.count).copyMemory(from: base, byteCount: bytes.count)
                }
                return bytes.count * count
            }
        }
    }

    /// Without leading and trailing occurrences of the given ASCII bytes.
    func trimming(bytes set: [UInt8]) -> String {
        let bytes = utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, set.contains(bytes[start]) { start = bytes.index(after: start) }
        while end > start, set.contains(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return start == bytes.startIndex && end == bytes.endIndex ? self : String(Substring(bytes[start..<end]))
    }
}
