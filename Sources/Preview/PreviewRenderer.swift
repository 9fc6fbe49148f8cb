import Blog
import CCmark
import Foundation
import TextWidth

#if canImport(Glibc)
    import Glibc
#endif

/// Lays out the block tree into a `PreviewWriter`: prefixes for quotes and lists, boxes for
/// code and notes, tables.
struct PreviewRenderer<Sink: PreviewLineSink> {
    let width: Int
    let context: PreviewContext
    let placeholders: [Int: MarkdownSource.Placeholder]
    let lineBase: Int
    var writer: PreviewWriter<Sink>
    private var spareLayout = InlineLayout()
    /// Horizontal rules by length, made once: every code block, note box and rule draws them.
    private var rules: [Int: String] = [:]

    init(
        width: Int, context: PreviewContext, placeholders: [Int: MarkdownSource.Placeholder], lineBase: Int, sink: Sink
    ) {
        self.width = width
        self.context = context
        self.placeholders = placeholders
        self.lineBase = lineBase
        writer = PreviewWriter(sink: sink, width: width)
    }

    /// `count` box-drawing `─`.
    private mutating func rule(_ count: Int) -> String {
        if let known = rules[count] { return known }
        let made = String.repeated("─", count: count)
        rules[count] = made
        return made
    }

    /// Writes top-level `blocks`; `separatedFromPrevious` when they follow other blocks (a
    /// piece of a longer document), so the first gets the blank line between blocks too.
    mutating func render(_ blocks: BlockNodes, separatedFromPrevious: Bool = false) {
        renderBlocks(blocks, width: width, depth: 0, separateFirst: separatedFromPrevious)
    }

    /// `depth`: how many quotes and lists hold the blocks (see `MarkdownNode.maxBlockDepth`).
    private mutating func renderBlocks(
        _ blocks: BlockNodes, width: Int, depth: Int, tight: Bool = false, separateFirst: Bool = false
    ) {
        var blocks = blocks
        var first = true
        while let block = blocks.next() {
            if (!first || separateFirst) && !tight { writer.line([], source: lineBase + block.line) }
            first = false
            self.block(block, width: width, depth: depth)
        }
    }

    private mutating func block(_ shown: ShownBlock, width: Int, depth: Int) {
        let source = lineBase + shown.line
        let node: MarkdownNode
        switch shown {
        case .paragraph(let inlines, _):
            return paragraph(inlines, base: PreviewStyle(.text), width: width, source: source)
        case .node(let shownNode): node = shownNode
        }
        switch node.type {
        case CMARK_NODE_PARAGRAPH:
            paragraph(InlineNodes(childrenOf: node, depth: 0), base: PreviewStyle(.text), width: width, source: source)
            // A picture alone in a top-level paragraph: its one line can be drawn as the picture.
            if depth == 0, let image = node.firstChild, image.type == CMARK_NODE_IMAGE, image.next == nil,
                writer.lastSourceLine == source
            {
                let url = image.url
                let local = !url.isEmpty && !url.containsText("://") && !url.hasPrefix("//")
                let name = local && url.utf8.contains(0x25) ? url.removingPercentEncoding ?? url : url
                let found = local ? context.pictureFile(name.hasPrefix("/") ? String(name.dropFirst()) : name) : nil
                writer.markPicture(
                    PreviewPicture(file: found?.file, version: found?.version ?? "", alt: PlainText.below(image)))
            }
        case CMARK_NODE_HEADING:
            let level = node.headingLevel
            let role: PreviewRole = level == 1 ? .heading1 : level == 2 ? .heading2 : .heading3
            let marker = String.repeated("#", count: level) + " "
            writer.open(
                first: PreviewSpan(marker, PreviewStyle(.marker)),
                rest: PreviewSpan(String.repeated(" ", count: marker.count), PreviewStyle(.marker)))
            paragraph(
                InlineNodes(childrenOf: node, depth: 0), base: PreviewStyle(role, bold: true),
                width: width - marker.count, source: source)
            writer.close()
        case CMARK_NODE_BLOCK_QUOTE:
            quote(node, width: width, source: source, depth: depth + 1)
        case CMARK_NODE_LIST:
            list(node, width: width, source: source, depth: depth + 1)
        case CMARK_NODE_CODE_BLOCK:
            codeBox(info: node.fenceInfo, literal: node.literal, width: width, source: source)
        case CMARK_NODE_HTML_BLOCK:
            html(node.literal, width: width, source: source)
        case CMARK_NODE_THEMATIC_BREAK:
            writer.line([PreviewSpan(rule(width), PreviewStyle(.rule))], source: source, width: max(0, width))
        default:
            break  // cmark's parser makes no other blocks (custom blocks are only ever built by hand)
        }
    }

    private mutating func paragraph(_ inlines: InlineNodes, base: PreviewStyle, width: Int, source: Int) {
        // One layout's buffers serve every paragraph (moved out while in use).
        var layout = spareLayout
        spareLayout = InlineLayout()
        self.inlines(inlines, style: base, depth: 0, into: &layout)
        layout.write(width: width, source: source, into: &writer)
        layout.removeAll()
        spareLayout = layout
    }

    /// `depth`: how many emphases, strong texts and links hold the inlines.
    private func inlines(_ inlines: InlineNodes, style: PreviewStyle, depth: Int, into layout: inout InlineLayout) {
        var inlines = inlines
        while case let (node, skip)? = inlines.next() {
            switch node.type {
            case CMARK_NODE_TEXT:
                let literal = node.literal
                let text = UnsafeBufferPointer(rebasing: literal[min(skip, literal.count)...])
                // Most text has neither escaped shortcodes nor `~~`: added as it is.
                if Self.isPlain(text) {
                    layout.add(utf8: text, style)
                    continue
                }
                Strikethrough.split(MarkdownSource.unescape(String(decoding: text, as: UTF8.self))) { piece, struck in
                    var s = style
                    s.strikethrough = s.strikethrough || struck
                    layout.add(piece, s)
                }
            case CMARK_NODE_EMPH:
                var s = style
                s.italic = true
                self.inlines(InlineNodes(childrenOf: node, depth: depth + 1), style: s, depth: depth + 1, into: &layout)
            case CMARK_NODE_STRONG:
                var s = style
                s.bold = true
                self.inlines(InlineNodes(childrenOf: node, depth: depth + 1), style: s, depth: depth + 1, into: &layout)
            case CMARK_NODE_CODE:
                let text = node.literal
                let codeStyle = PreviewStyle(.code, bold: style.bold, italic: style.italic)
                if Self.isPlain(text) {
                    layout.add(utf8: text, codeStyle)
                } else {
                    layout.add(MarkdownSource.unescape(node.literalString), codeStyle)
                }
            case CMARK_NODE_LINK:
                let url = node.url
                let content = InlineNodes(childrenOf: node, depth: depth + 1)
                let isRef = url.hasPrefix("ref:")
                let target = isRef ? String(url.dropFirst(4)) : url
                let broken = isRef && !context.refExists(target)
                var s = style
                s.role = broken ? .missing : .link
                self.inlines(content, style: s, depth: depth + 1, into: &layout)
                if broken {
                    // Jekyll's `{% post_url %}` and `{% link %}` targets say which kind they are.
                    let what =
                        target.hasPrefix("post_url:")
                        ? "missing post: " + target.dropFirst(9)
                        : target.hasPrefix("link:") ? "missing file: " + target.dropFirst(5) : "missing page: " + target
                    layout.add(" [\(what)]", PreviewStyle(.missing))
                } else if !isRef, !url.isEmpty, !url.hasPrefix("#"), PlainText.of(content) != url {
                    layout.add(" (" + url + ")", PreviewStyle(.url))
                }
            case CMARK_NODE_IMAGE:
                let url = node.url
                let alt = PlainText.below(node)
                let file = url.split(separator: "/").last.map(String.init) ?? url
                let local = !url.containsText("://") && !url.hasPrefix("/")
                // Percent-escapes decoded only where there are any (Foundation's decoding showed in profiles).
                let name = local && url.utf8.contains(0x25) ? url.removingPercentEncoding ?? url : url
                let missing = local && !url.isEmpty && !context.resourceExists(name)
                let pointer = local && !missing && !url.isEmpty && context.resourceIsLFSPointer(name)
                layout.add("[image: \(alt.isEmpty ? file : alt)]", PreviewStyle(missing || pointer ? .missing : .image))
                layout.add(
                    " " + file + (missing ? " (missing)" : pointer ? " (Git LFS pointer: run git lfs pull)" : ""),
                    PreviewStyle(missing || pointer ? .missing : .url))
            case CMARK_NODE_SOFTBREAK:
                layout.softBreak(style)
            case CMARK_NODE_LINEBREAK:
                layout.hardBreak()
            case CMARK_NODE_HTML_INLINE:
                layout.add(utf8: node.literal, PreviewStyle(.dim))
            default:
                break  // cmark's parser makes no other inlines
            }
        }
    }

    /// Whether `text` holds no escaped shortcode (U+E001/U+E002, lead byte 0xEE) and no `~`:
    /// then neither unescaping nor strikethrough changes it.
    private static func isPlain(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = text.baseAddress else { return true }
        return memchr(base, 0xEE, text.count) == nil && memchr(base, 0x7E, text.count) == nil
    }

    private mutating func alertBar(kind: String, inner: BlockNodes, width: Int, source: Int, depth: Int) {
        let (label, mark, role) = GitHubAlert.kinds[kind] ?? ("Note", "ⓘ", .alertNote)
        let bar = PreviewSpan("▌ ", PreviewStyle(role))
        writer.line([bar, PreviewSpan(mark + " " + label, PreviewStyle(role, bold: true))], source: source)
        writer.open(first: bar, rest: bar)
        renderBlocks(inner, width: width - 2, depth: depth)
        writer.close()
    }

    /// A quote whose nesting depth is `depth`: an alert, a note shortcode's box, or a quote.
    private mutating func quote(_ node: MarkdownNode, width: Int, source: Int, depth: Int) {
        let inner = BlockNodes(childrenOf: node, depth: depth)
        if context.rendersAlerts, let alert = GitHubAlert.read(inner) {
            return alertBar(kind: alert.kind, inner: alert.rest, width: width, source: source, depth: depth)
        }
        // A note shortcode was turned into a quote whose first paragraph starts with the note marker.
        var peek = inner
        if let first = peek.next(), var inlines = first.paragraphInlines, case let (text, skip)? = inlines.next(),
            text.type == CMARK_NODE_TEXT,
            text.literal.count > skip, text.literal[skip] == 0xEE
        {
            let firstText = String(decoding: UnsafeBufferPointer(rebasing: text.literal[skip...]), as: UTF8.self)
            if firstText.hasPrefix(MarkdownSource.notePrefix) {
                let label = String(firstText.dropFirst(MarkdownSource.notePrefix.count))
                // The rest of the paragraph after the marker's soft breaks, a line further on.
                var remainder = inlines
                var ahead = remainder
                while case let (next, _)? = ahead.next(), next.type == CMARK_NODE_SOFTBREAK { remainder = ahead }
                let lead: ShownBlock? = remainder.isEmpty ? nil : .paragraph(remainder, line: first.line + 1)
                return noteBox(
                    label: label, inner: inner.replacingFirst(with: lead), width: width, source: source, depth: depth)
            }
        }
        let bar = PreviewSpan("│ ", PreviewStyle(.quote))
        writer.open(first: bar, rest: bar, quote: true)
        renderBlocks(inner, width: width - 2, depth: depth)
        writer.close()
    }

    private mutating func noteBox(label: String, inner: BlockNodes, width: Int, source: Int, depth: Int) {
        let title = " " + DisplayWidth.truncate(label, to: max(1, width - 6)) + " "
        writer.line(
            [
                PreviewSpan("╭─", PreviewStyle(.border)), PreviewSpan(title, PreviewStyle(.note, bold: true)),
                PreviewSpan(rule(max(0, width - 3 - DisplayWidth.of(title))) + "╮", PreviewStyle(.border)),
            ],
            source: source)
        let border = PreviewSpan("│ ", PreviewStyle(.border))
        writer.open(first: border, rest: border, boxBody: width - 4)
        renderBlocks(inner, width: width - 4, depth: depth)
        let written = writer.close()
        writer.line(
            [PreviewSpan("╰" + rule(max(0, width - 2)) + "╯", PreviewStyle(.border))],
            source: written > 0 ? writer.lastSourceLine : source)
    }

    /// A list whose nesting depth is `depth`.
    private mutating func list(_ node: MarkdownNode, width: Int, source: Int, depth: Int) {
        let ordered = node.isOrderedList, start = node.listStart
        var count = 0
        var counted = node.firstChild
        while let item = counted {
            count += 1
            counted = item.next
        }
        let widest = ordered ? String(start + count - 1).count + 2 : 2
        var index = 0
        var nextItem = node.firstChild
        while let item = nextItem {
            nextItem = item.next
            var blocksOfItem = BlockNodes(childrenOf: item, depth: depth)
            var marker = ordered ? String(start + index) + "." : "•"
            index += 1
            // Task items: `[ ]` / `[x]` at the start of the first paragraph become boxes.
            var peek = blocksOfItem
            if let first = peek.next(), var inlines = first.paragraphInlines, case let (text, skip)? = inlines.next(),
                text.type == CMARK_NODE_TEXT,
                text.literal.count >= skip + 4, text.literal[skip] == 0x5B
            {
                let firstText = String(decoding: UnsafeBufferPointer(rebasing: text.literal[skip...]), as: UTF8.self)
                for (box, symbol) in [("[ ] ", "☐"), ("[x] ", "☑"), ("[X] ", "☑")] where firstText.hasPrefix(box) {
                    blocksOfItem = blocksOfItem.replacingFirst(
                        with: .paragraph(InlineNodes(first: text, skip: skip + 4), line: first.line))
                    marker = symbol
                }
            }
            marker += String.repeated(" ", count: max(1, widest - DisplayWidth.of(marker)))
            let indent = String.repeated(" ", count: DisplayWidth.of(marker))
            writer.open(
                first: PreviewSpan(marker, PreviewStyle(.marker)), rest: PreviewSpan(indent, PreviewStyle(.text)))
            renderBlocks(blocksOfItem, width: width - indent.count, depth: depth, tight: true)
            if writer.close() == 0 { writer.line([PreviewSpan(marker, PreviewStyle(.marker))], source: source) }
        }
    }

    /// A labelled box; code is never wrapped: long lines are cut with a visible `→`.
    private mutating func codeBox(info: String, literal: UnsafeBufferPointer<UInt8>, width: Int, source: Int) {
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        let inner = max(1, width - 2)
        let label = language.isEmpty ? "" : "─ " + DisplayWidth.truncate(language, to: max(1, width - 6)) + " "
        let labelWidth = DisplayWidth.of(label)
        writer.line(
            [
                PreviewSpan("┌" + label, PreviewStyle(.codeLabel)),
                PreviewSpan(rule(max(0, width - 1 - labelWidth)), PreviewStyle(.border)),
            ],
            source: source, width: 1 + labelWidth + max(0, width - 1 - labelWidth))
        // Coloured by language when asked for (tokens cached per block: typing in prose never
        // highlights the code again); plain otherwise, and then laid out from the text's bytes.
        let highlighted = context.highlightsCode && !language.isEmpty
        if !highlighted, Self.isPlain(literal) { return plainCode(literal, inner: inner, width: width, source: source) }
        var code = MarkdownSource.unescape(String(decoding: literal, as: UTF8.self))
        guard highlighted else { return code.withUTF8 { plainCode($0, inner: inner, width: width, source: source) } }
        var lines = code.splitLines()
        if lines.last == "" { lines.removeLast() }
        let expanded = lines.map(Tabs.expand)
        let tokens = CodeHighlighter.highlight(expanded.joined(separator: "\n"), fence: info)
        for (index, line) in expanded.enumerated() {
            codeLine(
                line, tokens: tokens.map { index < $0.count ? $0[index] : [] } ?? [], inner: inner,
                source: source + 1 + index)
        }
        writer.line(
            [PreviewSpan("└" + rule(max(0, width - 1)), PreviewStyle(.border))],
            source: source + lines.count + 1, width: max(1, width))
    }

    /// A code line (tabs expanded) in its tokens' roles, cut with `→` where it is too wide.
    private mutating func codeLine(_ line: String, tokens: [CodeSpan], inner: Int, source: Int) {
        writer.begin(source: source)
        writer.add("│ ", PreviewStyle(.border))
        let lineWidth = DisplayWidth.of(line)
        let fits = lineWidth <= inner
        if fits, tokens.isEmpty {
            writer.add(line, PreviewStyle(.codeBlock), width: lineWidth)
        } else if tokens.isEmpty, line.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII, one column a byte: cut by bytes (no character walk).
            let kept = max(0, inner - 1)
            if kept > 0 {
                writer.add(
                    String(decoding: line.utf8.prefix(kept), as: UTF8.self), PreviewStyle(.codeBlock), width: kept)
            }
            writer.add(
                String.repeated(" ", count: max(0, kept - lineWidth)) + "→", PreviewStyle(.codeBlock),
                width: max(0, kept - lineWidth) + 1)
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
    private mutating func plainCode(_ bytes: UnsafeBufferPointer<UInt8>, inner: Int, width: Int, source: Int) {
        var index = 0
        if let base = bytes.baseAddress {
            var start = 0
            while start < bytes.count {
                let end = bytes.lineEnd(from: start)
                let line = UnsafeBufferPointer(start: base + start, count: end - start)
                let lineWidth = memchr(base + start, 0x09, end - start) == nil ? DisplayWidth.of(utf8: line) : Int.max
                if lineWidth <= inner {
                    writer.begin(source: source + 1 + index)
                    writer.add("│ ", PreviewStyle(.border), width: 2)
                    writer.add(utf8: line, PreviewStyle(.codeBlock), width: lineWidth)
                    writer.end()
                } else {
                    codeLine(
                        Tabs.expand(String(decoding: line, as: UTF8.self)), tokens: [], inner: inner,
                        source: source + 1 + index)
                }
                index += 1
                start = end + 1
            }
        }
        writer.line(
            [PreviewSpan("└" + rule(max(0, width - 1)), PreviewStyle(.border))],
            source: source + index + 1, width: max(1, width))
    }

    /// A line of a paragraph too long for CommonMark's inline parser (`MarkdownSource.literalRunLimit`): its
    /// text as it is, wrapped at the width, in linear time — columns counted by code point
    /// (ASCII one, wide two, combining none, a control's stand-in two), the writer cutting any line
    /// that came out wider.
    private mutating func literalLine(_ text: Substring, width: Int, source: Int) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0, line = source
            while start < bytes.count {
                // A line of the run ends its screen line (a carriage return before it is dropped).
                if bytes[start] == 0x0A { start += 1; line += 1; continue }
                writer.begin(source: line)
                let room = max(1, width - (writer.lineWidth ?? 0))
                var end = start, columns = 0
                // Printable ASCII (most of any text) a screen line at a time.
                let stop = min(bytes.count, start + room)
                while end < stop, bytes[end] >= 0x20, bytes[end] < 0x7F { end += 1 }
                columns = end - start
                if end == stop || bytes[end] == 0x0A
                    || bytes[end] == 0x0D && end + 1 < bytes.count && bytes[end + 1] == 0x0A
                {
                    writer.add(
                        utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), PreviewStyle(.text), width: columns)
                    writer.end()
                    start = end < bytes.count && bytes[end] == 0x0D ? end + 1 : end
                    continue
                }
                while end < bytes.count, bytes[end] != 0x0A {
                    if bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A { break }
                    let byte = bytes[end]
                    var length = 1, cells = 1
                    if byte < 0x20 || byte == 0x7F {
                        cells = 2
                    } else if byte >= 0x80 {
                        length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                        length = min(length, bytes.count - end)
                        let scalar = String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[end..<(end + length)]), as: UTF8.self
                        ).unicodeScalars.first
                        cells = scalar.map { DisplayWidth.of($0) } ?? 1
                    }
                    if columns + cells > room && end > start { break }
                    columns += cells
                    end += length
                }
                writer.add(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]), PreviewStyle(.text))
                writer.end()
                start = end < bytes.count && bytes[end] == 0x0D ? end + 1 : end
            }
        }
    }

    /// An HTML block: the placeholders the source rewrite left (`<!--more-->`, tables,
    /// shortcodes) or raw HTML, each non-empty line dimmed and cut to the width. Read from the
    /// block's bytes: a line that fits and has no tab is written as it is.
    private mutating func html(_ literal: UnsafeBufferPointer<UInt8>, width: Int, source: Int) {
        if literal.starts(with: "<!--".utf8) {
            let trimmed = String(decoding: literal, as: UTF8.self).trimmingWhitespaceAndNewlines()
            if trimmed == "<!--more-->" {
                let label = " more "
                let side = max(0, (width - label.count) / 2)
                return writer.line(
                    [
                        PreviewSpan(
                            String.repeated("┄", count: side) + label
                                + String.repeated("┄", count: max(0, width - side - label.count)),
                            PreviewStyle(.divider))
                    ], source: source)
            }
            switch PreviewPlaceholder(trimmed) {
            case .table(let line)?:
                if case .table(let table)? = placeholders[line] {
                    return TableRenderer.render(table, width: width, source: source, into: &writer)
                }
            case .literal(let line)?:
                if case .literal(let text)? = placeholders[line] {
                    return literalLine(text, width: width, source: source)
                }
            case .shortcode(let label)?:
                let shown = MarkdownSource.unescape(label)
                return writer.line(
                    [PreviewSpan(DisplayWidth.truncate("⟨" + shown + "⟩", to: width), PreviewStyle(.shortcode))],
                    source: source)
            case nil:
                break
            }
        }
        guard let base = literal.baseAddress else { return }
        var start = 0, index = 0
        while start < literal.count {
            let end = literal.lineEnd(from: start)
            defer { start = end + 1 }
            guard end > start else { continue }
            let line = UnsafeBufferPointer(start: base + start, count: end - start)
            let lineWidth = memchr(base + start, 0x09, end - start) == nil ? DisplayWidth.of(utf8: line) : Int.max
            if lineWidth <= width {
                writer.begin(source: source + index)
                writer.add(utf8: line, PreviewStyle(.dim), width: lineWidth)
                writer.end()
            } else {
                let cut = DisplayWidth.truncate(Tabs.expand(String(decoding: line, as: UTF8.self)), to: width)
                writer.line([PreviewSpan(cut, PreviewStyle(.dim))], source: source + index)
            }
            index += 1
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
        "NOTE": ("Note", "ⓘ", .alertNote), "TIP": ("Tip", "✓", .alertTip),
        "IMPORTANT": ("Important", "❢", .alertImportant),
        "WARNING": ("Warning", "⚠", .alertWarning), "CAUTION": ("Caution", "⛔", .alertCaution),
    ]

    /// Blanks around the marker, as GitHub trims them: tabs and space separators (Zs).
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// A blockquote that is a GitHub alert: `[!KIND]` alone on its first line and something after
    /// it (GitHub's rule: `> [!NOTE] text` on one line is an ordinary quote). The alert's kind,
    /// and the quote's blocks without the marker line.
    static func read(_ inner: BlockNodes) -> (kind: String, rest: BlockNodes)? {
        var peek = inner
        guard let first = peek.next(), let inlines = first.paragraphInlines else { return nil }
        // Most quotes are not alerts: the first visible character of their text is not `[`
        // (cmark may have cut `[!NOTE]` into several text nodes, so only the bracket is checked first).
        var firstVisible: Unicode.Scalar?
        var scan = inlines
        while case let (node, skip)? = scan.next(), node.type == CMARK_NODE_TEXT {
            firstVisible = text(node, skip).unicodeScalars.first { !isBlank($0) }
            if firstVisible != nil { break }
        }
        guard firstVisible == "[" else { return nil }
        // The marker: the text before the first break; what follows the break is the alert's.
        var marker = ""
        var remainder = inlines
        var ahead = inlines
        while case let (node, skip)? = ahead.next() {
            if node.type == CMARK_NODE_TEXT {
                marker += text(node, skip)
                remainder = ahead
                continue
            }
            guard node.isBreak else { return nil }
            remainder = ahead
            break
        }
        let scalars = marker.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isBlank($0) }),
            let end = scalars.lastIndex(where: { !isBlank($0) })
        else { return nil }
        let trimmed = String(scalars[start...end])
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"),
            kinds[String(trimmed.dropFirst(2).dropLast()).uppercased()] != nil
        else { return nil }
        let rest = inner.replacingFirst(with: remainder.isEmpty ? nil : .paragraph(remainder, line: first.line + 1))
        guard !rest.isEmpty else { return nil }
        return (String(trimmed.dropFirst(2).dropLast()).uppercased(), rest)
    }

    private static func text(_ node: MarkdownNode, _ skip: Int) -> String {
        let literal = node.literal
        return String(decoding: UnsafeBufferPointer(rebasing: literal[min(skip, literal.count)...]), as: UTF8.self)
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
            while tokenIndex < tokens.count, tokens[tokenIndex].start + tokens[tokenIndex].length <= offset {
                tokenIndex += 1
            }
            let role: PreviewRole
            if tokenIndex < tokens.count, tokens[tokenIndex].start <= offset {
                role = Self.role(of: tokens[tokenIndex].token)
            } else {
                role = .codeBlock
            }
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
