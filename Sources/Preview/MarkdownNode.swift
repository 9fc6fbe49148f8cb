import CCmark
import CMemory

#if canImport(Glibc)
    import Glibc
#endif

/// A parsed Markdown document: libcmark's own tree, read in place by the renderer (no copy of
/// it in Swift, no string a text node). Freed when the last reference goes; only read once
/// parsed, so several threads may lay out parts of it at once. Source lines are 1-based lines
/// of the text that was parsed.
final class MarkdownDocument: @unchecked Sendable {
    private let root: OpaquePointer
    /// Where cmark allocated the tree (`nb_arena`: a bump allocator, no malloc a node), given
    /// back whole; nil when the arena could not be made and cmark's own allocator was used.
    private let arena: OpaquePointer?

    /// Parses `prefix` followed by `text`, each fed to cmark from its own UTF-8 (no joined copy
    /// made first); nil when cmark could not allocate.
    init?<Text: StringProtocol>(parsing text: Text, after prefix: String = "") {
        let allocator = nb_arena_begin(prefix.utf8.count + text.utf8.count)
        let parser =
            allocator.map {
                cmark_parser_new_with_mem(
                    CMARK_OPT_DEFAULT, UnsafeMutableRawPointer($0).assumingMemoryBound(to: cmark_mem.self))
            }
            ?? cmark_parser_new(CMARK_OPT_DEFAULT)
        func feed(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parser_feed(parser, $0, buffer.count)
            }
        }
        func feed(_ text: Substring) {
            var text = text
            text.withUTF8 { buffer in
                // Lines opening more containers than anyone writes are parsed as text (`BlockNesting`).
                if let capped = BlockNesting.capped(buffer) {
                    capped.withUnsafeBufferPointer { feed($0) }
                } else {
                    feed(buffer)
                }
            }
        }
        var root: OpaquePointer?
        if let parser {
            feed(Substring(prefix))
            feed(Substring(text))
            root = cmark_parser_finish(parser)
            cmark_parser_free(parser)
        }
        let arena = allocator == nil ? nil : nb_arena_end()
        guard let root else {
            nb_arena_free(arena)
            return nil
        }
        self.root = root
        self.arena = arena
    }

    deinit {
        if let arena { nb_arena_free(arena) } else { cmark_node_free(root) }
    }

    /// The first top-level block (the others are its siblings).
    var firstBlock: MarkdownNode? { MarkdownNode(cmark_node_first_child(root)) }

    /// The top-level block after the first `count`, if any.
    func firstBlock(after count: Int) -> MarkdownNode? {
        var block = firstBlock
        for _ in 0..<count { block = block?.next }
        return block
    }
}

/// A node of a `MarkdownDocument` (valid while the document lives).
///
/// Nesting is capped as the renderer shows it: quotes and lists deeper than
/// `MarkdownNode.maxBlockDepth`, and emphasis, strong text and links deeper than
/// `maxInlineDepth`, are shown flat (their content joins the level above, see `BlockNodes` and
/// `InlineNodes`). A thousand nested lists or ten thousand `>` would otherwise cost the layout
/// time and stack that grow with the depth.
struct MarkdownNode: @unchecked Sendable, Equatable {
    static let maxBlockDepth = 16
    static let maxInlineDepth = 16

    let raw: OpaquePointer

    init?(_ raw: OpaquePointer?) {
        guard let raw else { return nil }
        self.raw = raw
    }

    var type: cmark_node_type { cmark_node_get_type(raw) }
    var next: MarkdownNode? { MarkdownNode(cmark_node_next(raw)) }
    var firstChild: MarkdownNode? { MarkdownNode(cmark_node_first_child(raw)) }
    var parent: MarkdownNode? { MarkdownNode(cmark_node_parent(raw)) }
    /// The 1-based line the node starts at.
    var line: Int { Int(cmark_node_get_start_line(raw)) }

    /// The text of a text, code, code block or HTML node, as UTF-8 (valid: cmark replaces
    /// invalid bytes and NUL), valid while the document lives.
    var literal: UnsafeBufferPointer<UInt8> {
        guard let text = cmark_node_get_literal(raw) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(
            start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text))
    }

    var literalString: String { String(decoding: literal, as: UTF8.self) }
    var url: String { cmark_node_get_url(raw).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(raw).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(raw)) }
    var isOrderedList: Bool { cmark_node_get_list_type(raw) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(raw)) }

    /// Quotes and lists: what the block depth counts.
    var isNestingBlock: Bool { let type = type; return type == CMARK_NODE_BLOCK_QUOTE || type == CMARK_NODE_LIST }
    /// Emphasis, strong text and links: what the inline depth counts.
    var isNestingInline: Bool {
        let type = type; return type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK
    }
    var isBreak: Bool { let type = type; return type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK }

    static func == (a: MarkdownNode, b: MarkdownNode) -> Bool { a.raw == b.raw }

    /// The node after `self` in document order below `container` that is not inside `self`
    /// (its next sibling, or an ancestor's); nil at the end of the container.
    func following(within container: OpaquePointer) -> MarkdownNode? {
        var node = self
        while true {
            if let next = node.next { return next }
            guard let parent = node.parent, parent.raw != container else { return nil }
            node = parent
        }
    }
}

/// Nodes in document order: the siblings from a first one, or — for a container at the depth
/// cap — every node below it except the containers it passes `through` (their content stands
/// in their place). Walked with parent links, so no depth of nesting costs stack.
struct FlatNodes {
    /// What a flat walk passes through.
    enum Through {
        /// Quotes, lists and list items.
        case blockContainers
        /// Emphasis, strong text and links.
        case inlineContainers
    }

    private var current: MarkdownNode?
    /// The container walked flat, or nil for plain siblings.
    private let container: MarkdownNode?
    private let through: Through

    init(first: MarkdownNode?) {
        current = first
        container = nil
        through = .blockContainers
    }

    init(below container: MarkdownNode, through: Through) {
        self.container = container
        self.through = through
        current = settle(container.firstChild)
    }

    private func passes(_ node: MarkdownNode) -> Bool {
        switch through {
        case .blockContainers: node.isNestingBlock || node.type == CMARK_NODE_ITEM
        case .inlineContainers: node.isNestingInline
        }
    }

    /// The first node from `node` on that is not passed through.
    private func settle(_ node: MarkdownNode?) -> MarkdownNode? {
        guard let container else { return node }
        var node = node
        while let candidate = node, passes(candidate) {
            node = candidate.firstChild ?? candidate.following(within: container.raw)
        }
        return node
    }

    mutating func next() -> MarkdownNode? {
        guard let node = current else { return nil }
        if let container { current = settle(node.following(within: container.raw)) } else { current = node.next }
        return node
    }

    var isEmpty: Bool { current == nil }
}

/// A block as the renderer shows it: a node of the tree, or a paragraph made of what is left of
/// another's inlines (an alert's or a note's text after its marker).
enum ShownBlock {
    case node(MarkdownNode)
    case paragraph(InlineNodes, line: Int)

    var line: Int {
        switch self {
        case .node(let node): node.line
        case .paragraph(_, let line): line
        }
    }

    /// The inlines when this is a paragraph.
    var paragraphInlines: InlineNodes? {
        switch self {
        case .node(let node): node.type == CMARK_NODE_PARAGRAPH ? InlineNodes(childrenOf: node, depth: 0) : nil
        case .paragraph(let inlines, _): inlines
        }
    }
}

/// The blocks of a container as shown: an optional lead paragraph, then nodes (see `FlatNodes`),
/// at most `limit` of them.
struct BlockNodes {
    private var lead: ShownBlock?
    private var nodes: FlatNodes
    private var limit: Int

    init(first: MarkdownNode?, lead: ShownBlock? = nil, limit: Int = .max) {
        self.lead = lead
        nodes = FlatNodes(first: first)
        self.limit = limit
    }

    /// The blocks of a quote or list item whose nesting depth is `depth`: at the cap, every block
    /// below it, quotes, lists and items passed through.
    init(childrenOf node: MarkdownNode, depth: Int, lead: ShownBlock? = nil) {
        self.lead = lead
        limit = .max
        nodes =
            depth >= MarkdownNode.maxBlockDepth
            ? FlatNodes(below: node, through: .blockContainers) : FlatNodes(first: node.firstChild)
    }

    mutating func next() -> ShownBlock? {
        if let block = lead {
            lead = nil
            return block
        }
        guard limit > 0, let node = nodes.next() else { return nil }
        limit -= 1
        return .node(node)
    }

    var isEmpty: Bool { lead == nil && (limit == 0 || nodes.isEmpty) }

    /// The same blocks with `lead` shown first, after dropping the first (which it replaces).
    func replacingFirst(with lead: ShownBlock?) -> BlockNodes {
        var copy = self
        _ = copy.next()
        copy.lead = lead
        return copy
    }
}

/// The inlines of a paragraph, heading or inline container: siblings from a first one (the
/// first, if text, read from byte `skip` on), flattened below a container at the depth cap.
struct InlineNodes {
    private var nodes: FlatNodes
    private var skip: Int

    init(first: MarkdownNode?, skip: Int = 0) {
        nodes = FlatNodes(first: first)
        self.skip = skip
    }

    /// The inlines of `node`, a paragraph or heading (`depth` 0) or an inline container whose
    /// nesting depth is `depth`: at the cap, every inline below it, emphasis, strong text and
    /// links passed through.
    init(childrenOf node: MarkdownNode, depth: Int) {
        skip = 0
        nodes =
            depth >= MarkdownNode.maxInlineDepth
            ? FlatNodes(below: node, through: .inlineContainers) : FlatNodes(first: node.firstChild)
    }

    /// The next node and the bytes of its text to leave out (a task box: only ever the first's).
    mutating func next() -> (node: MarkdownNode, skip: Int)? {
        guard let node = nodes.next() else { return nil }
        defer { skip = 0 }
        return (node, skip)
    }

    var isEmpty: Bool { nodes.isEmpty }
}

/// The visible text of inlines, without styling: text and code as written, breaks as spaces,
/// HTML left out, images by their alt text.
enum PlainText {
    static func of(_ inlines: InlineNodes) -> String {
        var inlines = inlines
        var out: [UInt8] = []
        while case let (node, skip)? = inlines.next() { append(node, skipping: skip, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The visible text of everything below `node`.
    static func below(_ node: MarkdownNode) -> String {
        var out: [UInt8] = []
        var child = node.firstChild
        while let current = child {
            append(current, skipping: 0, to: &out)
            child = current.next
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `node`'s visible text, walking what it holds in document order (parent links, no
    /// recursion).
    private static func append(_ node: MarkdownNode, skipping skip: Int, to out: inout [UInt8]) {
        var current: MarkdownNode? = node
        while let visiting = current {
            switch visiting.type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                let text = visiting.literal
                out.append(
                    contentsOf: UnsafeBufferPointer(rebasing: text[min(visiting == node ? skip : 0, text.count)...]))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                out.append(0x20)
            default:
                if let child = visiting.firstChild {
                    current = child
                    continue
                }
            }
            current = visiting == node ? nil : visiting.following(within: node.raw)
        }
    }
}
