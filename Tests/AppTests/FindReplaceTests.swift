import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The editor's find and replace bar (issue 47): incremental, literal or regex, case and whole
/// word, replace one / skip / all as one undo step, the front matter left alone unless asked.
final class FindReplaceTests: XCTestCase {
    private func selected(_ state: AppState) -> String? {
        guard let editor = state.editor?.editor, let range = editor.selection else { return nil }
        return editor.buffer.text(in: range)
    }

    func testTypingFindsAsYouGoAndCounts() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .control("f"))
        AppFixture.type(&state, "12")
        XCTAssertEqual(selected(state), "12")
        XCTAssertEqual(state.editor?.findBar?.countText, "1 of 2")
        XCTAssertEqual(state.editor?.editor.cursor.line, 13)
        _ = AppFixture.send(&state, .enter)
        XCTAssertEqual(state.editor?.findBar?.countText, "2 of 2")
        _ = AppFixture.send(&state, .enter)
        XCTAssertEqual(state.editor?.findBar?.countText, "1 of 2", "wraps around")
        _ = AppFixture.send(&state, .up())
        XCTAssertEqual(state.editor?.findBar?.countText, "2 of 2")
        AppFixture.type(&state, "x")
        XCTAssertEqual(state.editor?.findBar?.countText, "no match")
        let screen = AppFixture.lines(state)
        XCTAssertTrue(screen[22].hasPrefix(" Find: 12x"), screen[22])
        XCTAssertTrue(screen[22].contains("no match"), screen[22])
        XCTAssertTrue(screen[23].contains("Tab replace"), screen[23])
        // Issue 60.9: a message (a save) is said beside the count, never in its place.
        _ = AppFixture.send(&state, .backspace)
        state.editor?.problem = "Saved content/posts/cold-brew-ratios/index.md"
        let saved = AppFixture.lines(state)[22]
        XCTAssertTrue(saved.contains("of 2 · Saved"), saved)
    }

    /// The front matter is not searched unless asked: "coffee" is in the title, the tags and the
    /// body; only the body's counts until Alt-F.
    func testTheFrontMatterIsLeftAloneUnlessAsked() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .control("f"))
        AppFixture.type(&state, "coffee")
        XCTAssertEqual(state.editor?.findBar?.countText, "1 of 1")
        _ = AppFixture.send(&state, .character("f", alt: true))
        XCTAssertEqual(state.editor?.findBar?.matches.count, 3)
        _ = AppFixture.send(&state, .character("f", alt: true), .tab)
        AppFixture.type(&state, "tea")
        _ = AppFixture.send(&state, .character("a", alt: true))
        let text = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(text.contains("\"tags\": [\"coffee\"]"), "the fields are untouched")
        XCTAssertTrue(text.contains("One part tea to eight"), text)
    }

    /// A regular expression with groups, replaced everywhere as one undo step; undo gives back
    /// every byte.
    func testRegexReplaceAllIsOneUndoStep() throws {
        var state = try AppFixture.editing()
        let before = try XCTUnwrap(state.editor?.editor.text)
        _ = AppFixture.send(&state, .character("r", alt: true))
        _ = AppFixture.send(&state, .character("r", alt: true))  // in the bar: regex on
        XCTAssertEqual(state.editor?.findBar?.isRegex, true)
        AppFixture.type(&state, "1:([0-9]+)")
        XCTAssertEqual(state.editor?.findBar?.countText, "1 of 3")
        _ = AppFixture.send(&state, .tab)
        AppFixture.type(&state, "$1 to 1")
        _ = AppFixture.send(&state, .character("a", alt: true))
        let text = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(text.contains("| 6 to 1   | 12 h") && text.contains("| 10 to 1  | 18 h"), text)
        XCTAssertEqual(state.editor?.problem, "Replaced 3 matches (Ctrl-Z undoes them)")
        _ = AppFixture.send(&state, .escape, .control("z"))
        XCTAssertEqual(state.editor?.editor.text, before)
    }

    /// Replace one, skip one; whole word and exact case.
    func testReplaceOneSkipOneWholeWordAndCase() throws {
        var state = try AppFixture.editing()
        _ = AppFixture.send(&state, .control("f"))
        AppFixture.type(&state, "h")
        _ = AppFixture.send(&state, .character("w", alt: true))
        XCTAssertEqual(state.editor?.findBar?.matches.count, 3, "the h of hours does not count")
        _ = AppFixture.send(&state, .tab)
        AppFixture.type(&state, "hours")
        _ = AppFixture.send(&state, .enter)  // replaces the first, selects the second
        _ = AppFixture.send(&state, .down())  // skips the second
        _ = AppFixture.send(&state, .enter)  // replaces the third
        let text = try XCTUnwrap(state.editor?.editor.text)
        XCTAssertTrue(text.contains("| 1:6   | 12 hours  |"), text)
        XCTAssertTrue(text.contains("| 1:8   | 12 h  |"), text)
        XCTAssertTrue(text.contains("| 1:10  | 18 hours  |"), text)
        _ = AppFixture.send(&state, .tab, .backspace, .backspace)
        AppFixture.type(&state, "Ratio")
        _ = AppFixture.send(&state, .character("w", alt: true), .character("c", alt: true))
        XCTAssertEqual(state.editor?.findBar?.matches.count, 1)
        _ = AppFixture.send(&state, .backspace, .backspace, .backspace, .backspace, .backspace)
        AppFixture.type(&state, "RATIO")
        XCTAssertEqual(state.editor?.findBar?.countText, "no match", "exact case")
        _ = AppFixture.send(&state, .character("c", alt: true))
        XCTAssertEqual(state.editor?.findBar?.countText, "no match", "capitals in the query keep the case")
        _ = AppFixture.send(&state, .character("r", alt: true))
        AppFixture.type(&state, "(")
        XCTAssertTrue(state.editor?.findBar?.countText.hasPrefix("not a regular expression") ?? false)
    }
}
