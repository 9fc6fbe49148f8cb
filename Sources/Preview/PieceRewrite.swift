import Blog
import CMemory

/// A long text cut into pieces before its source rewrite (`MarkdownSource`: shortcodes, pipe
/// tables), each piece rewritten on the core that claims it — the rewrite was the largest stage
/// left on one core.
///
/// The cut is made on the text as written (`MarkdownChunks`) and kept only where it proves the
/// same as rewriting the whole and cutting after: each piece ends outside any fence and note
/// shortcode (so the next is rewritten from the state the whole would be in), no note or
/// highlight opened in a piece pairs with a closing in a later one (the whole would have paired
/// them), and the rewritten pieces read as `MarkdownChunks` reads a cut (no block open before
/// it, a paragraph or heading after it). Otherwise the caller rewrites the whole.
enum PieceRewrite {
    /// A piece of the text, rewritten.
    struct Piece: Sendable {
        /// The piece's rewritten text.
        let text: String
        /// What its placeholders stand for, by line (`MarkdownSource.placeholders`).
        let placeholders: [Int: MarkdownSource.Placeholder]
        /// The 0-based line of the whole text the piece starts at (a rewrite keeps every line).
        let firstLine: Int
        /// The labels link reference definitions in the piece may have (`PieceDefinitions`).
        let labels: [String]?
    }

    /// What rewriting one piece alone tells about joining it to its neighbours.
    private struct Rewritten: Sendable {
        let piece: Piece
        let endsOutsideBlocks: Bool
        let unpairedOpenings: Set<String>
        let closedNames: Set<String>
        let endsBeforeAPiece: Bool
        let startsAPiece: Bool
    }

    /// The text in at most `parts` rewritten pieces, or nil when it has no cut that proves the
    /// same as the whole's.
    static func pieces(_ text: String, parts: Int, stage: ((PreviewStage) -> Void)? = nil) -> [Piece]? {
        let cut = MarkdownChunks.split(text, parts: parts)
        guard cut.count > 1 else { return nil }
        stage?(.split)
        defer { stage?(.rewritten) }
        let rewritten = ParallelMap.mapClaimingEach(cut) { piece -> Rewritten in
            nb_huge_pages_for_this_thread()
            let source = MarkdownSource(String(piece.text), firstLine: piece.firstLine)
            return Rewritten(
                piece: Piece(
                    text: source.text, placeholders: source.placeholders, firstLine: piece.firstLine,
                    labels: PieceDefinitions.candidateLabels(source.text)),
                endsOutsideBlocks: source.endsOutsideBlocks, unpairedOpenings: source.unpairedOpenings,
                closedNames: Set(source.closedNames), endsBeforeAPiece: MarkdownChunks.endsBeforeAPiece(source.text),
                startsAPiece: MarkdownChunks.startsAPiece(source.text))
        }
        for index in rewritten.indices.dropLast() {
            let current = rewritten[index]
            guard current.endsOutsideBlocks, current.endsBeforeAPiece, rewritten[index + 1].startsAPiece else {
                return nil
            }
        }
        var closedLater = Set<String>()
        for current in rewritten.reversed() {
            guard current.unpairedOpenings.isDisjoint(with: closedLater) else { return nil }
            closedLater.formUnion(current.closedNames)
        }
        return rewritten.map(\.piece)
    }
}
