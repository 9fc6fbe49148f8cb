import XCTest

@testable import TUI

/// The keys power users expect (issue 47), as (before, keys, after) triples; `|` is the cursor.
final class PowerKeyTests: XCTestCase {
    private func editor(_ marked: String) -> EditorState { EditorCases.editor(marked) }
    private func marked(_ state: EditorState) -> String { EditorCases.marked(state) }
    private func check(_ before: String, _ keys: [KeyEvent], _ after: String, line: UInt = #line) {
        EditorCases.check(before, keys, after, line: line)
    }

    func testDeleteAWordBackAndForward() {
        check("one two| three", [.control("w")], "one | three")
        check("one two  |three", [.controlBackspace], "one |three")
        check("one |two three", [.character("d", alt: true)], "one | three")
        check("one |two three", [.controlDelete], "one | three")
        check("a\n|b", [.control("w")], "a|b", )
        check("京都 の|", [.control("w")], "京都 |")
    }

    func testWordMotionWithAndWithoutSelection() {
        check("one two| three", [.controlArrow(.left)], "one |two three")
        check("one |two three", [.controlArrow(.right)], "one two| three")
        var state = editor("one |two three")
        _ = state.handle(.controlArrow(.right, shift: true), now: 0)
        XCTAssertEqual(state.selection.map { state.buffer.text(in: $0) }, "two")
        _ = state.handle(.controlArrow(.left, shift: true), now: 0)
        XCTAssertNil(state.selection.map { state.buffer.text(in: $0) }.flatMap { $0.isEmpty ? nil : $0 })
    }

    func testSmartHomeGoesToTheTextThenColumnOne() {
        check("    indented te|xt", [.home], "    |indented text")
        check("    |indented text", [.home], "|    indented text")
        check("|    indented text", [.home], "    |indented text")
        check("plain te|xt", [.home], "|plain text")
    }

    func testMoveAndDuplicateLinesAsOneUndoStepEach() {
        check("a\nb|\nc", [.altArrow(.up)], "b|\na\nc")
        check("a\nb|\nc", [.altArrow(.down)], "a\nc\nb|")
        check("a|\nb", [.altArrow(.up)], "a|\nb")
        check("a\nb|\nc", [.control("d")], "a\nb\nb|\nc")
        check("a\nb|\nc", [.altArrow(.down), .control("z")], "a\nb|\nc")
        // A selection of two lines moves whole, selected still.
        var state = editor("|a\nb\nc")
        _ = state.handle(.down(shift: true), now: 0)
        _ = state.handle(.right(shift: true), now: 0)
        _ = state.handle(.altArrow(.down), now: 1)
        XCTAssertEqual(state.text, "c\na\nb")
        XCTAssertEqual(state.selection.map { state.buffer.text(in: $0) }, "a\nb")
        XCTAssertEqual(state.handle(.altArrow(.down), now: 2), [.notice("Already the last line")])
    }

    /// Alt-T aligns the table under the cursor (CJK counted as two columns, alignment colons
    /// kept, escaped and code pipes not cells) as one undo step.
    func testATableIsAlignedWithWideCharactersCounted() {
        let table = """
            Intro
            | Name | 都市 | Note |
            |:--|--:|:-:|
            | 京都 | Kyoto | a `|` b |
            | x | y \\| z |  |
            After
            """
        // (Not `editor(_:)`: its `|` is the cursor.)
        var state = EditorState(text: table)
        _ = state.handle(.down(), now: 0)
        XCTAssertEqual(state.handle(.character("t", alt: true), now: 1), [])
        XCTAssertEqual(
            state.text,
            """
            Intro
            | Name | 都市   | Note    |
            | :--- | -----: | :-----: |
            | 京都 | Kyoto  | a `|` b |
            | x    | y \\| z |         |
            After
            """)
        _ = state.handle(.control("z"), now: 2)
        XCTAssertEqual(state.text, table)
        var prose = editor("no table| here")
        XCTAssertEqual(
            prose.handle(.character("t", alt: true), now: 0), [.notice("No markdown table under the cursor")])
    }
}
