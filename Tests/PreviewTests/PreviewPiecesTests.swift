import CCmark
import Foundation
import TestSupport
import XCTest

@testable import Blog
@testable import Preview

/// Long documents are laid out on several cores, a run of top-level blocks per core: the result
/// must be exactly what one run gives (same lines, styles and source lines).
final class PreviewPiecesTests: XCTestCase {
    private func assertRunsMatchOne(
        _ markdown: String, firstLine: Int = 1, width: Int = 80, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let one = MarkdownPreview.render(
            markdown: markdown, firstLine: firstLine, width: width, context: PreviewContext(), parallelAbove: .max)
        for parts in [2, 3, 7] {
            let runs = MarkdownPreview.render(
                markdown: markdown, firstLine: firstLine, width: width, context: PreviewContext(),
                parallelAbove: 0, parts: parts)
            if runs != one {
                let index = (0..<min(runs.count, one.count)).first { runs[$0] != one[$0] } ?? min(runs.count, one.count)
                XCTFail(
                    "\(message), \(parts) runs: first difference at line \(index): "
                        + "\(index < runs.count ? runs[index].text : "-") / \(index < one.count ? one[index].text : "-")",
                    file: file, line: line)
                return
            }
        }
    }

    func testEveryCorpusPageRendersTheSameInRuns() throws {
        for path in try Corpus.contentFiles() {
            guard let page = try? PageText.read(path: path) else { continue }
            assertRunsMatchOne(page.body, firstLine: page.bodyFirstLine, width: 72, path)
        }
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Fixtures/catalogue.md"
        ).path
        let catalogue = try PageText.read(path: path)
        assertRunsMatchOne(catalogue.body, firstLine: catalogue.bodyFirstLine, "catalogue")
    }

    func testGeneratedDocumentsRenderTheSameInRuns() {
        var random = SeededRandom(seed: 17)
        let blocks = [
            "Para one\nline two", "# Heading", "Setext\n===", "- item\n\n  continued\n- next", "1. one\n2. two",
            "> quote\n>\n> more", "    indented\n\n    code", "```go\nfunc main() {\n\nText at zero\n}\n```",
            "~~~~\n```\n\nNot a fence end\n~~~~", "<!-- comment\n\nInside\n-->", "<pre>\n\nPre text\n</pre>",
            "<div>\n\nDiv text\n</div>", "| a | b |\n|---|:-:|\n| 1 | 2 |",
            "{{< notice tip >}}\nNote body\n\nSecond\n{{< /notice >}}",
            "{{< highlight sh >}}\necho\n\nZero column\n{{< /highlight >}}", "Text with {{< ref \"x\" >}} inside",
            "***", "Word", "日本語の段落", "* [ ] task", "<!--more-->", "Lazy\n> quote", "<div>\n~~~\n\nText\n~~~",
            "- item\n  ```\n  open", "</span>\n```", "<img src=\"x\">\n\nAfter image", "[ref]: https://x", "See [ref]",
            "<link rel=\"x\">\n<script src=\"y\"></script>\n~~~\n\nAfter", "  <!-- c -->\n```\n\nAfter",
            // Fences and HTML that a list item keeps blank lines in, up to the line that ends it.
            "- list\n\n    ```\n\nAfter", "- ```\n  code\n\nAfter", "1. ~~~\n\nAfter", "- <!-- open\n\nAfter",
            "    ```\n    x\n    ```", "    <!--\n\nAfter", "- > ```\n\nAfter", "- a\n\n    ```\n  ```\n\nAfter",
            "    ```\n  <div>\n```\n\nAfter",
        ]
        var split = 0, chunked = 0
        for round in 0..<1_000 {
            var parts: [String] = []
            for _ in 0..<random.int(in: 2...14) { parts.append(random.pick(blocks)) }
            let text = parts.joined(separator: random.int(in: 0...3) == 0 ? "\n" : "\n\n")
            if MarkdownDocument(parsing: MarkdownSource(text).text)?.firstBlock?.next != nil { split += 1 }
            if MarkdownChunks.split(MarkdownSource(text).text, parts: 2).count > 1 { chunked += 1 }
            assertRunsMatchOne(text, width: random.int(in: 20...90), "round \(round): \(text.debugDescription)")
        }
        XCTAssertGreaterThan(split, 700, "most generated documents have several top-level blocks")
        XCTAssertGreaterThan(chunked, 150, "many can be parsed in pieces")
    }

    /// A long text is cut before its shortcodes and tables are rewritten (`PieceRewrite`): the
    /// cut stands only where rewriting the pieces apart proves the same as the whole — notes,
    /// highlights and fences that the rewrite (not CommonMark) reads across the cut, openings
    /// whose closing is in a later piece, placeholders that no longer start a paragraph.
    func testPiecesRewrittenApartRenderAsTheWhole() {
        var random = SeededRandom(seed: 41)
        let blocks = [
            "Para words", "{{< note >}}\nNote text\n\nNote para", "{{< /note >}}", "{{< tip >}}", "{{< /tip >}}",
            "{{< highlight go >}}\nfunc main() {}\n\nZero column", "{{< /highlight >}}",
            "    ```\nRewrite fence\n\nStill",
            "    ```", "```\nA fence\n\nInside", "```", "Name | Age\n---|---\nAda | 36", "Row | with\n```x | y",
            "{{</* note */>}}\n\nAfter escape", "{{< figure src=\"a b.png\" alt=\"A\" >}}",
            "Text {{< ref \"x\" >}} more",
            "{{% notice warning %}}\nWarned", "{{% /notice %}}", "~~~\nTilde\n\nText", "~~~", "- list {{< note >}}",
            "> quote",
        ]
        var rewrittenApart = 0
        for round in 0..<1_500 {
            var parts: [String] = []
            for _ in 0..<random.int(in: 3...16) { parts.append(random.pick(blocks)) }
            let text = parts.joined(separator: "\n\n")
            if PieceRewrite.pieces(text, parts: 3) != nil { rewrittenApart += 1 }
            assertRunsMatchOne(text, width: random.int(in: 20...90), "round \(round): \(text.debugDescription)")
        }
        XCTAssertGreaterThan(rewrittenApart, 300, "many are rewritten in pieces")
        XCTAssertLessThan(rewrittenApart, 1_400, "and many are not")
    }

    func testDefinitionsReachEveryPiece() {
        var random = SeededRandom(seed: 29)
        let blocks = [
            "[a]: https://one", "[A]: https://two", "[b  c]: </path with space>", "[amp]: http://x?a=1&amp;b=2&lt;",
            "[esc]: http://x/\\*y\\\\z", "[ang]: <http://x/\\<z\\>>", "> [q]: https://quote\n> text",
            "- [l]: https://list",
            "```\n[fake]: https://code\n```", "    [ind]: https://indented", "[ti]: https://t \"title\"",
            "[^1]: footnote text",
            "[ref]: https://x\nStill a paragraph", "See [a] and [A][] and [text][b c] and [ b\n c ].",
            "Use [amp], [esc], [ang], [q], [l], [fake], [ind], [ti], [^1] and [ref].", "![img][a] ![other][nothing]",
            "Plain words only", "# Heading [a]", "Para\n\nAnother para", "* [ ] task [ref]", "<!-- c [a]: x -->",
        ]
        var chunked = 0
        for round in 0..<1_000 {
            var parts: [String] = []
            for _ in 0..<random.int(in: 3...16) { parts.append(random.pick(blocks)) }
            let text = parts.joined(separator: "\n\n")
            if MarkdownChunks.split(MarkdownSource(text).text, parts: 2).count > 1,
                PieceDefinitions.candidateLabels(MarkdownSource(text).text) != nil
            {
                chunked += 1
            }
            assertRunsMatchOne(text, width: random.int(in: 20...90), "round \(round): \(text.debugDescription)")
        }
        XCTAssertGreaterThan(chunked, 500, "documents with definitions are parsed in pieces")
    }
}

/// Link reference definitions across pieces (`PieceDefinitions`).
final class PieceDefinitionsTests: XCTestCase {
    func testWrittenDefinitionsReadBackAsTheSameURL() {
        for url in [
            "https://x", "", "/path with space", "http://x?a=1&amp;b=2", "a&b", "c:\\dir\\*x", "<>", "\\<", "日本",
            "%20&#38;",
        ] {
            let document = MarkdownDocument(parsing: PieceDefinitions.preamble([(label: "x", url: url)]) + "[x]")!
            guard let link = document.firstBlock?.firstChild, link.type == CMARK_NODE_LINK else {
                XCTFail("\(url.debugDescription) did not make a link")
                continue
            }
            let read = withExtendedLifetime(document) { link.url }
            XCTAssertEqual(read, url)
        }
    }

    func testLabelsAreFoundNormalizedAndUnusualOnesDecline() {
        XCTAssertEqual(
            PieceDefinitions.candidateLabels("[Foo  Bar]: x\n\nText [not]\n\n> [q]: y\n[foo bar]: z"), ["foo bar", "q"])
        XCTAssertEqual(PieceDefinitions.candidateLabels("No definitions here."), [])
        XCTAssertEqual(PieceDefinitions.candidateLabels("\\[a]: x and a[1]: y"), ["1"])
        XCTAssertNil(PieceDefinitions.candidateLabels("[a*b]: x"), "emphasis characters: the whole is parsed")
        XCTAssertNil(PieceDefinitions.candidateLabels("[Straße]: x"), "non-ASCII case folding: the whole is parsed")
        XCTAssertEqual(
            PieceDefinitions.bracketedWords(in: "see [ B\n c ] and [x]", among: ["b", "c", "x", "y"]), ["b", "x"])
        XCTAssertEqual(PieceDefinitions.bracketedWords(in: "an idea, a video", among: ["id", "a"]), [])
        XCTAssertEqual(PieceDefinitions.bracketedWords(in: "[Id] at the end [a", among: ["id", "a"]), ["id", "a"])
    }
}

/// Where markdown may be cut into pieces that parse alike.
final class MarkdownChunksTests: XCTestCase {
    private func assertRendersAlike(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) {
        let one = MarkdownPreview.render(
            markdown: markdown, firstLine: 1, width: 60, context: PreviewContext(), parallelAbove: .max)
        let pieces = MarkdownPreview.render(
            markdown: markdown, firstLine: 1, width: 60, context: PreviewContext(), parallelAbove: 0, parts: 4)
        XCTAssertEqual(pieces, one, file: file, line: line)
    }

    func testAPlainDocumentIsSplitAtParagraphs() {
        let text = (1...40).map { "Paragraph \($0) with some words.\n\n- a list\n- of items\n" }.joined(separator: "\n")
        let pieces = MarkdownChunks.split(text, parts: 4)
        XCTAssertEqual(pieces.count, 4)
        XCTAssertTrue(pieces.dropFirst().allSatisfy { $0.text.hasPrefix("Paragraph") })
        XCTAssertEqual(pieces.map(\.text).joined(separator: "\n"), text)
    }

    func testNoPieceStartsInsideFencesOrMarkerEndedHTML() {
        let fenced = "Intro\n\n```\nfirst\n\nInside the fence\n\nstill inside\n```\n\nAfter\n"
        XCTAssertFalse(
            MarkdownChunks.split(fenced, parts: 8).contains {
                $0.text.hasPrefix("Inside") || $0.text.hasPrefix("still")
            })
        let comment = "Intro\n\n<!-- a comment\n\nInside the comment\n-->\n\nAfter\n"
        XCTAssertFalse(MarkdownChunks.split(comment, parts: 8).contains { $0.text.hasPrefix("Inside") })
    }

    /// A piece holds a line that is not blank, so blocks: a document that opens with many blank
    /// lines gets no piece of blanks alone (its next piece would start with a separator line).
    func testNoPieceIsOnlyBlankLines() {
        let text =
            String(repeating: "\n", count: 20_000) + (1...40).map { "Paragraph \($0).\n" }.joined(separator: "\n")
        let pieces = MarkdownChunks.split(text, parts: 4)
        XCTAssertGreaterThan(pieces.count, 1)
        XCTAssertTrue(
            pieces.allSatisfy { $0.text.utf8.contains { $0 != 0x0A } }, "\(pieces.map { $0.text.prefix(20) })")
        assertRendersAlike(text)
    }

    func testAmbiguousConstructsStopTheSplitting() {
        // After `<div>` the fence-looking line is HTML, not a fence: no piece after it.
        let html = "Intro\n\nOne\n\n<div>\n~~~\n\nNot a fence end\n\n~~~\n\nInside a real fence\n~~~\n"
        XCTAssertFalse(
            MarkdownChunks.split(html, parts: 8).contains { $0.text.hasPrefix("Inside") || $0.text.hasPrefix("Not") })
        // An indented fence may belong to a list item and close with it.
        let listed = "- item\n  ```\n  code\n\nPara\n\n```\nreal\n\nInside real fence\n```\n"
        XCTAssertFalse(MarkdownChunks.split(listed, parts: 8).contains { $0.text.hasPrefix("Inside") })
        // A fence four columns in may be a list item's (its content starts at column 2): the
        // blank line after it is the code's, so no piece starts at the next paragraph.
        let deep = "Intro\n\n- list\n\n    ```\n\nPara after\n"
        XCTAssertFalse(MarkdownChunks.split(deep, parts: 8).contains { $0.text.hasPrefix("Para") })
        assertRendersAlike(deep)
    }
}
