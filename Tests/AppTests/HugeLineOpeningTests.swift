import XCTest

@testable import NakedblogApp

/// A post that is one huge line: its front matter and word count are read from its first MiB,
/// not from copies of the whole text.
final class HugeLineOpeningTests: XCTestCase {
    func testTheHeadOfAOneLinePostIsCutInsideTheLine() throws {
        let line = String(repeating: "wörd ", count: 600_000)
        let text = "---\ntitle: One line\n---\n" + line + "\n"
        let head = try XCTUnwrap(EditorScreen.head(of: text, path: "content/posts/one.md"))
        XCTAssertLessThanOrEqual(head.page.body.utf8.count, 1 << 20)
        XCTAssertEqual(
            head.page.body.utf8.count + head.cut, line.utf8.count + 1,
            "the body's bytes plus the cut are the whole body")
        XCTAssertTrue(head.page.body.hasPrefix("wörd wörd"))
        XCTAssertEqual(EditorScreen.readableOpening(of: text, path: "content/posts/one.md"), "---")
        var screen = EditorScreen(path: "content/posts/one.md", file: "/tmp/one.md", text: text, stamp: nil)
        screen.countWords(in: text)
        XCTAssertEqual(screen.wordCount().count, 600_000)
    }
}
