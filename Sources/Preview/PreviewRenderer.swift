import Blog
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TextWidth

/// Lays out the block tree into a `PreviewWriter`: prefixes for quotes and lists, boxes for
/// code and notes, tables.
struct PreviewRenderer<Sink: PreviewLineSink> {
    let width: Int
    let context: PreviewContext
    let tables: [MarkdownSource.Table]
    let lineBase: Int
    var writer: PreviewWriter<Sink>
    private var spareLayout = InlineLayout()

    init(width: Int, context: PreviewContext, tables: [MarkdownSource.Table], lineBase: Int, sink: Sink) {
        self.width = width
        self.context = context
        self.tables = tables
        self.lineBase = lineBase
        writer = PreviewWriter(sink: sink, width: width)
    }

    /// Writes top-level `blocks`; `separatedFromPrevious` when they follow other blocks (a
    /// piece of a longer document), so the first gets the blank line between blocks too.
    mutating func render(_ blocks: [MarkdownBlock], separatedFromPrevious: Bool = false) {
        renderBlocks(blocks, width: width, separateFirst: separatedFromPrevious)
    }

    private mutating func renderBlocks(_ blocks: [MarkdownBlock], width: Int, tight: Bool = false, separateFirst: Bool = false) {
        for (index, block) in blocks.enumerated() {
            if (index > 0 || separateFirst) && !tight { writer.line([], source: lineBase + block.line) }
            self.block(block, width: width)
        }
    }

    private mutating func block(_ block: MarkdownBlock, width: Int) {
        let source = lineBase + block.line
        switch block {
        case .heading(let level, let inlines, _):
            let role: PreviewRole = level == 1 ? .heading1 : level == 2 ? .heading2 : .heading3
            let marker = String.repeated("#", count: level) + " "
            writer.open(first: PreviewSpan(marker, PreviewStyle(.marker)), rest: PreviewSpan(String.repeated(" ", count: marker.count), PreviewStyle(.marker)))
            paragraph(inlines, base: PreviewStyle(role, bold: true), width: width - marker.count, source: source)
            writer.close()
        case .paragraph(let inlines, _):
            paragraph(inlines, base: PreviewStyle(.text), width: width, source: source)
        case .quote(let inner, _):
            quote(inner, width: width, source: source)
        case .list(let ordered, let start, let items, _):
            list(ordered: ordered, start: start, items: items, width: width, source: source)
        case .code(let info, let text, _):
            codeBox(info: info, text: text, width: width, source: source)
        case .html(let text, _):
            html(text, width: width, source: source)
        case .rule:
            writer.line([PreviewSpan(String.repeated("─", count: width), PreviewStyle(.rule))], source: source)
        }
    }

    private mutating func paragraph(_ inlines: [MarkdownInline], base: PreviewStyle, width: Int, source: Int) {
        // One layout's buffers serve every paragraph (moved out while in use).
        var layout = spareLayout
        spareLayout = InlineLayout()
        self.inlines(inlines, style: base, into: &layout)
        layout.write(width: width, source: source, into: &writer)
        layout.removeAll()
        spareLayout = layout
    }

    private func inlines(_ inlines: [MarkdownInline], style: PreviewStyle, into layout: inout InlineLayout) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                // Most text has neither escaped shortcodes nor `~~`: added as it is.
                if Self.isPlain(text) {
                    layout.add(text, style)
                    continue
                }
                Strikethrough.split(MarkdownSource.unescape(text)) { piece, struck in
                    var s = style
                    s.strikethrough = s.strikethrough || struck
                    layout.add(piece, s)
                }
            case .emphasis(let inner):
                var s = style
                s.italic = true
                self.inlines(inner, style: s, into: &layout)
            case .strong(let inner):
                var s = style
                s.bold = true
                self.inlines(inner, style: s, into: &layout)
            case .code(let text):
                layout.add(Self.isPlain(text) ? text : MarkdownSource.unescape(text), PreviewStyle(.code, bold: style.bold, italic: style.italic))
            case .link(let url, let content):
                let isRef = url.hasPrefix("ref:")
                let target = isRef ? String(url.dropFirst(4)) : url
                let broken = isRef && !context.refExists(target)
                var s = style
                s.role = broken ? .missing : .link
                self.inlines(content, style: s, into: &layout)
                if broken {
                    // Jekyll's `{% post_url %}` and `{% link %}` targets say which kind they are.
                    let what = target.hasPrefix("post_url:") ? "missing post: " + target.dropFirst(9)
                        : target.hasPrefix("link:") ? "missing file: " + target.dropFirst(5) : "missing page: " + target
                    layout.add(" [\(what)]", PreviewStyle(.missing))
                } else if !isRef, !url.isEmpty, PlainText.of(content) != url, !url.hasPrefix("#") {
                    layout.add(" (" + url + ")", PreviewStyle(.url))
                }
            case .image(let url, let alt):
                let file = url.split(separator: "/").last.map(String.init) ?? url
                let local = !url.contains("://") && !url.hasPrefix("/")
                let name = url.removingPercentEncoding ?? url
                let missing = local && !url.isEmpty && !context.resourceExists(name)
                let pointer = local && !missing && !url.isEmpty && context.resourceIsLFSPointer(name)
                layout.add("[image: \(alt.isEmpty ? file : alt)]", PreviewStyle(missing || pointer ? .missing : .image))
                layout.add(" " + file + (missing ? " (missing)" : pointer ? " (Git LFS pointer: run git lfs pull)" : ""),
                           PreviewStyle(missing || pointer ? .missing : .url))
            case .softBreak:
                layout.softBreak(style)
            case .hardBreak:
                layout.hardBreak()
            case .html(let html):
                layout.add(html, PreviewStyle(.dim))
            }
        }
    }

    /// Whether `text` holds no escaped shortcode (U+E001/U+E002, lead byte 0xEE) and no `~`:
    /// then neither unescaping nor strikethrough changes it.
    private static func isPlain(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return true }
            return memchr(base, 0xEE, bytes.count) == nil && memchr(base, 0x7E, bytes.count) == nil
        }
    }

    private mutating func alertBar(kind: String, inner: [MarkdownBlock], width: Int, source: Int) {
        let (label, mark, role) = GitHubAlert.kinds[kind] ?? ("Note", "ⓘ", .alertNote)
        let bar = PreviewSpan("▌ ", PreviewStyle(role))
        writer.line([bar, PreviewSpan(mark + " " + label, PreviewStyle(role, bold: true))], source: source)
        writer.open(first: bar, rest: bar)
        renderBlocks(inner, width: width - 2)
        writer.close()
    }

    private mutating func quote(_ inner: [MarkdownBlock], width: Int, source: Int) {
        if let alert = GitHubAlert.read(inner) {
            return alertBar(kind: alert.kind, inner: alert.rest, width: width, source: source)
        }
        // A note shortcode was turned into a quote whose first paragraph starts with the note marker.
        if case .paragraph(let inlines, let line)? = inner.first, case .text(let first)? = inlines.first,
           first.hasPrefix(MarkdownSource.notePrefix) {
            let label = String(first.dropFirst(MarkdownSource.notePrefix.count))
            var rest = inner
            let remainder = Array(inlines.dropFirst().drop { $0 == .softBreak })
            rest[0] = .paragraph(inlines: remainder, line: line + 1)
            if remainder.isEmpty { rest.removeFirst() }
            return noteBox(label: label, inner: rest, width: width, source: source)
        }
        let bar = PreviewSpan("│ ", PreviewStyle(.quote))
        writer.open(first: bar, rest: bar, quote: true)
        renderBlocks(inner, width: width - 2)
        writer.close()
    }

    private mutating func noteBox(label: String, inner: [MarkdownBlock], width: Int, source: Int) {
        let title = " " + DisplayWidth.truncate(label, to: max(1, width - 6)) + " "
        writer.line([PreviewSpan("╭─", PreviewStyle(.border)), PreviewSpan(title, PreviewStyle(.note, bold: true)),
                     PreviewSpan(String.repeated("─", count: max(0, width - 3 - DisplayWidth.of(title))) + "╮", PreviewStyle(.border))],
                    source: source)
        let border = PreviewSpan("│ ", PreviewStyle(.border))
        writer.open(first: border, rest: border, boxBody: width - 4)
        renderBlocks(inner, width: width - 4)
        let written = writer.close()
        writer.line([PreviewSpan("╰" + String.repeated("─", count: max(0, width - 2)) + "╯", PreviewStyle(.border))],
                    source: written > 0 ? writer.lastSourceLine : source)
    }

    private mutating func list(ordered: Bool, start: Int, items: [[MarkdownBlock]], width: Int, source: Int) {
        let widest = ordered ? String(start + items.count - 1).count + 2 : 2
        for (index, item) in items.enumerated() {
            var blocksOfItem = item
            var marker = ordered ? String(start + index) + "." : "•"
            // Task items: `[ ]` / `[x]` at the start of the first paragraph become boxes.
            if case .paragraph(var inlines, let line)? = blocksOfItem.first, case .text(let first)? = inlines.first {
                for (box, symbol) in [("[ ] ", "☐"), ("[x] ", "☑"), ("[X] ", "☑")] where first.hasPrefix(box) {
                    inlines[0] = .text(String(first.dropFirst(box.count)))
                    blocksOfItem[0] = .paragraph(inlines: inlines, line: line)
                    marker = symbol
                }
            }
            marker += String.repeated(" ", count: max(1, widest - DisplayWidth.of(marker)))
            let indent = String.repeated(" ", count: DisplayWidth.of(marker))
            writer.open(first: PreviewSpan(marker, PreviewStyle(.marker)), rest: PreviewSpan(indent, PreviewStyle(.text)))
            renderBlocks(blocksOfItem, width: width - indent.count, tight: true)
            if writer.close() == 0 { writer.line([PreviewSpan(marker, PreviewStyle(.marker))], source: source) }
        }
    }

    /// A labelled box; code is never wrapped: long lines are cut with a visible `→`.
    private mutating func codeBox(info: String, text: String, width: Int, source: Int) {
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let inner = max(1, width - 2)
        let label = language.isEmpty ? "" : "─ " + DisplayWidth.truncate(language, to: max(1, width - 6)) + " "
        writer.line([PreviewSpan("┌" + label, PreviewStyle(.codeLabel)),
                     PreviewSpan(String.repeated("─", count: max(0, width - 1 - DisplayWidth.of(label))), PreviewStyle(.border))],
                    source: source)
        let code = Self.isPlain(text) ? text : MarkdownSource.unescape(text)
        // Coloured by language when asked for (tokens cached per block: typing in prose never
        // highlights the code again); plain otherwise, and then laid out from the text's bytes.
        guard context.highlightsCode && !language.isEmpty else { return plainCode(code, inner: inner, width: width, source: source) }
        var lines = code.splitLines()
        if lines.last == "" { lines.removeLast() }
        let expanded = lines.map(Tabs.expand)
        let tokens = CodeHighlighter.highlight(expanded.joined(separator: "\n"), fence: info)
        for (index, line) in expanded.enumerated() {
            codeLine(line, tokens: tokens.map { index < $0.count ? $0[index] : [] } ?? [], inner: inner, source: source + 1 + index)
        }
        writer.line([PreviewSpan("└" + String.repeated("─", count: max(0, width - 1)), PreviewStyle(.border))],
                    source: source + lines.count + 1)
    }

    /// A code line (tabs expanded) in its tokens' roles, cut with `→` where it is too wide.
    private mutating func codeLine(_ line: String, tokens: [CodeSpan], inner: Int, source: Int) {
        writer.begin(source: source)
        writer.add("│ ", PreviewStyle(.border))
        let fits = DisplayWidth.of(line) <= inner
        if fits, tokens.isEmpty {
            writer.add(line, PreviewStyle(.codeBlock))
        } else {
            let spans = CodeLine.spans(line, tokens: tokens, width: fits ? Int.max : inner - 1)
            for span in spans { writer.add(span.text, span.style) }
            if !fits {
                let used = spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
                writer.add(String.repeated(" ", count: max(0, inner - 1 - used)) + "→", PreviewStyle(.codeBlock))
            }
        }
        writer.end()
    }

    /// Uncoloured code, line by line from its bytes (a line with no tab that fits is written as
    /// it is; the others as `codeLine`), then the box's bottom.
    private mutating func plainCode(_ code: String, inner: Int, width: Int, source: Int) {
        var code = code
        let count = code.withUTF8 { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var start = 0, index = 0
            while start < bytes.count {
                let end = memchr(base + start, 0x0A, bytes.count - start).map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? bytes.count
                let line = UnsafeBufferPointer(start: base + start, count: end - start)
                if memchr(base + start, 0x09, end - start) == nil, DisplayWidth.of(utf8: line) <= inner {
                    writer.begin(source: source + 1 + index)
                    writer.add("│ ", PreviewStyle(.border))
                    writer.add(utf8: line, PreviewStyle(.codeBlock))
                    writer.end()
                } else {
                    codeLine(Tabs.expand(String(decoding: line, as: UTF8.self)), tokens: [], inner: inner, source: source + 1 + index)
                }
                index += 1
                start = end + 1
            }
            return index
        }
        writer.line([PreviewSpan("└" + String.repeated("─", count: max(0, width - 1)), PreviewStyle(.border))],
                    source: source + count + 1)
    }

    private mutating func html(_ text: String, width: Int, source: Int) {
        let trimmed = text.hasPrefix("<!--") ? text.trimmingWhitespaceAndNewlines() : text
        if trimmed == "<!--more-->" {
            let label = " more "
            let side = max(0, (width - label.count) / 2)
            return writer.line([PreviewSpan(String.repeated("┄", count: side) + label + String.repeated("┄", count: max(0, width - side - label.count)),
                                            PreviewStyle(.divider))], source: source)
        }
        if trimmed.hasPrefix("<!--nakedblog-table:"), let index = Int(trimmed.dropFirst(20).dropLast(3)), index < tables.count {
            return TableRenderer.render(tables[index], width: width, source: source, into: &writer)
        }
        if trimmed.hasPrefix("<!--nakedblog-shortcode:") {
            let label = MarkdownSource.unescape(String(trimmed.dropFirst(24).dropLast(3)))
            return writer.line([PreviewSpan(DisplayWidth.truncate("⟨" + label + "⟩", to: width), PreviewStyle(.shortcode))], source: source)
        }
        for (index, line) in text.splitLines().filter({ !$0.isEmpty }).enumerated() {
            writer.line([PreviewSpan(DisplayWidth.truncate(Tabs.expand(line), to: width), PreviewStyle(.dim))], source: source + index)
        }
    }
}

/// Tabs to spaces, to the next multiple of four columns.
enum Tabs {
    static func expand(_ line: String) -> String {
        guard line.utf8.contains(0x09) else { return line }
        var out = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 4 - column % 4
                out += String.repeated(" ", count: spaces)
                column += spaces
            } else {
                out.append(character)
                column += DisplayWidth.of(character)
            }
        }
        return out
    }
}

/// `~~struck~~` inside text.
enum Strikethrough {
    static func split(_ text: String, _ emit: (String, Bool) -> Void) {
        guard text.containsText("~~") else { return emit(text, false) }
        let parts = text.components(separatedBy: "~~")
        // An odd number of parts means every `~~` is paired.
        guard parts.count % 2 == 1 else { return emit(text, false) }
        for (index, part) in parts.enumerated() where !part.isEmpty { emit(part, index % 2 == 1) }
    }
}

/// GitHub alerts: a quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`.
enum GitHubAlert {
    /// The five GitHub alert kinds, as `[!KIND]` names them (any case), with label, mark and role.
    static let kinds: [String: (label: String, mark: String, role: PreviewRole)] = [
        "NOTE": ("Note", "ⓘ", .alertNote), "TIP": ("Tip", "✓", .alertTip), "IMPORTANT": ("Important", "❢", .alertImportant),
        "WARNING": ("Warning", "⚠", .alertWarning), "CAUTION": ("Caution", "⛔", .alertCaution),
    ]

    /// Blanks around the marker, as GitHub trims them: tabs and space separators (Zs).
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// A blockquote that is a GitHub alert: `[!KIND]` alone on its first line and something after
    /// it (GitHub's rule: `> [!NOTE] text` on one line is an ordinary quote). The alert's kind,
    /// and the quote's blocks without the marker line.
    static func read(_ inner: [MarkdownBlock]) -> (kind: String, rest: [MarkdownBlock])? {
        guard case .paragraph(let inlines, let line)? = inner.first else { return nil }
        // Most quotes are not alerts: the first visible character of their text is not `[`
        // (cmark may have cut `[!NOTE]` into several text nodes, so only the bracket is checked first).
        var firstVisible: Unicode.Scalar?
        for inline in inlines {
            guard case .text(let text) = inline else { break }
            firstVisible = text.unicodeScalars.first { !isBlank($0) }
            if firstVisible != nil { break }
        }
        guard firstVisible == "[" else { return nil }
        var marker = ""
        var index = 0
        while index < inlines.count, case .text(let text) = inlines[index] {
            marker += text
            index += 1
        }
        let scalars = marker.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isBlank($0) }), let end = scalars.lastIndex(where: { !isBlank($0) }) else { return nil }
        let trimmed = String(scalars[start...end])
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"), kinds[String(trimmed.dropFirst(2).dropLast()).uppercased()] != nil,
              index == inlines.count || inlines[index] == .softBreak || inlines[index] == .hardBreak else { return nil }
        let remainder = Array(inlines.dropFirst(index + 1))
        var rest = Array(inner.dropFirst())
        if !remainder.isEmpty { rest.insert(.paragraph(inlines: remainder, line: line + 1), at: 0) }
        guard !rest.isEmpty else { return nil }
        return (String(trimmed.dropFirst(2).dropLast()).uppercased(), rest)
    }
}

/// A line of a code block as styled spans.
enum CodeLine {
    /// A code line as spans in its tokens' roles, cut at `width` display columns.
    static func spans(_ line: String, tokens: [CodeSpan], width: Int) -> [PreviewSpan] {
        var spans: [PreviewSpan] = []
        var current = ""
        var currentRole = PreviewRole.codeBlock
        var used = 0
        var offset = 0
        var tokenIndex = 0
        for character in line {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            while tokenIndex < tokens.count, tokens[tokenIndex].start + tokens[tokenIndex].length <= offset { tokenIndex += 1 }
            let role: PreviewRole
            if tokenIndex < tokens.count, tokens[tokenIndex].start <= offset { role = Self.role(of: tokens[tokenIndex].token) } else { role = .codeBlock }
            if role != currentRole, !current.isEmpty {
                spans.append(PreviewSpan(current, PreviewStyle(currentRole)))
                current = ""
            }
            currentRole = role
            current.append(character)
            used += w
            offset += character.utf8.count
        }
        if !current.isEmpty { spans.append(PreviewSpan(current, PreviewStyle(currentRole))) }
        return spans
    }

    static func role(of token: CodeToken) -> PreviewRole {
        switch token {
        case .plain: .codeBlock
        case .keyword: .codeKeyword
        case .type: .codeType
        case .string: .codeString
        case .comment: .codeComment
        case .number: .codeNumber
        case .function: .codeFunction
        case .preprocessor: .codePreprocessor
        }
    }
}
