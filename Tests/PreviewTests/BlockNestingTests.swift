import CCmark
import XCTest

@testable import Preview

/// Issue 56.4: a line opening more containers than anyone writes (cmark's "empty lines in deeply
/// nested lists": 30,000 `- ` then 30,000 blank lines, 19 s in cmark 0.30) reaches cmark with the
/// markers past `BlockNesting.limit` escaped, so it opens at most that many; every other text
/// reaches it unchanged. (Its time is `make bench`'s: "pathological: empty lines in deeply nested lists".)
final class BlockNestingTests: XCTestCase {
    private let limit = BlockNesting.limit

    private func capped(_ text: String) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { BlockNesting.capped($0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// How many list items and quotes cmark opened for `text`, parsed as every caller parses.
    private func containers(_ text: String) -> Int {
        CommonMark.withIterator(over: Array(text.utf8)) { iterator in
            var count = 0
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if type == CMARK_NODE_ITEM || type == CMARK_NODE_BLOCK_QUOTE { count += 1 }
            }
            return count
        } ?? -1
    }

    func testOrdinaryWritingReachesCmarkUnchanged() {
        for text in [
            "", "Hello\n", "- a\n  - b\n    - c\n", "> quote\n> > nested\n", "1. one\n2. two\n",
            "* * *\n", "- - -\n", "-not a marker\n", "12345678901. not a marker either\n",
            String(repeating: "- ", count: limit) + "deepest allowed\n",
            String(repeating: "> ", count: limit) + "x\n",
        ] {
            XCTAssertNil(capped(text), text)
        }
    }

    func testTheMarkerPastTheLimitIsEscaped() {
        let deep = String(repeating: "- ", count: limit)
        XCTAssertEqual(capped(deep + "- x\n"), deep + "\\- x\n")
        XCTAssertEqual(capped("text\n" + deep + "+ y\nafter\n"), "text\n" + deep + "\\+ y\nafter\n")
        let quotes = String(repeating: ">", count: limit)
        XCTAssertEqual(capped(quotes + "> z"), quotes + "\\> z")
        // An ordered marker's delimiter is escaped (a backslash before a digit would be shown).
        XCTAssertEqual(capped(deep + "7) x\r\n"), deep + "7\\) x\r\n")
        // Mixed, with tabs and up to three spaces between markers.
        let mixed = String(repeating: "> 1.\t*   ", count: limit / 3 + 1) + "x"
        XCTAssertNotNil(capped(mixed))
    }

    func testCmarkOpensAtMostTheLimitAndTheTextStays() {
        let attack = String(repeating: "- ", count: 30_000) + "x" + String(repeating: "\n", count: 30_000)
        XCTAssertEqual(containers(attack), limit)
        let quoted = "> " + String(repeating: "- ", count: 30_000) + "x\n" + String(repeating: ">\n", count: 30_000)
        XCTAssertEqual(containers(quoted), limit)
        XCTAssertEqual(containers("- a\n  - b\n"), 2)
        // The preview shows the rest of the line as its text.
        let lines = MarkdownPreview.render(markdown: String(repeating: "- ", count: 40) + "end", width: 400)
        XCTAssertTrue(lines.contains { $0.text.hasSuffix("- - - - - - - end") }, "\(lines.map(\.text))")
    }
}
