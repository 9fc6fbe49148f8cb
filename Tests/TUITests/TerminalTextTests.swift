import TUI
import XCTest

/// Hostile text on the terminal: every control character is drawn and printed visibly, and
/// measured as it is drawn, so nothing reaches the terminal as a sequence and no row shifts.
final class TerminalTextTests: XCTestCase {
    let attack = "A \u{1B}]0;PWNED\u{07} \u{1B}]52;c;cHduZWQ=\u{07} \u{9B}31m B\u{7F}"

    func testEveryControlCharacterHasAVisibleStandIn() {
        XCTAssertEqual(TerminalText.visible(attack), "A ^[]0;PWNED^G ^[]52;c;cHduZWQ=^G <9B>31m B^?")
        for value in UInt32(0)...0x9F {
            let scalar = Unicode.Scalar(value)!
            let shown = TerminalText.visible(String(Character(scalar)))
            XCTAssertFalse(
                shown.unicodeScalars.contains { TerminalText.isControl($0) }, "U+\(String(value, radix: 16))")
            XCTAssertEqual(
                DisplayWidth.of(String(Character(scalar))), DisplayWidth.of(shown), "U+\(String(value, radix: 16))")
        }
    }

    func testBlockModeKeepsNewlinesTabsAndCRLFOnly() {
        XCTAssertEqual(TerminalText.visible("a\tb\nc\r\nd\re\u{1B}", .block), "a\tb\nc\r\nd^Me^[")
        XCTAssertEqual(TerminalText.visible("a\tb\nc", .line), "a^Ib^Jc")
        let plain = "nothing to clean: ünïcode 日本 👩‍💻"
        XCTAssertFalse(TerminalText.needsCleaning(plain))
        XCTAssertEqual(TerminalText.visible(plain), plain)
    }

    func testJSONEscapesDELAndC1() {
        XCTAssertEqual(TerminalText.jsonEscapingControls("{\"t\":\"a\u{9B}b\u{7F}\"}"), "{\"t\":\"a\\u009bb\\u007f\"}")
    }

    func testTheScreenNeverHoldsAControlCharacterAndCountsItsWidth() {
        var screen = Screen(width: 60, height: 1)
        let end = screen.put(attack + "|", x: 0, y: 0)
        let drawn = screen.lines()[0]
        XCTAssertTrue(drawn.hasPrefix("A ^[]0;PWNED^G ^[]52;c;cHduZWQ=^G <9B>31m B^?|"), drawn)
        XCTAssertEqual(end, DisplayWidth.of(attack + "|"))
        XCTAssertEqual(end, "A ^[]0;PWNED^G ^[]52;c;cHduZWQ=^G <9B>31m B^?|".count)
        for cell in screen.cells {
            XCTAssertFalse(cell.text.unicodeScalars.contains { TerminalText.isControl($0) })
        }
    }

    func testAControlCharacterCutAtTheEdgeStaysInsideTheClip() {
        var screen = Screen(width: 10, height: 1)
        screen.put("abcdefgh\u{1B}x", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 9, height: 1))
        XCTAssertEqual(screen.lines()[0], "abcdefgh^ ")
    }
}
