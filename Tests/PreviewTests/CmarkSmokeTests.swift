import Blog
import CCmark
import Preview
import XCTest

/// Proves libcmark links and renders.
final class CmarkSmokeTests: XCTestCase {
    func testVersion() {
        XCTAssertEqual(CommonMark.version, String(cString: cmark_version_string()))
        XCTAssertTrue(CommonMark.version.hasPrefix("0."), CommonMark.version)
    }

    func testRendersADocument() {
        let html = CommonMark.html(from: "# Hello, 世界\n\nSome *emphasis* and `code`.\n\n- one\n- two\n")
        XCTAssertEqual(
            html,
            """
            <h1>Hello, 世界</h1>
            <p>Some <em>emphasis</em> and <code>code</code>.</p>
            <ul>
            <li>one</li>
            <li>two</li>
            </ul>

            """)
    }

    func testWalksTheCTree() {
        let text = "## Title\n\nPara with [a link](https://example.com).\n"
        let root = cmark_parse_document(text, text.utf8.count, CMARK_OPT_DEFAULT)!
        defer { cmark_node_free(root) }
        var types: [String] = []
        let iterator = cmark_iter_new(root)!
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER {
                types.append(String(cString: cmark_node_get_type_string(cmark_iter_get_node(iterator))))
            }
        }
        XCTAssertEqual(types, ["document", "heading", "text", "paragraph", "text", "link", "text", "text"])
    }

    func testEmptyInput() {
        XCTAssertEqual(CommonMark.html(from: ""), "")
    }
}
