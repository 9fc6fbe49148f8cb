import TestSupport
import XCTest

@testable import Blog
@testable import Preview

/// Table cells parsed together (one parse a table) read exactly as each cell parsed alone.
final class TableCellBatchTests: XCTestCase {
    func testCellsParsedTogetherReadAsCellsParsedAlone() {
        let cells = [
            "plain", "*emph*", "**strong** text", "`code`", "``double``", "`unclosed", "a `b` c", "[link](https://x)",
            "[ref]: https://x", "see [ref]", "[x][y]", "<span>html</span>", "a <!-- open", "-->", "AT&amp;T",
            "x &copy; y",
            "# heading", "- item", "1. one", "> quote", "```", "~~~", "***", "___", "_under_", "\\*escaped\\*", "a\\",
            "<div>", "text <b>bold", "2024", "=== ", "word_with_underscores", "é *accent*", "日本 *語*", "`a` and `b`",
            "[a](<b c>)", "![img](x.png)", "http://auto.link", "<https://x>", "a  b", "*a", "b*", "~~gone~~",
        ]
        var random = SeededRandom(seed: 41)
        for round in 0..<300 {
            let columns = random.int(in: 1...5)
            let rows = (0..<random.int(in: 1...6)).map { _ in (0..<columns).map { _ in random.pick(cells) } }
            let alone = rows.map { $0.map { TableRenderer.plainText(ofCell: $0) } }
            XCTAssertEqual(TableRenderer.plainCells(rows), alone, "round \(round): \(rows)")
        }
    }
}
