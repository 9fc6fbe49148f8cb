/// What kind of markdown block a line of the editor's text is in — decided by reading the lines
/// above it, as CommonMark would — so that list and quote continuation fires only in prose.
public enum MarkdownBlockContext: Equatable, Sendable {
    case prose, frontMatter, fencedCode, indentedCode, html
    /// The body of a shortcode or Liquid tag whose body is code (`highlight`, `code-toggle`…).
    case codeShortcode

    /// Hugo shortcodes and Liquid tags whose body is shown as code, not rendered as markdown.
    static let codeShortcodes: Set<String> = ["highlight", "code-toggle", "code", "codeblock", "raw", "comment"]

    /// The context of line `index` of `buffer` (only the first 256 characters of a long line
    /// are read: enough for any delimiter).
    public static func of(line index: Int, in buffer: TextBuffer) -> MarkdownBlockContext {
        var scanner = Scanner()
        for line in 0..<index { scanner.advance(buffer.head(ofLine: line), lineNumber: line) }
        return scanner.context(of: buffer.head(ofLine: index), lineNumber: index)
    }

    /// Line-by-line state: each open block and how it ends.
    struct Scanner {
        var frontMatterDelimiter: String?
        var fence: (marker: Character, length: Int)?
        var shortcode: String?
        /// How the open HTML block ends: a blank line (nil) or a closing text.
        var html: String??
        var indentedCode = false
        var previousBlank = true
        /// Inside a list (an indented line after a blank continues the item, it is not code).
        var inList = false

        /// The context `line` is in, before it changes any state.
        func context(of line: [Character], lineNumber: Int) -> MarkdownBlockContext {
            if frontMatterDelimiter != nil { return .frontMatter }
            if lineNumber == 0, ["---", "+++"].contains(Self.trimmed(line)) { return .frontMatter }
            if fence != nil { return .fencedCode }
            if shortcode != nil { return .codeShortcode }
            if html != nil { return .html }
            let indent = Self.indentWidth(line)
            if indent >= 4, !Self.isBlank(line), indentedCode || (previousBlank && !inList) { return .indentedCode }
            if Self.fenceOpening(line) != nil { return .fencedCode }
            if Self.htmlEnd(line) != nil { return .html }
            return .prose
        }

        mutating func advance(_ line: [Character], lineNumber: Int) {
            let trimmed = Self.trimmed(line)
            let blank = Self.isBlank(line)
            defer { previousBlank = blank }
            if let delimiter = frontMatterDelimiter {
                if trimmed == delimiter || (delimiter == "---" && trimmed == "...") { frontMatterDelimiter = nil }
                return
            }
            if lineNumber == 0, trimmed == "---" || trimmed == "+++" { frontMatterDelimiter = trimmed; return }
            if let open = fence {
                let run = trimmed.prefix { $0 == open.marker }.count
                if run >= open.length, trimmed.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }),
                    Self.indentWidth(line) < 4
                {
                    fence = nil
                }
                return
            }
            if shortcode != nil {
                followShortcodes(trimmed)
                return
            }
            if let end = html {
                if let text = end { if trimmed.contains(text) { html = nil } } else if blank { html = nil }
                return
            }
            let indent = Self.indentWidth(line)
            if indentedCode {
                if blank || indent >= 4 { return }
                indentedCode = false
            } else if indent >= 4, !blank, previousBlank, !inList {
                indentedCode = true
                return
            }
            if blank { return }
            if let opening = Self.fenceOpening(line) { fence = opening; return }
            if let end = Self.htmlEnd(line) {
                if let text = end, trimmed.dropFirst().contains(text) { return }  // closed on its own line
                html = .some(end)
                return
            }
            followShortcodes(trimmed)
            if ListItem(String(line)) != nil, !line.drop(while: { $0 == " " }).starts(with: ">") {
                inList = true
            } else if indent == 0, previousBlank {
                inList = false
            }
        }

        /// Opens or closes a code shortcode for each tag on the line, in order.
        private mutating func followShortcodes(_ text: String) {
            guard text.contains("{") else { return }
            for tag in Self.shortcodeTags(text) {
                if let open = shortcode {
                    if (tag.closing && tag.name == open) || tag.name == "end" + open { shortcode = nil }
                } else if !tag.closing, !tag.selfClosing, MarkdownBlockContext.codeShortcodes.contains(tag.name) {
                    shortcode = tag.name
                }
            }
        }

        static func isBlank(_ line: [Character]) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

        static func trimmed(_ line: [Character]) -> String { String(line).trimmingBlanksForHighlight() }

        /// Columns of leading blanks (a tab to the next multiple of 4).
        static func indentWidth(_ line: [Character]) -> Int {
            var width = 0
            for c in line {
                if c == " " { width += 1 } else if c == "\t" { width += 4 - width % 4 } else { break }
            }
            return width
        }

        /// A fence opening (three or more backticks or tildes, indented less than 4).
        static func fenceOpening(_ line: [Character]) -> (marker: Character, length: Int)? {
            guard indentWidth(line) < 4 else { return nil }
            let rest = line.drop { $0 == " " }
            guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
            let length = rest.prefix { $0 == marker }.count
            guard length >= 3 else { return nil }
            // A backtick fence's info string has no backtick.
            if marker == "`", rest.dropFirst(length).contains("`") { return nil }
            return (marker, length)
        }

        /// Where an HTML block starting on `line` ends: `.some(nil)` at a blank line, or at a
        /// text; nil when the line starts no HTML block.
        static func htmlEnd(_ line: [Character]) -> String?? {
            guard indentWidth(line) < 4 else { return nil }
            let rest = String(line.drop { $0 == " " }).lowercased()
            guard rest.hasPrefix("<") else { return nil }
            if rest.hasPrefix("<!--") { return .some("-->") }
            for tag in ["script", "pre", "style", "textarea"] where rest.hasPrefix("<" + tag) {
                let after = rest.dropFirst(tag.count + 1).first
                if after == nil || after == ">" || after == " " { return .some("</" + tag + ">") }
            }
            let name = rest.dropFirst(rest.hasPrefix("</") ? 2 : 1).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            guard let first = name.first, first.isLetter else { return nil }
            // Only a line that is a whole tag starts a block (type 7) or a known block element (type 6).
            return Self.blockElements.contains(String(name)) || rest.hasSuffix(">") ? .some(nil) : nil
        }

        static let blockElements: Set<String> = [
            "address", "article", "aside", "blockquote", "body", "details", "dialog", "div", "dl", "fieldset",
            "figcaption",
            "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "iframe", "li", "main",
            "nav", "ol", "p",
            "section", "summary", "table", "tbody", "td", "th", "thead", "tr", "ul",
        ]

        /// The shortcode and Liquid tags in a line: `{{< name … >}}`, `{{% /name %}}`,
        /// `{% name … %}`, with whether each closes and whether it closes itself (`/>}}`).
        static func shortcodeTags(_ text: String) -> [(name: String, closing: Bool, selfClosing: Bool)] {
            var tags: [(String, Bool, Bool)] = []
            var rest = Substring(text)
            while let open = rest.range(of: "{{<") ?? rest.range(of: "{{%") ?? rest.range(of: "{%") {
                var body = rest[open.upperBound...].drop { $0 == " " || $0 == "-" }
                if body.hasPrefix("/*") { rest = body; continue }  // an escaped example
                let closing = body.first == "/"
                if closing { body = body.dropFirst().drop { $0 == " " } }
                let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                let end = body.range(of: "}}") ?? body.range(of: "%}")
                let selfClosing =
                    end.map { body[..<$0.lowerBound].hasSuffix("/>") || body[..<$0.lowerBound].hasSuffix("/%") }
                    ?? false
                if !name.isEmpty { tags.append((String(name), closing, selfClosing)) }
                rest = end.map { body[$0.upperBound...] } ?? ""
            }
            return tags
        }
    }
}
