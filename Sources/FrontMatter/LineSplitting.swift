/// Splits text into lines that keep their endings: `lines.joined() == text`. (Split on bytes:
/// Swift treats "\r\n" as a single Character.)
package func splitKeepingEndings(_ text: String) -> [String] {
    let lines = TextLines.split(text)
    return lines.indices.compactMap { index in
        index < lines.count - 1 ? String(lines[index]) + "\n" : (lines[index].isEmpty ? nil : String(lines[index]))
    }
}

/// Lines of text as files have them: split at LF on the bytes, a CR before the LF kept at the
/// end of its line (splitting a `String` on `"\n"` leaves CRLF lines joined: Swift reads
/// `"\r\n"` as one `Character`).
public enum TextLines {
    /// The lines of `text`, without their LF (`split("a\r\nb") == ["a\r", "b"]`); a text ending
    /// in LF ends with an empty line.
    public static func split(_ text: some StringProtocol) -> [Substring] {
        var lines: [Substring] = []
        let whole = Substring(text)
        let utf8 = whole.utf8
        var start = utf8.startIndex
        while let newline = utf8[start...].firstIndex(of: 0x0A) {
            lines.append(Substring(utf8[start..<newline]))
            start = utf8.index(after: newline)
        }
        lines.append(Substring(utf8[start...]))
        return lines
    }

    /// `line` without the CR of a CRLF ending.
    public static func withoutCR(_ line: Substring) -> Substring {
        line.utf8.last == 0x0D ? Substring(line.utf8.dropLast()) : line
    }
}
