import XCTest

@testable import TUI

/// Bracketed paste is decoded in time linear in its size however the terminal cuts it, a paste
/// in progress is never mistaken for Escape, and pasted line breaks take the file's own ending.
final class PasteDecodingTests: XCTestCase {
    private func pasted(_ body: String, cutEvery size: Int) -> [KeyEvent] {
        var decoder = KeyDecoder()
        let bytes = KeyDecoder.pasteStart + Array(body.utf8) + KeyDecoder.pasteEnd + Array("x".utf8)
        var events: [KeyEvent] = []
        var index = 0
        let body = KeyDecoder.pasteStart.count..<(bytes.count - KeyDecoder.pasteEnd.count - 1)
        while index < bytes.count {
            events += decoder.feed(Array(bytes[index..<min(bytes.count, index + size)]))
            index += size
            // The backend flushes whenever a read finds nothing more: inside a paste, that must
            // not end it (a terminal sends each marker in one write, the body in many).
            if body.contains(index) { events += decoder.flush() }
        }
        return events
    }

    func testAPasteCutAnywhereIsOneEvent() {
        let body = "line one\r\nline two\rthird — ünïcode 🙂\n"
        for size in [1, 2, 3, 5, 6, 7, 64] {
            XCTAssertEqual(pasted(body, cutEvery: size), [.paste(body), .character("x")], "cut every \(size) bytes")
        }
    }

    func testPendingPasteBytesGrowAsItArrives() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(KeyDecoder.pasteStart + Array(repeating: 0x61, count: 1000)), [])
        XCTAssertGreaterThanOrEqual(decoder.pendingPasteBytes, 995)
        XCTAssertEqual(decoder.feed(KeyDecoder.pasteEnd), [.paste(String(repeating: "a", count: 1000))])
        XCTAssertEqual(decoder.pendingPasteBytes, 0)
    }

    func testAMegabytePasteFedByteByByteIsLinear() {
        // Quadratic decoding took minutes for 50 KB; this is 2 MB one byte at a time.
        var decoder = KeyDecoder()
        let started = Date()
        _ = decoder.feed(KeyDecoder.pasteStart)
        var events: [KeyEvent] = []
        let line = Array("All work and no play makes a post.\n".utf8)
        for _ in 0..<60_000 { for byte in line { events += decoder.feed([byte]) } }
        events += decoder.feed(KeyDecoder.pasteEnd)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(decoder.pendingPasteBytes, 0)
        _ = started  // the bench times pastes (make bench, "paste 1 MiB"); quadratic decoding never finished here
    }

    func testPastedLineBreaksTakeTheFilesOwnEnding() {
        var crlf = EditorState(text: "first\r\nsecond\r\n")
        _ = crlf.handle(.paste("a\rb\r\nc\nd"), now: 0)
        XCTAssertEqual(crlf.text, "a\r\nb\r\nc\r\ndfirst\r\nsecond\r\n")
        var lf = EditorState(text: "first\nsecond\n")
        _ = lf.handle(.paste("a\rb\r\nc"), now: 0)
        XCTAssertEqual(lf.text, "a\nb\ncfirst\nsecond\n")
        XCTAssertFalse(lf.text.utf8.contains(0x0D), "no literal CR is stored")
        // One paste, one undo step.
        _ = lf.handle(.control("z"), now: 0)
        XCTAssertEqual(lf.text, "first\nsecond\n")
    }
}

/// Typing and backspacing along a line keep one inverse per undo group, not one per keystroke
/// (an hour of typing would otherwise hold a record for every key), and undo stays exact.
final class UndoFoldingTests: XCTestCase {
    func testTypingFoldsIntoOneInverseAndUndoesExactly() {
        var editor = EditorState(text: "start\n")
        for (index, character) in "hello world".enumerated() {
            _ = editor.handle(.character(character), now: Double(index) * 0.1)
        }
        XCTAssertEqual(editor.text, "hello worldstart\n")
        XCTAssertEqual(editor.history.recordCount, 1, "one folded inverse for the whole burst")
        // After a pause: a group of its own.
        for step in 0..<4 { _ = editor.handle(.backspace, now: 3 + Double(step) * 0.1) }
        XCTAssertEqual(editor.text, "hello wstart\n")
        _ = editor.handle(.control("z"), now: 5)
        XCTAssertEqual(editor.text, "hello worldstart\n", "the backspaces come back as one step")
        _ = editor.handle(.control("z"), now: 6)
        XCTAssertEqual(editor.text, "start\n")
        _ = editor.handle(.control("y"), now: 7)
        XCTAssertEqual(editor.text, "hello worldstart\n")
    }

    func testMergingOnlyJoinsNeighboursOnOneLine() {
        let a = TextEdit(range: TextPosition(line: 0, column: 0)..<TextPosition(line: 0, column: 1), text: "")
        let b = TextEdit(range: TextPosition(line: 0, column: 1)..<TextPosition(line: 0, column: 2), text: "")
        let far = TextEdit(range: TextPosition(line: 0, column: 5)..<TextPosition(line: 0, column: 6), text: "")
        let other = TextEdit(range: TextPosition(line: 1, column: 1)..<TextPosition(line: 1, column: 2), text: "")
        XCTAssertEqual(
            UndoHistory.merged(a, then: b),
            TextEdit(range: TextPosition(line: 0, column: 0)..<TextPosition(line: 0, column: 2), text: ""))
        XCTAssertNil(UndoHistory.merged(a, then: far))
        XCTAssertNil(UndoHistory.merged(a, then: other))
    }
}
