import Foundation
import XCTest

@testable import TUI

/// Inputs the fuzzer found (make fuzz), kept as regression tests.
final class FuzzRegressionTests: XCTestCase {
    /// Keys decoded from `bytes` (fed in chunks as the fuzzer does), applied to the editor, then
    /// undone all the way back: the original text must return.
    private func assertUndoRestores(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        var decoder = KeyDecoder()
        var events: [KeyEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + 1 + Int(bytes[start] % 7))
            events += decoder.feed(Array(bytes[start..<end]))
            start = end
        }
        events += decoder.flush()
        let original = "# Title\n\nSome text, 日本語 and 🎉.\n- item\n"
        var editor = EditorState(text: original)
        var clock = 0.0
        var trail: [String] = []
        for event in events {
            clock += 2
            _ = editor.handle(event, now: clock)
            trail.append("\(event) → \(editor.text.debugDescription)")
        }
        for _ in 0..<1_000 { _ = editor.handle(.control("z"), now: clock) }
        XCTAssertEqual(editor.text, original, "after:\n" + trail.joined(separator: "\n"), file: file, line: line)
    }

    func testUndoAfterSelectionReplacedBySpaceAndCombiningMark() {
        assertUndoRestores([
            0x0d, 0xf7, 0, 0, 0, 0, 0x61, 0x62, 0x63, 0x1b, 0x62, 0x63, 0xcd, 0xa4, 0x1b, 0x5b, 0x31, 0x3b, 0x32, 0x41,
            0x5b, 0x1b, 0x5b, 0x31, 0x3b, 0x32, 0x43, 0x1b, 0x00, 0x5b, 0x00,
        ])
    }
}

/// A combining mark typed after a letter joins it, and the cursor stays right after it.
final class CombiningMarkTests: XCTestCase {
    func testCombiningMarkJoinsThePreviousLetter() {
        var editor = EditorState(text: "ab")
        _ = editor.handle(.right(), now: 0)
        _ = editor.handle(.character("\u{0301}"), now: 0)
        XCTAssertEqual(editor.text, "a\u{0301}b")
        XCTAssertEqual(editor.buffer.line(0).count, 2, "one grapheme: á")
        _ = editor.handle(.character("x"), now: 0)
        XCTAssertEqual(editor.text, "a\u{0301}xb", "the cursor was right after the joined grapheme")
        _ = editor.handle(.control("z"), now: 5)
        XCTAssertEqual(editor.text, "ab")
    }
}
