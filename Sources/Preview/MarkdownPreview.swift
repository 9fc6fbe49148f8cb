import Blog
import Foundation
import Synchronization
import TextWidth

/// Markdown (a Hugo post) rendered for the terminal: styled lines that fit a width, each
/// mapped back to the source line it came from.
public enum MarkdownPreview {
    /// Renders a page's body (front matter is not shown).
    public static func render(_ page: PageText, width: Int, context: PreviewContext = PreviewContext()) -> [PreviewLine] {
        render(markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context)
    }

    /// The same rendering on the calling thread alone, whatever the length: for a caller on a
    /// low-priority thread (the app's preview while typing), whose work must not spread to
    /// threads that compete with the user's keystrokes.
    public static func renderOnThisThread(_ page: PageText, width: Int, context: PreviewContext = PreviewContext()) -> [PreviewLine] {
        render(markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context, parallelAbove: .max, parts: 1)
    }

    /// Renders markdown whose first line is line `firstLine` of its file.
    public static func render(markdown: String, firstLine: Int = 1, width: Int, context: PreviewContext = PreviewContext()) -> [PreviewLine] {
        render(markdown: markdown, firstLine: firstLine, width: width, context: context, parallelAbove: parallelThreshold)
    }

    /// The same rendering on one core, whatever the length (to measure against single-threaded
    /// renderers: `make bench`).
    public static func renderOnOneCore(markdown: String, width: Int) -> [PreviewLine] {
        render(markdown: markdown, firstLine: 1, width: width, context: PreviewContext(), parallelAbove: .max, parts: 1)
    }

    /// Documents at least this long (UTF-8 bytes) are laid out on all cores.
    static let parallelThreshold = 64 * 1024

    /// Parts a long document is cut into: several per core, each claimed by the next free core,
    /// so parts of uneven cost — or a core slowed by other work — do not leave a core waiting.
    static let defaultParts = ParallelMap.cores > 1 ? ParallelMap.cores * 4 : 1

    /// The rendering; when the document is at least `parallelAbove` bytes it is parsed in pieces
    /// on all cores (see `MarkdownChunks`), or, where it cannot be split safely, parsed whole and
    /// its top-level blocks (independent once parsed) laid out in `parts` runs. Tests lower the
    /// threshold to check that both render exactly like one run.
    static func render(markdown: String, firstLine: Int, width: Int, context: PreviewContext, parallelAbove: Int,
                       parts: Int = defaultParts) -> [PreviewLine] {
        let source = MarkdownSource(context.liquid.map { LiquidSource.rewrite(markdown, context: $0) } ?? markdown)
        let width = max(8, width)
        let tables = source.tables
        /// Blocks laid out and clipped; `offset`: the 0-based line their text starts at.
        @Sendable func layout(_ blocks: [MarkdownBlock], offset: Int, separated: Bool) -> [PreviewLine] {
            var renderer = PreviewRenderer(width: width, context: context, tables: tables, lineBase: firstLine - 1 + offset)
            return renderer.render(blocks, separatedFromPrevious: separated).map { clipped($0, to: width) }
        }
        let long = source.text.utf8.count >= parallelAbove && parts > 1
        // Where the text splits into pieces CommonMark reads alike, pieces are parsed and laid
        // out in parallel; otherwise the whole is parsed and its blocks are laid out in runs.
        let pieces = long ? MarkdownChunks.split(source.text, parts: parts) : []
        if pieces.count > 1, let parsed = parse(pieces, of: source.text) {
            // A piece of definitions alone has no blocks: the next is then not separated from any.
            let separated = parsed.indices.map { index in parsed[..<index].contains { !$0.isEmpty } }
            return Array(ParallelMap.mapClaimingEach(Array(parsed.enumerated())) { index, piece in
                layout(piece.take(), offset: piece.offset, separated: separated[index])
            }.joined())
        }
        var blocks = CommonMarkParser.parse(source.text)
        guard long, blocks.count > 1 else { return layout(blocks, offset: 0, separated: false) }
        // Runs of about as many source lines each (block counts say little about the work).
        let lastLine = max(1, blocks[blocks.count - 1].line)
        var starts = [0]
        for (index, block) in blocks.enumerated() where index > 0 && starts.count < parts {
            if block.line * parts >= lastLine * starts.count { starts.append(index) }
        }
        let runs = starts.indices.map { index in
            ParsedPiece(Array(blocks[starts[index]..<((index + 1 < starts.count) ? starts[index + 1] : blocks.count)]), offset: 0)
        }
        blocks = []
        return Array(ParallelMap.mapClaimingEach(Array(runs.enumerated())) { index, run in
            layout(run.take(), offset: 0, separated: index > 0)
        }.joined())
    }

    /// The pieces parsed on all cores; nil when the whole must be parsed instead (see
    /// `PieceDefinitions`).
    static func parse(_ pieces: [MarkdownChunks.Piece], of text: String) -> [ParsedPiece]? {
        guard let labels = PieceDefinitions.candidateLabels(text) else { return nil }
        if labels.isEmpty {
            return ParallelMap.mapClaimingEach(pieces) { piece in ParsedPiece(CommonMarkParser.parse(piece.text), offset: piece.firstLine) }
        }
        let probe = PieceDefinitions.probe(labels)
        let probed = ParallelMap.mapClaimingEach(pieces) { piece in
            PieceDefinitions.readProbe(CommonMarkParser.parse(probe + piece.text), labels: labels)
        }
        guard probed.allSatisfy({ $0 != nil }) else { return nil }
        let winners = PieceDefinitions.winners(probed.map { $0!.definitions })
        let probeLines = PieceDefinitions.probeLines(labels.count)
        return ParallelMap.mapClaimingEach(Array(pieces.indices)) { index in
            let piece = pieces[index], own = probed[index]!
            let missing = PieceDefinitions.missing(in: piece.text, own: own.definitions, winners: winners, labels: labels)
            guard !missing.isEmpty else { return ParsedPiece(own.blocks, offset: piece.firstLine - probeLines) }
            // Definitions written before the piece: its lines start that many lines later.
            return ParsedPiece(CommonMarkParser.parse(PieceDefinitions.preamble(missing) + piece.text), offset: piece.firstLine - missing.count - 1)
        }
    }

    /// A parsed part of the document, handed from the worker that parsed it to the one that lays
    /// it out — which takes the blocks, so they are freed there, in parallel, not by the caller.
    final class ParsedPiece: Sendable {
        private let blocks: Mutex<[MarkdownBlock]>
        /// The 0-based line of the whole that the blocks' lines count from.
        let offset: Int

        init(_ blocks: [MarkdownBlock], offset: Int) {
            self.blocks = Mutex(blocks)
            self.offset = offset
        }

        var isEmpty: Bool { blocks.withLock { $0.isEmpty } }

        /// The blocks, leaving none here (one worker calls this once).
        func take() -> [MarkdownBlock] {
            blocks.withLock { blocks in
                defer { blocks = [] }
                return blocks
            }
        }
    }

    /// The line cut to `width` columns (deep nesting at a narrow width can leave no room for
    /// the text itself; the promise that every line fits holds anyway).
    static func clipped(_ line: PreviewLine, to width: Int) -> PreviewLine {
        // No character takes more columns than it has UTF-8 bytes: a short line fits unmeasured.
        if line.spans.reduce(0, { $0 + $1.text.utf8.count }) <= width { return line }
        // Measured first; only a line that does not fit is copied and cut.
        var used = 0
        for (index, span) in line.spans.enumerated() {
            let spanWidth = DisplayWidth.of(span.text)
            if used + spanWidth <= width {
                used += spanWidth
                continue
            }
            var spans = Array(line.spans[..<index])
            let room = width - used
            if room > 0 { spans.append(PreviewSpan(DisplayWidth.truncate(span.text, to: room), span.style)) }
            return PreviewLine(spans, sourceLine: line.sourceLine)
        }
        return line
    }
}


