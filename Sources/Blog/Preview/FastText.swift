#if canImport(Glibc)
import Glibc
#endif

/// Byte-level text helpers for the preview's hot paths (on Linux, `String.contains(String)`
/// and `components(separatedBy:)` go through Foundation and dominated the render time).
extension String {
    /// Whether `needle` occurs, compared as UTF-8 bytes.
    func containsText(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
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
        }
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
}
