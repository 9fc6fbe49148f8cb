import Blog
import CCmark

/// A Markdown document as an immutable Swift tree, built from libcmark's. Source lines are
/// 1-based lines of the text that was parsed.
enum MarkdownBlock: Equatable, Sendable {
    case heading(level: Int, inlines: [MarkdownInline], line: Int)
    case paragraph(inlines: [MarkdownInline], line: Int)
    case quote(blocks: [MarkdownBlock], line: Int)
    case list(ordered: Bool, start: Int, items: [[MarkdownBlock]], line: Int)
    case code(info: String, text: String, line: Int)
    case html(text: String, line: Int)
    case rule(line: Int)

    var line: Int {
        switch self {
        case .heading(_, _, let l), .paragraph(_, let l), .quote(_, let l), .list(_, _, _, let l), .code(_, _, let l),
             .html(_, let l), .rule(let l): return l
        }
    }
}

enum MarkdownInline: Equatable, Sendable {
    case text(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    case code(String)
    case link(url: String, content: [MarkdownInline])
    case image(url: String, alt: String)
    case softBreak
    case hardBreak
    case html(String)
}

/// The only code that calls libcmark to parse: parse, walk with cmark's iterator (an explicit
/// stack, so deep nesting cannot overflow ours), build the Swift tree, free everything.
///
/// Nesting is capped: quotes and lists deeper than `maxBlockDepth`, and emphasis, strong text
/// and links deeper than `maxInlineDepth`, are shown flat (their content joins the level
/// above). A thousand nested lists or ten thousand `>` would otherwise cost the layout (and
/// the stack of every recursive walk) time and memory that grow with the square of the depth.
enum CommonMarkParser {
    static let maxBlockDepth = 16
    static let maxInlineDepth = 16

    static func parse<Text: StringProtocol>(_ markdown: Text) -> [MarkdownBlock] {
        CommonMark.withIterator(over: Substring(markdown)) { iterator in walk(iterator) } ?? []
    }

    /// The blocks and inlines collected so far: plain stored state with mutating methods, so
    /// the walk needs no run-time exclusivity checks (captured variables had them, per node).
    private struct TreeBuilder {
        /// A container being built: its node and the children collected so far.
        struct Frame {
            let node: OpaquePointer
            var blocks: [MarkdownBlock] = []
            var inlines: [MarkdownInline] = []
            var items: [[MarkdownBlock]] = []
        }
        var stack: [Frame] = []
        var document: [MarkdownBlock] = []

        mutating func add(block: MarkdownBlock) {
            if stack.isEmpty { document.append(block) } else { stack[stack.count - 1].blocks.append(block) }
        }

        mutating func add(inline: MarkdownInline) {
            if !stack.isEmpty { stack[stack.count - 1].inlines.append(inline) }
        }
    }

    /// Builds the tree from cmark's iterator over a parsed document.
    private static func walk(_ iterator: OpaquePointer) -> [MarkdownBlock] {
        var tree = TreeBuilder()
        var blockDepth = 0, inlineDepth = 0
        func isNestingBlock(_ type: cmark_node_type) -> Bool { type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST }
        func isNestingInline(_ type: cmark_node_type) -> Bool {
            type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK
        }
        func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            let line = Int(cmark_node_get_start_line(node))
            if event == CMARK_EVENT_ENTER {
                switch type {
                case CMARK_NODE_DOCUMENT: continue
                case CMARK_NODE_TEXT: tree.add(inline: .text(literal(node)))
                case CMARK_NODE_CODE: tree.add(inline: .code(literal(node)))
                case CMARK_NODE_SOFTBREAK: tree.add(inline: .softBreak)
                case CMARK_NODE_LINEBREAK: tree.add(inline: .hardBreak)
                case CMARK_NODE_HTML_INLINE: tree.add(inline: .html(literal(node)))
                case CMARK_NODE_CODE_BLOCK:
                    tree.add(block: .code(info: cmark_node_get_fence_info(node).map { String(cString: $0) } ?? "", text: literal(node), line: line))
                case CMARK_NODE_HTML_BLOCK: tree.add(block: .html(text: literal(node), line: line))
                case CMARK_NODE_THEMATIC_BREAK: tree.add(block: .rule(line: line))
                default:
                    // A container too deep to show gets no frame: what it holds goes straight
                    // into the nearest shown one (no copying from level to level).
                    if isNestingBlock(type) { blockDepth += 1; if blockDepth > maxBlockDepth { continue } }
                    if isNestingInline(type) { inlineDepth += 1; if inlineDepth > maxInlineDepth { continue } }
                    // The items of a list shown flat (the list is counted in blockDepth).
                    if type == CMARK_NODE_ITEM, blockDepth > maxBlockDepth { continue }
                    tree.stack.append(TreeBuilder.Frame(node: node))
                }
                continue
            }
            // EXIT of a container.
            if isNestingBlock(type) { blockDepth -= 1; if blockDepth >= maxBlockDepth { continue } }
            if isNestingInline(type) { inlineDepth -= 1; if inlineDepth >= maxInlineDepth { continue } }
            if type == CMARK_NODE_ITEM, blockDepth > maxBlockDepth { continue }
            guard let frame = tree.stack.popLast() else { continue }
            if type == CMARK_NODE_ITEM {
                if !tree.stack.isEmpty { tree.stack[tree.stack.count - 1].items.append(frame.blocks) }
                continue
            }
            switch type {
            case CMARK_NODE_PARAGRAPH:
                // Paragraphs of tight list items are still paragraphs here; the renderer lays them out.
                tree.add(block: .paragraph(inlines: frame.inlines, line: line))
            case CMARK_NODE_HEADING:
                tree.add(block: .heading(level: Int(cmark_node_get_heading_level(node)), inlines: frame.inlines, line: line))
            case CMARK_NODE_BLOCK_QUOTE: tree.add(block: .quote(blocks: frame.blocks, line: line))
            case CMARK_NODE_LIST:
                let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                tree.add(block: .list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), items: frame.items, line: line))
            case CMARK_NODE_EMPH: tree.add(inline: .emphasis(frame.inlines))
            case CMARK_NODE_STRONG: tree.add(inline: .strong(frame.inlines))
            case CMARK_NODE_LINK:
                tree.add(inline: .link(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "", content: frame.inlines))
            case CMARK_NODE_IMAGE:
                let alt = PlainText.of(frame.inlines)
                tree.add(inline: .image(url: cmark_node_get_url(node).map { String(cString: $0) } ?? "", alt: alt))
            default:
                for block in frame.blocks { tree.add(block: block) }
                for inline in frame.inlines { tree.add(inline: inline) }
            }
        }
        return tree.document
    }
}

/// The visible text of inlines, without styling.
enum PlainText {
    static func of(_ inlines: [MarkdownInline]) -> String {
        inlines.map { inline -> String in
            switch inline {
            case .text(let s), .code(let s): return s
            case .emphasis(let c), .strong(let c), .link(_, let c): return of(c)
            case .image(_, let alt): return alt
            case .softBreak, .hardBreak: return " "
            case .html: return ""
            }
        }.joined()
    }
}
