import CCmark
import Foundation

/// Where a Markdown document's prose is: what a spell-checker reads.
///
/// From cmark's tree, text nodes only (with their source positions): not code spans, code
/// blocks, HTML, link and image targets, autolinks; then Hugo shortcodes (`{{< … >}}`,
/// `{{% … %}}`) and Liquid tags (`{% … %}`, `{{ … }}`) are cut out, with what a highlight or
/// comment pair encloses (`{% highlight go %}…{% endhighlight %}`).
public enum ProseSpans {
    /// Byte ranges of `markdown`'s UTF-8 that are prose, in order.
    public static func of(_ markdown: String) -> [Range<Int>] {
        let bytes = Array(markdown.utf8)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
        let spans = textNodes(bytes, lineStarts: lineStarts)
        let holes = templating(in: bytes)
        // A shortcode's prose parameters (`caption="…"`) are prose, where the shortcode is.
        let parameters = proseParameters(in: bytes, shortcodes: holes).filter { range in
            spans.contains { $0.contains(range.lowerBound) }
        }
        guard !parameters.isEmpty else { return subtract(holes, from: spans) }
        return (subtract(holes, from: spans) + parameters).sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Parameters of Hugo shortcodes whose value is prose a reader sees.
    static let proseParameterNames = ["caption", "alt", "title", "description", "summary", "attr"]

    /// The values of the prose parameters (`caption="A heron"`) of the Hugo shortcodes among
    /// `shortcodes` (byte ranges from `templating`), as byte ranges.
    static func proseParameters(in bytes: [UInt8], shortcodes: [Range<Int>]) -> [Range<Int>] {
        var found: [Range<Int>] = []
        for whole in shortcodes where whole.count > 4 && bytes[whole.lowerBound + 1] == UInt8(ascii: "{") {
            // The opening tag only: a pair's body (`code-toggle`'s TOML) is not its parameters.
            var tagEnd = whole.lowerBound + 2
            while tagEnd + 1 < whole.upperBound,
                !(bytes[tagEnd] == UInt8(ascii: "}") && bytes[tagEnd + 1] == UInt8(ascii: "}"))
            {
                tagEnd += 1
            }
            let range = whole.lowerBound..<tagEnd
            let text = bytes[range]
            for name in proseParameterNames {
                let key = Array(name.utf8)
                var index = range.lowerBound
                while let start = text[index...].firstIndex(of: key[0]), start + key.count + 2 < range.upperBound {
                    index = start + 1
                    // The name alone (not `subcaption`), then `="…"` or `='…'`.
                    guard bytes[start..<(start + key.count)].elementsEqual(key),
                        start == range.lowerBound || !Self.isNameByte(bytes[start - 1])
                    else { continue }
                    var at = start + key.count
                    while at < range.upperBound, bytes[at] == 0x20 { at += 1 }
                    guard at < range.upperBound, bytes[at] == UInt8(ascii: "=") else { continue }
                    at += 1
                    while at < range.upperBound, bytes[at] == 0x20 { at += 1 }
                    guard at < range.upperBound, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'")
                    else { continue }
                    let quote = bytes[at]
                    guard let close = bytes[(at + 1)..<range.upperBound].firstIndex(of: quote) else { continue }
                    if close > at + 1 { found.append((at + 1)..<close) }
                    index = close
                }
            }
        }
        return found.sorted { $0.lowerBound < $1.lowerBound }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// The source ranges of cmark's text nodes that are not an autolink's text.
    private static func textNodes(_ bytes: [UInt8], lineStarts: [Int]) -> [Range<Int>] {
        CommonMark.withIterator(over: bytes) { textNodes(iterator: $0, bytes: bytes, lineStarts: lineStarts) } ?? []
    }

    private static func textNodes(iterator: OpaquePointer, bytes: [UInt8], lineStarts: [Int]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                cmark_node_get_type(node) == CMARK_NODE_TEXT
            else { continue }
            if let parent = cmark_node_parent(node), cmark_node_get_type(parent) == CMARK_NODE_LINK,
                isAutolink(parent, text: node)
            {
                continue
            }
            let line = Int(cmark_node_get_start_line(node)), endLine = Int(cmark_node_get_end_line(node))
            let column = Int(cmark_node_get_start_column(node)), endColumn = Int(cmark_node_get_end_column(node))
            guard line >= 1, line <= lineStarts.count, column >= 1, endLine == line, endColumn >= column else {
                continue
            }
            let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
            var start = lineStarts[line - 1] + column - 1
            var end = min(lineStarts[line - 1] + endColumn, lineEnd)
            // cmark's columns for a paragraph's later lines leave out their indentation: the
            // text is found where it really is on its line (else an indented line lost its last letters).
            if let literal = cmark_node_get_literal(node) {
                let text = UnsafeBufferPointer(
                    start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal))
                if let found = locate(text, in: bytes, lineStart: lineStarts[line - 1], lineEnd: lineEnd, near: start) {
                    start = found
                    end = found + text.count
                }
            }
            if start < end { spans.append(start..<end) }
        }
        return spans
    }

    /// Where `text` occurs on the line `lineStart..<lineEnd`: the occurrence at or after a little
    /// before `near`, else the first; nil when it is not there as written (an entity, say).
    private static func locate(
        _ text: UnsafeBufferPointer<UInt8>, in bytes: [UInt8], lineStart: Int, lineEnd: Int, near: Int
    ) -> Int? {
        guard !text.isEmpty, lineEnd - lineStart >= text.count else { return nil }
        func matches(at position: Int) -> Bool {
            var index = 0
            while index < text.count, bytes[position + index] == text[index] { index += 1 }
            return index == text.count
        }
        let last = lineEnd - text.count
        for from in [max(lineStart, min(near, last) - 8), lineStart] {
            var position = from
            while position <= last {
                if bytes[position] == text[0], matches(at: position) { return position }
                position += 1
            }
        }
        return nil
    }

    private static func isAutolink(_ link: OpaquePointer, text: OpaquePointer) -> Bool {
        guard let url = cmark_node_get_url(link).map({ String(cString: $0) }),
            let literal = cmark_node_get_literal(text).map({ String(cString: $0) })
        else { return false }
        return url == literal || url == "mailto:" + literal
    }

    /// Byte ranges of template code: Hugo shortcodes, Liquid tags and output, and what a
    /// highlight or comment pair encloses. Linear in the text: each delimiter is found by a
    /// binary search in the list of where it occurs, never by scanning ahead again.
    static func templating(in bytes: [UInt8]) -> [Range<Int>] {
        let brace = UInt8(ascii: "{"), percent = UInt8(ascii: "%")
        let tagCloses = occurrences(of: Array("%}".utf8), in: bytes)
        let outputCloses = occurrences(of: Array("}}".utf8), in: bytes)
        var pairEnds: [String: [Int]] = [:]
        func pairEnd(_ name: String, from start: Int) -> Int? {
            if pairEnds[name] == nil { pairEnds[name] = occurrences(of: Array(name.utf8), in: bytes) }
            return first(in: pairEnds[name]!, atOrAfter: start).map { $0 + name.utf8.count }
        }
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == brace, bytes[index + 1] == brace || bytes[index + 1] == percent else {
                index += 1; continue
            }
            let isTag = bytes[index + 1] == percent
            guard let close = first(in: isTag ? tagCloses : outputCloses, atOrAfter: index + 2), close - index <= 4096
            else { index += 2; continue }
            let end = close + 2
            var through = end
            let inside = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
                .trimmingCharacters(in: CharacterSet(charactersIn: " \t<>%-"))
            let name = String(inside.prefix { $0.isLetter || $0 == "-" })
            if codePairs.contains(name) {
                // The pair's end tag, wherever it is (`{% endhighlight %}`, `{{< /highlight >}}`).
                if let pairEnd = pairEnd(isTag ? "end" + name : "/" + name, from: end),
                    let tagClose = first(in: isTag ? tagCloses : outputCloses, atOrAfter: pairEnd)
                {
                    through = tagClose + 2
                }
            }
            ranges.append(index..<through)
            index = through
        }
        return ranges
    }

    /// Shortcodes and Liquid tags whose body is code or configuration, never prose.
    static let codePairs: Set<String> = [
        "highlight", "comment", "code-toggle", "code", "codeblock", "raw", "chroma", "datatable", "syntax",
    ]

    /// Where `needle` starts in `bytes`, in order.
    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = 0
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
            }
            index += 1
        }
        return found
    }

    /// The first element of sorted `list` at or after `start`.
    private static func first(in list: [Int], atOrAfter start: Int) -> Int? {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < list.count ? list[low] : nil
    }

    /// `spans` without the parts inside `holes` (both in order).
    static func subtract(_ holes: [Range<Int>], from spans: [Range<Int>]) -> [Range<Int>] {
        guard !holes.isEmpty else { return spans }
        var result: [Range<Int>] = []
        var holeIndex = 0
        for span in spans {
            var start = span.lowerBound
            while holeIndex < holes.count, holes[holeIndex].upperBound <= start { holeIndex += 1 }
            var probe = holeIndex
            while probe < holes.count, holes[probe].lowerBound < span.upperBound {
                if holes[probe].lowerBound > start { result.append(start..<holes[probe].lowerBound) }
                start = max(start, holes[probe].upperBound)
                probe += 1
            }
            if start < span.upperBound { result.append(start..<span.upperBound) }
        }
        return result
    }
}
