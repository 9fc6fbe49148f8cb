import CCmark

/// The headings of a markdown text as CommonMark reads them (ATX and setext, never a `#` in
/// code): the editor's outline, go-to and next/previous heading.
public enum MarkdownOutline {
    public struct Heading: Sendable, Equatable {
        /// 1–6.
        public let level: Int
        /// Its text, inline markup dropped (`**Bold** move` → `Bold move`).
        public let text: String
        /// 0-based line of the text the heading starts on.
        public let line: Int
    }

    /// The headings of `text`, whose first `skippingLines` lines (the front matter) are not
    /// markdown; line numbers are the text's own.
    public static func headings(in text: String, skippingLines: Int = 0) -> [Heading] {
        CommonMark.withIterator(over: markdownBytes(of: text, skippingLines: skippingLines)) { iterator in
            var headings: [Heading] = []
            var open: (level: Int, line: Int, text: String)?
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_HEADING {
                    if event == CMARK_EVENT_ENTER {
                        open = (Int(cmark_node_get_heading_level(node)), Int(cmark_node_get_start_line(node)) - 1, "")
                    } else if let heading = open {
                        headings.append(Heading(level: heading.level, text: heading.text, line: heading.line))
                        open = nil
                    }
                } else if open != nil, event == CMARK_EVENT_ENTER {
                    if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE,
                        let literal = cmark_node_get_literal(node)
                    {
                        open?.text += String(cString: literal)
                    } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                        open?.text += " "
                    }
                }
            }
            return headings
        } ?? []
    }
}

/// The bytes of `text` with its first `lines` lines (front matter, which is not markdown) made
/// empty lines, so cmark's line numbers stay the text's.
func markdownBytes(of text: String, skippingLines lines: Int) -> [UInt8] {
    var bytes = Array(text.utf8)
    guard lines > 0 else { return bytes }
    var line = 0, cut = 0
    while line < lines, let newline = bytes[cut...].firstIndex(of: 0x0A) {
        cut = newline + 1
        line += 1
    }
    if line < lines { cut = bytes.count }
    bytes.replaceSubrange(0..<cut, with: [UInt8](repeating: 0x0A, count: line))
    return bytes
}
