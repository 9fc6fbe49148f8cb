import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The editor's front-matter notice: said at once when the block stops reading, and typing in
/// the body never reads the block again (it was a YAML parse per keystroke).
final class FrontMatterNoticeTests: XCTestCase {
    func testTypingInTheBodyDoesNotReadTheFrontMatterAgainAndBreakingItIsSaidAtOnce() throws {
        var state = try AppFixture.editing("content/posts/welcome-to-nakedblog/index.md")
        let closing = try XCTUnwrap(
            (1..<state.editor!.editor.buffer.lineCount).first { index in
                String(state.editor!.editor.buffer.line(index)) == "---"
            })
        // Into the body, and type: the block is read once, then known to end at `closing`.
        for _ in 0..<40 where state.editor!.editor.cursor.line <= closing { _ = AppFixture.send(&state, .down()) }
        AppFixture.type(&state, "words")
        XCTAssertNil(state.editor?.frontMatterProblem)
        XCTAssertEqual(state.editor?.frontMatterEnd, closing)
        // A key on the closing line itself is looked at again.
        for _ in 0..<10 where state.editor!.editor.cursor.line > closing { _ = AppFixture.send(&state, .up()) }
        XCTAssertEqual(state.editor?.editor.cursor.line, closing)
        _ = AppFixture.send(&state, .home)
        AppFixture.type(&state, "x")
        XCTAssertNotNil(state.editor?.frontMatterProblem, "a broken closing line is said at once")
        XCTAssertNil(state.editor?.frontMatterEnd)
        _ = AppFixture.send(&state, .backspace)
        XCTAssertNil(state.editor?.frontMatterProblem, "mended at once too")
        XCTAssertEqual(state.editor?.frontMatterEnd, closing)
    }
}
