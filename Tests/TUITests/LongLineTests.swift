import XCTest

@testable import TUI

/// A huge single line (issue 18's 50 MB line, smaller here): the editor shows, moves through
/// and edits the part on screen; the text stays exact.
final class LongLineTests: XCTestCase {
    /// "---\ntitle: long\n---\n", then one line of numbered words ending in "THE-END", then "after".
    private func longPost(words: Int = 20_000) -> (text: String, line: String) {
        let line = (0..<words).map { "w\($0)" }.joined(separator: " ") + " THE-END"
        return ("---\ntitle: long\n---\n" + line + "\nafter\n", line)
    }

    private func render(_ state: EditorState, _ view: inout EditorView, width: Int = 80, height: Int = 24) -> (
        Screen, (x: Int, y: Int)
    ) {
        var screen = Screen(width: width, height: height)
        let cursor = view.render(state, into: &screen, area: screen.bounds)
        return (screen, cursor)
    }

    func testTheEndOfAHugeLineIsShownWithTheCursorAfterIt() {
        let (text, line) = longPost()
        XCTAssertGreaterThan(line.count, 100_000)
        var state = EditorState(text: text)
        state.goTo(TextPosition(line: 3, column: Int.max))
        var view = EditorView()
        let (screen, cursor) = render(state, &view)
        let rows = screen.lines(trimmingTrailingSpaces: true)
        XCTAssertTrue(rows[cursor.y].hasSuffix("THE-END"), "the cursor row: \(rows[cursor.y])")
        XCTAssertEqual(cursor.x, rows[cursor.y].count)
        _ = state.handle(.down(), now: 0, wrapWidth: view.wrapWidth)
        let (below, next) = render(state, &view)
        XCTAssertEqual(below.lines(trimmingTrailingSpaces: true)[next.y], "after", "the next line follows the long one")
        XCTAssertTrue(below.lines(trimmingTrailingSpaces: true)[next.y - 1].hasSuffix("THE-END"))
    }

    func testTypingAtTheEndOfAHugeLineIsShownAndKeepsTheText() {
        let (text, _) = longPost()
        var state = EditorState(text: text)
        state.goTo(TextPosition(line: 3, column: Int.max))
        var view = EditorView()
        for (index, character) in "!é".enumerated() { _ = state.handle(.character(character), now: Double(index)) }
        // A combining acute accent joins the e typed before it, as in a short line.
        _ = state.handle(.character("e"), now: 2)
        _ = state.handle(.character("\u{301}"), now: 3)
        XCTAssertEqual(state.text, text.replacingOccurrences(of: "THE-END\n", with: "THE-END!ée\u{301}\n"))
        XCTAssertEqual(state.cursor.column, state.buffer.lineLength(3), "the cursor after the joined é")
        let (screen, cursor) = render(state, &view)
        XCTAssertTrue(screen.lines(trimmingTrailingSpaces: true)[cursor.y].hasSuffix("THE-END!éé"))
        XCTAssertEqual(state.buffer.characterCount, state.buffer.lines.reduce(0) { $0 + $1.count })
        for time in 10..<20 { _ = state.handle(.control("z"), now: Double(time)) }
        XCTAssertEqual(state.text, text, "undo restores the exact text")
    }

    func testDownAndUpWalkThroughTheRowsOfAHugeLine() {
        let (text, line) = longPost()
        var state = EditorState(text: text)
        state.goTo(TextPosition(line: 3, column: 0))
        var view = EditorView()
        _ = render(state, &view)
        var previous = state.cursor.column
        // Far enough to cross several pieces (4,096 characters each): every Down moves forward.
        for _ in 0..<600 {
            _ = state.handle(.down(), now: 0, wrapWidth: view.wrapWidth)
            XCTAssertEqual(state.cursor.line, 3)
            XCTAssertGreaterThan(state.cursor.column, previous)
            XCTAssertLessThanOrEqual(state.cursor.column - previous, 81)
            previous = state.cursor.column
        }
        let (screen, cursor) = render(state, &view)
        let shown = Array(line)
        let rowText = screen.lines(trimmingTrailingSpaces: true)[cursor.y]
        let rowStart = state.cursor.column - (cursor.x)
        XCTAssertTrue(String(shown[rowStart...]).hasPrefix(rowText), "the cursor's row shows the text at the cursor")
        for _ in 0..<600 { _ = state.handle(.up(), now: 0, wrapWidth: view.wrapWidth) }
        XCTAssertEqual(state.cursor, TextPosition(line: 3, column: 0))
        // Page down to the end and past it: the line after.
        for _ in 0..<200 { _ = state.handle(.pageDown, now: 0, pageHeight: 22, wrapWidth: view.wrapWidth) }
        XCTAssertEqual(state.cursor.line, 5)
    }

    func testWithoutSoftWrapTheEndIsScrolledIntoView() {
        let (text, _) = longPost()
        var state = EditorState(text: text)
        state.goTo(TextPosition(line: 3, column: Int.max))
        var view = EditorView(softWrap: false)
        let (screen, cursor) = render(state, &view)
        XCTAssertTrue(screen.lines(trimmingTrailingSpaces: true)[cursor.y].hasSuffix("THE-END"))
        XCTAssertLessThan(cursor.x, 80)
    }

    func testAShortLineIsOnePieceAndALongOneIsCutIntoPieces() {
        XCTAssertEqual(SoftWrap.pieceCount(TextBuffer.longLine), 1)
        XCTAssertEqual(SoftWrap.pieceCount(TextBuffer.longLine + 1), 3)
        XCTAssertEqual(SoftWrap.pieceRange(2, count: 10_000), 8_192..<10_000)
        XCTAssertEqual(SoftWrap.piece(of: 10_000, count: 10_000), 2, "the end of the line is in the last piece")
    }
}
