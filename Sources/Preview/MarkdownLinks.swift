import CCmark

/// The links and images of a markdown text as CommonMark reads them (never inside code), with
/// the line and column where each destination is written: what the link check looks at.
public enum MarkdownLinks {
    public struct Link: Sendable, Equatable {
        public let destination: String
        public let isImage: Bool
        /// 0-based line and column (characters) of the destination in the text, or of the block
        /// holding the link when it cannot be found written out (a reference definition).
        public let line: Int
        public let column: Int
        /// An image's alt text (its text children), "" when it has none.
        public var alt = ""
    }

    /// `bytes` with each footnote definition (`[^label]: text`, a line of its own, up to three
    /// spaces in) made plain text by a backslash before its bracket. Hugo's goldmark and Jekyll's
    /// kramdown read footnotes; CommonMark reads such a line as a link reference definition and
    /// its text as an address (`[^1]: 这是一个数字脚注` was "no page at 这是一个数字脚注"). Links
    /// written in the footnote's text stay links; lines keep their numbers.
    static func withoutFootnoteDefinitions(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0, lineStart = true
        out.reserveCapacity(bytes.count)
        while index < bytes.count {
            if lineStart {
                var at = index
                while at < bytes.count, at - index < 3, bytes[at] == 0x20 { at += 1 }
                if at + 1 < bytes.count, bytes[at] == UInt8(ascii: "["), bytes[at + 1] == UInt8(ascii: "^"),
                    let close = bytes[at...].firstIndex(where: { $0 == UInt8(ascii: "]") || $0 == 0x0A }),
                    bytes[close] == UInt8(ascii: "]"), close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":")
                {
                    out += bytes[index..<at]
                    out.append(UInt8(ascii: "\\"))
                    index = at
                }
            }
            let byte = bytes[index]
            out.append(byte)
            lineStart = byte == 0x0A
            index += 1
        }
        return out
    }

    /// The links of `text`, whose first `skippingLines` lines (the front matter) are not markdown.
    public static func links(in text: String, skippingLines: Int = 0) -> [Link] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let source = withoutFootnoteDefinitions(markdownBytes(of: text, skippingLines: skippingLines))
        var found: [(destination: String, isImage: Bool, blockLine: Int)] = []
        var alts: [Int: String] = [:]
        _ = CommonMark.withIterator(over: source) { iterator in
            var blockLine = 0
            var inImage: Int?
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_IMAGE, event == CMARK_EVENT_EXIT { inImage = nil; continue }
                guard event == CMARK_EVENT_ENTER else { continue }
                if let image = inImage, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE,
                    let literal = cmark_node_get_literal(node)
                {
                    alts[image, default: ""] += String(cString: literal)
                }
                let start = Int(cmark_node_get_start_line(node))
                if start > 0 { blockLine = start - 1 }
                guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let url = cmark_node_get_url(node) else {
                    continue
                }
                found.append((String(cString: url), type == CMARK_NODE_IMAGE, blockLine))
                if type == CMARK_NODE_IMAGE { inImage = found.count - 1 }
            }
        }
        // Where each destination is written: the first place at or after its block, after the
        // previous link's (two links to one page are two places).
        var after: [String: (line: Int, column: Int)] = [:]
        return found.enumerated().map { index, link in
            var line = max(link.blockLine, after[link.destination]?.line ?? 0)
            var from = after[link.destination].map { $0.line == line ? $0.column + 1 : 0 } ?? 0
            while line < lines.count {
                let text = lines[line]
                if from < text.count, let range = text.dropFirst(from).range(of: link.destination) {
                    let column = text.distance(from: text.startIndex, to: range.lowerBound)
                    after[link.destination] = (line, column)
                    return Link(
                        destination: link.destination, isImage: link.isImage, line: line, column: column,
                        alt: alts[index] ?? "")
                }
                line += 1
                from = 0
                if line > link.blockLine + 200 { break }
            }
            return Link(
                destination: link.destination, isImage: link.isImage, line: link.blockLine, column: 0,
                alt: alts[index] ?? "")
        }
    }
}
