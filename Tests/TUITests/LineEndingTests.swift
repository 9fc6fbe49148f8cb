import XCTest

@testable import TUI

/// Line endings and the byte-order mark are the document's, not the text's: every line keeps
/// its own ending, a new line inherits one, undo restores the exact bytes.
final class LineEndingTests: XCTestCase {
    /// The editor on `text` after `keys`, with the cursor walked `right` characters first.
    private func edited(_ text: String, right: Int = 0, _ keys: [KeyEvent]) -> EditorState {
        var state = EditorState(text: text)
        for _ in 0..<right { _ = state.handle(.right(), now: 0) }
        var time = 10.0
        for key in keys { _ = state.handle(key, now: time); time += 5 }
        return state
    }

    func testLinesSplitAtLFAndCRLFAndKeepTheirEndings() {
        let buffer = TextBuffer("a\r\nb\nc\rd\r\n")
        XCTAssertEqual(buffer.lines.map { String($0) }, ["a", "b", "c\rd", ""])
        XCTAssertEqual(buffer.breaks, [.crlf, .lf, .crlf])
        XCTAssertEqual(buffer.text, "a\r\nb\nc\rd\r\n")
        let bom = TextBuffer("\u{FEFF}---\r\ntitle: x\r\n---\r\nbody")
        XCTAssertTrue(bom.hasBOM)
        XCTAssertEqual(String(bom.lines[0]), "---")
        XCTAssertEqual(bom.text, "\u{FEFF}---\r\ntitle: x\r\n---\r\nbody")
    }

    func testTypingChangesOneLineAndEnterInheritsTheEnding() {
        // One character typed on a CRLF line: that line only.
        XCTAssertEqual(edited("ab\r\ncd\r\n", right: 2, [.character("x")]).text, "abx\r\ncd\r\n")
        // Enter on a CRLF line of a mixed file: the new line is CRLF; the LF line stays LF.
        XCTAssertEqual(edited("a\r\nb\nc", right: 1, [.enter]).text, "a\r\n\r\nb\nc")
        XCTAssertEqual(edited("a\r\nb\nc", right: 3, [.enter]).text, "a\r\nb\n\nc")
        // On the last line (no ending of its own): the file's majority.
        XCTAssertEqual(edited("a\r\nb\r\nc\nd", right: 7, [.enter]).text, "a\r\nb\r\nc\nd\r\n")
        XCTAssertEqual(edited("a\nb", right: 3, [.enter]).text, "a\nb\n")
    }

    func testJoiningAndUndoRestoreTheExactBytes() {
        let text = "one\r\ntwo\nthree\r\n"
        // Delete the CRLF between one and two, then undo: the CRLF comes back (not the LF after).
        var state = edited(text, right: 3, [.delete])
        XCTAssertEqual(state.text, "onetwo\nthree\r\n")
        _ = state.handle(.control("z"), now: 100)
        XCTAssertEqual(state.text, text)
        _ = state.handle(.control("y"), now: 101)
        XCTAssertEqual(state.text, "onetwo\nthree\r\n")
        // A selection across mixed endings cut and pasted back.
        var cut = EditorState(text: text)
        for _ in 0..<8 { _ = cut.handle(.right(shift: true), now: 0) }
        _ = cut.handle(.control("x"), now: 1)
        XCTAssertEqual(cut.text, "three\r\n")
        _ = cut.handle(.control("v"), now: 2)
        XCTAssertEqual(cut.text, text)
        _ = cut.handle(.control("z"), now: 3)
        _ = cut.handle(.control("z"), now: 4)
        XCTAssertEqual(cut.text, text)
    }

    func testReplacingTheTextThroughTheFormKeepsBOMAndEndings() {
        var state = EditorState(text: "\u{FEFF}---\r\ntitle: a\r\n---\r\nbody\r\n")
        state.replaceText(with: "\u{FEFF}---\r\ntitle: b\r\n---\r\nbody\r\n", now: 0)
        XCTAssertEqual(state.text, "\u{FEFF}---\r\ntitle: b\r\n---\r\nbody\r\n")
        XCTAssertEqual(state.buffer.lines.count, 5)
    }

    func testTabsReachTheNextStopAndAreOneCharacter() {
        XCTAssertEqual(SoftWrap.widths(Array("\tab\tc"), tabWidth: 4), [4, 1, 1, 2, 1])
        XCTAssertEqual(SoftWrap.widths(Array("\r\u{1B}"), tabWidth: 4), [2, 2])
        var state = EditorState(text: "\tx")
        _ = state.handle(.right(), now: 0)
        XCTAssertEqual(state.cursor.column, 1)
        var screen = Screen(width: 20, height: 2)
        var view = EditorView()
        let cursor = view.render(state, into: &screen, area: screen.bounds)
        XCTAssertEqual(screen.lines()[0].prefix(6), "    x ")
        XCTAssertEqual(cursor.x, 4)
        var lone = Screen(width: 20, height: 1)
        view = EditorView()
        view.render(EditorState(text: "a\rb"), into: &lone, area: lone.bounds)
        XCTAssertEqual(lone.lines()[0].prefix(5), "a^Mb ")
    }
}
