import Blog
import CMemory
import Foundation
import Synchronization
import TextWidth

/// Markdown (a Hugo post) rendered for the terminal: styled lines that fit a width, each
/// mapped back to the source line it came from.
public enum MarkdownPreview {
    /// How many cores a rendering may use: the one door to the preview's speed path. The app
    /// renders on its own low-priority thread alone (`.one`: laid out on all cores, a long post's
    /// preview took both cores at full priority and typing waited for a turn, p99 6.6 ms);
    /// `nakedblog preview` uses them all from 64 KiB up, where the parts pay for themselves.
    public enum Cores: Sendable {
        case one, all
    }

    /// Renders a page's body (front matter is not shown).
    public static func render(
        _ page: PageText, width: Int, context: PreviewContext = PreviewContext(), cores: Cores = .all
    ) -> [PreviewLine] {
        render(markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context, cores: cores)
    }

    /// Renders markdown whose first line is line `firstLine` of its file.
    public static func render(
        markdown: String, firstLine: Int = 1, width: Int, context: PreviewContext = PreviewContext(),
        cores: Cores = .all
    ) -> [PreviewLine] {
        switch cores {
        case .one:
            return render(
                markdown: markdown, firstLine: firstLine, width: width, context: context, parallelAbove: .max, parts: 1)
        case .all:
            return render(
                markdown: markdown, firstLine: firstLine, width: width, context: context,
                parallelAbove: parallelThreshold)
        }
    }

    /// Documents at least this long (UTF-8 bytes) are laid out on all cores.
    static let parallelThreshold = 64 * 1024

    /// Starts a worker thread (with its heap's huge pages) while the caller reads a long file,
    /// so the cores are ready when the text is: the first parallel stage otherwise waits ~1 ms
    /// for the thread to be made.
    public static func prepareWorkers() {
        DispatchQueue.global().async { nb_huge_pages_for_this_thread() }
    }

    /// Parts a document of `bytes` is cut into: many per core, each claimed by the next free
    /// core, so parts of uneven cost — or a core slowed by other work — leave a core waiting
    /// only for a short last part (1 MiB on two cores: 8 parts 51.9 ms, 16 51.2, 32 47.6 in one
    /// run); none under 32 KiB, where the pieces' own costs would show.
    static func defaultParts(bytes: Int) -> Int {
        ParallelMap.cores > 1 ? max(2, min(ParallelMap.cores * 16, bytes / (32 * 1024))) : 1
    }

    /// The rendering; when the document is at least `parallelAbove` bytes it is parsed in pieces
    /// on all cores (see `MarkdownChunks`), or, where it cannot be split safely, parsed whole and
    /// its top-level blocks (independent once parsed) laid out in `parts` runs. Tests lower the
    /// threshold to check that both render exactly like one run.
    static func render(
        markdown: String, firstLine: Int, width: Int, context: PreviewContext, parallelAbove: Int,
        parts: Int? = nil
    ) -> [PreviewLine] {
        let sinks = write(
            markdown: markdown, firstLine: firstLine, width: width, context: context, parallelAbove: parallelAbove,
            parts: parts
        ) { _ in PreviewLinesSink() }
        if sinks.count == 1 { return sinks[0].lines }
        return Array(sinks.map(\.lines).joined())
    }

    /// The layout into one sink per part (made by `makeSink` from the part's size in bytes), in
    /// the document's order; `parts` nil: `defaultParts` (looked up only for a long document).
    static func write<Sink: PreviewLineSink & Sendable>(
        markdown: String, firstLine: Int, width: Int, context: PreviewContext,
        parallelAbove: Int, parts: Int?, stage: ((PreviewStage) -> Void)? = nil,
        makeSink: @escaping @Sendable (Int) -> Sink
    ) -> [Sink] {
        let text = context.liquid.map { LiquidSource.rewrite(markdown, context: $0) } ?? markdown
        defer { stage?(.laidOut) }
        let width = max(8, width)
        /// Blocks of `document` laid out; `placeholders`: what its text's placeholders stand for;
        /// `offset`: the 0-based line their text starts at; `size`: their text's bytes.
        @Sendable func layout(
            _ document: MarkdownDocument?, _ blocks: BlockNodes, placeholders: [Int: MarkdownSource.Placeholder],
            offset: Int,
            separated: Bool, size: Int
        ) -> Sink {
            nb_huge_pages_for_this_thread()
            var renderer = PreviewRenderer(
                width: width, context: context, placeholders: placeholders, lineBase: firstLine - 1 + offset,
                sink: makeSink(size))
            // The document (freed once its blocks are laid out: its arena goes back to this
            // thread's heap for the next piece) lives while they are read.
            withExtendedLifetime(document) { renderer.render(blocks, separatedFromPrevious: separated) }
            return renderer.writer.sink
        }
        let bytes = text.utf8.count
        let parts = bytes >= parallelAbove ? parts ?? defaultParts(bytes: bytes) : 1
        // A long text is cut first and its pieces rewritten, parsed and laid out, each on the
        // core that claims it, where the cut proves the same as the whole's (`PieceRewrite`).
        if parts > 1, let rewritten = PieceRewrite.pieces(text, parts: parts, stage: stage),
            let plans = plans(
                rewritten.map { MarkdownChunks.Piece(text: $0.text[...], firstLine: $0.firstLine) },
                pieceLabels: rewritten.map(\.labels))
        {
            stage?(.parsed)
            return ParallelMap.mapClaimingEach(Array(plans.enumerated())) { index, plan in
                nb_huge_pages_for_this_thread()
                let (document, offset, separated) = plan()
                return layout(
                    document, BlockNodes(first: document?.firstBlock(after: offset.probeBlocks)),
                    placeholders: rewritten[index].placeholders,
                    offset: offset.line, separated: separated, size: rewritten[index].text.utf8.count)
            }
        }
        let source = MarkdownSource(text)
        stage?(.rewritten)
        let placeholders = source.placeholders
        let total = source.text.utf8.count
        let long = parts > 1
        // Otherwise the rewritten whole is cut where CommonMark reads the pieces alike, or
        // parsed whole and its blocks laid out in runs.
        let pieces = long ? MarkdownChunks.split(source.text, parts: parts) : []
        stage?(.split)
        if pieces.count > 1,
            let plans = plans(pieces, pieceLabels: pieces.map { PieceDefinitions.candidateLabels($0.text) })
        {
            stage?(.parsed)
            // Each piece is parsed and laid out by the core that claims it.
            return ParallelMap.mapClaimingEach(Array(plans.enumerated())) { index, plan in
                nb_huge_pages_for_this_thread()
                let (document, offset, separated) = plan()
                return layout(
                    document, BlockNodes(first: document?.firstBlock(after: offset.probeBlocks)),
                    placeholders: placeholders, offset: offset.line,
                    separated: separated, size: pieces[index].text.utf8.count)
            }
        }
        let document = MarkdownDocument(parsing: source.text)
        stage?(.parsed)
        // Runs of about as many source lines each (block counts say little about the work).
        var starts: [MarkdownNode] = []
        var counts: [Int] = []
        if long, let first = document?.firstBlock, first.next != nil {
            var last = first
            while let next = last.next { last = next }
            let lastLine = max(1, last.line)
            var block: MarkdownNode? = first
            while let current = block {
                if starts.isEmpty || (starts.count < parts && current.line * parts >= lastLine * starts.count) {
                    starts.append(current)
                    counts.append(0)
                }
                counts[counts.count - 1] += 1
                block = current.next
            }
        }
        guard starts.count > 1 else {
            return [
                layout(
                    document, BlockNodes(first: document?.firstBlock), placeholders: placeholders, offset: 0,
                    separated: false, size: total)
            ]
        }
        let runs = Array(zip(starts, counts).enumerated())
        return ParallelMap.mapClaimingEach(runs) { index, run in
            layout(
                document, BlockNodes(first: run.0, limit: run.1), placeholders: placeholders, offset: 0,
                separated: index > 0, size: total / runs.count)
        }
    }

    /// Where a piece's blocks start in what was parsed for it: after `probeBlocks` top-level
    /// blocks written before it, with its lines counted from the whole's 0-based `line`.
    struct PieceOffset: Sendable {
        var probeBlocks: Int
        var line: Int
    }

    /// How to parse each piece — its document, where its blocks start, and whether blocks come
    /// before it — for the core that lays it out; nil when the whole must be parsed instead (see
    /// `PieceDefinitions`). Where link reference definitions may be written, every piece is
    /// probed first, on all cores; `pieceLabels`: the labels each piece's definitions may have
    /// (`PieceDefinitions.candidateLabels`).
    static func plans(_ pieces: [MarkdownChunks.Piece], pieceLabels: [[String]?])
        -> [@Sendable () -> (MarkdownDocument?, PieceOffset, Bool)]?
    {
        guard let labels = PieceDefinitions.candidateLabels(merging: pieceLabels) else { return nil }
        if labels.isEmpty {
            // Every piece holds a line that is not blank (`MarkdownChunks`), so blocks.
            return pieces.enumerated().map { index, piece in
                {
                    (
                        MarkdownDocument(parsing: piece.text), PieceOffset(probeBlocks: 0, line: piece.firstLine),
                        index > 0
                    )
                }
            }
        }
        let probe = PieceDefinitions.probe(labels)
        let probed = ParallelMap.mapClaimingEach(Array(zip(pieces, pieceLabels))) { piece, own -> ParsedPiece? in
            // A piece with no `[label]:` defines nothing and has blocks (every piece holds a
            // line that is not blank): it is parsed with its layout, where its memory is reused.
            if own?.isEmpty == true { return ParsedPiece(nil, definitions: [:], isEmpty: false) }
            nb_huge_pages_for_this_thread()
            guard let document = MarkdownDocument(parsing: piece.text, after: probe),
                let definitions = PieceDefinitions.readProbe(document, labels: labels)
            else { return nil }
            return ParsedPiece(
                document, definitions: definitions, isEmpty: document.firstBlock(after: labels.count) == nil)
        }
        guard probed.allSatisfy({ $0 != nil }) else { return nil }
        let winners = PieceDefinitions.winners(probed.map { $0!.definitions })
        let probeLines = PieceDefinitions.probeLines(labels.count)
        // A piece of definitions alone has no blocks: the next is then not separated from any.
        let separated = probed.indices.map { index in probed[..<index].contains { !$0!.isEmpty } }
        return pieces.indices.map { index in
            let piece = pieces[index], own = probed[index]!, separatedFromPrevious = separated[index]
            return {
                let missing = PieceDefinitions.missing(
                    in: piece.text, own: own.definitions, winners: winners, labels: labels)
                if missing.isEmpty, let probedDocument = own.take() {
                    return (
                        probedDocument, PieceOffset(probeBlocks: labels.count, line: piece.firstLine - probeLines),
                        separatedFromPrevious
                    )
                }
                // A probed document is freed before the piece is parsed again.
                _ = own.take()
                if missing.isEmpty {
                    return (
                        MarkdownDocument(parsing: piece.text), PieceOffset(probeBlocks: 0, line: piece.firstLine),
                        separatedFromPrevious
                    )
                }
                // Definitions written before the piece: its lines start that many lines later.
                return (
                    MarkdownDocument(parsing: piece.text, after: PieceDefinitions.preamble(missing)),
                    PieceOffset(probeBlocks: 0, line: piece.firstLine - missing.count - 1), separatedFromPrevious
                )
            }
        }
    }

    /// A parsed piece, handed from the worker that probed it to the one that lays it out — which
    /// takes the document, so it is freed there, not by the caller.
    final class ParsedPiece: Sendable {
        private let document: Mutex<MarkdownDocument?>
        /// The link reference definitions the piece itself holds.
        let definitions: [String: String]
        /// Whether the piece has no blocks of its own (definitions alone).
        let isEmpty: Bool

        /// `document`: nil for a piece not probed (parsed with its layout).
        init(_ document: MarkdownDocument?, definitions: [String: String], isEmpty: Bool) {
            self.document = Mutex(document)
            self.definitions = definitions
            self.isEmpty = isEmpty
        }

        /// The document, leaving none here (one worker calls this once).
        func take() -> MarkdownDocument? {
            document.withLock { document in
                defer { document = nil }
                return document
            }
        }
    }
}

/// The stages of a rendering, in the order they end for a long text (`MarkdownPreview.terminalOutput(…, stage:)`,
/// timed by `make bench`); where the cut fails, the whole is rewritten before it is cut.
public enum PreviewStage: String, Sendable, CaseIterable {
    /// Cut into pieces that CommonMark reads as the whole (a short text is not cut).
    case split
    /// Shortcodes, pipe tables and Liquid rewritten into what CommonMark reads.
    case rewritten
    /// The pieces probed for link reference definitions, on all cores, or the whole text parsed
    /// where it is short or cannot be cut (pieces without definitions are parsed with their layout).
    case parsed
    /// Every piece laid out into its lines or bytes.
    case laidOut
}
