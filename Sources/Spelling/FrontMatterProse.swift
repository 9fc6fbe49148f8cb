import Blog

/// The front-matter values that are prose: `title`, `description` and `summary` (keys in any
/// case), in YAML, TOML or JSON front matter, found line by line so their place in the file is
/// known. A YAML block scalar (`description: >`) is followed onto its indented lines. Other
/// keys and values (dates, slugs, tags, URLs) are not checked.
enum FrontMatterProse {
    static let keys: Set<String> = ["title", "description", "summary"]

    /// Byte ranges of `content`'s UTF-8 that hold those values.
    static func spans(in content: [UInt8], format: FrontMatterFormat) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var lineStart = 0
        var inBlockScalar = false
        while lineStart < content.count {
            var lineEnd = lineStart
            while lineEnd < content.count, content[lineEnd] != 0x0A { lineEnd += 1 }
            let line = content[lineStart..<lineEnd]
            let indented = line.first == 0x20 || line.first == 0x09
            if inBlockScalar {
                if indented || line.allSatisfy({ $0 == 0x20 || $0 == 0x0D }) {
                    spans.append(lineStart..<lineEnd)
                    lineStart = lineEnd + 1
                    continue
                }
                inBlockScalar = false
            }
            if let value = valueStart(line, format: format, indented: indented) {
                spans.append(value..<lineEnd)
                if format == .yaml {
                    let rest = String(decoding: content[value..<lineEnd], as: UTF8.self).trimmingCharacters(
                        in: .whitespaces)
                    inBlockScalar = rest.hasPrefix("|") || rest.hasPrefix(">") || rest.isEmpty
                }
            }
            lineStart = lineEnd + 1
        }
        return spans.flatMap { withoutInlineCode($0, in: content) }
    }

    /// `span` without the code in backticks it holds (`` `hugo --minify` `` in a description is
    /// a command, not words), the backticks included.
    static func withoutInlineCode(_ span: Range<Int>, in content: [UInt8]) -> [Range<Int>] {
        let tick = UInt8(ascii: "`")
        var pieces: [Range<Int>] = []
        var start = span.lowerBound
        var index = span.lowerBound
        while index < span.upperBound {
            guard content[index] == tick else { index += 1; continue }
            var run = 0
            while index + run < span.upperBound, content[index + run] == tick { run += 1 }
            // The closing run of the same length, on this span.
            var probe = index + run
            var close: Int?
            while probe < span.upperBound {
                if content[probe] == tick {
                    var length = 0
                    while probe + length < span.upperBound, content[probe + length] == tick { length += 1 }
                    if length == run { close = probe + length; break }
                    probe += length
                } else {
                    probe += 1
                }
            }
            guard let close else { index += run; continue }
            if start < index { pieces.append(start..<index) }
            start = close
            index = close
        }
        if start < span.upperBound { pieces.append(start..<span.upperBound) }
        return pieces
    }

    /// Where the value starts when `line` sets one of the prose keys.
    private static func valueStart(_ line: ArraySlice<UInt8>, format: FrontMatterFormat, indented: Bool) -> Int? {
        var index = line.startIndex
        switch format {
        case .json:
            while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
            guard index < line.endIndex, line[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
        default:
            guard !indented else { return nil }
        }
        let keyStart = index
        while index < line.endIndex, (line[index] | 0x20) >= UInt8(ascii: "a"),
            (line[index] | 0x20) <= UInt8(ascii: "z")
        { index += 1 }
        guard keys.contains(String(decoding: line[keyStart..<index], as: UTF8.self).lowercased()) else { return nil }
        if format == .json {
            guard index < line.endIndex, line[index] == UInt8(ascii: "\"") else { return nil }; index += 1
        }
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        let separator = format == .toml ? UInt8(ascii: "=") : UInt8(ascii: ":")
        guard index < line.endIndex, line[index] == separator else { return nil }
        return index + 1
    }
}
