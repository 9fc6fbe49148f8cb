import TextWidth
import XCTest

/// The one sanitiser: every control character and every bidi control becomes a visible stand-in,
/// measured exactly as it is drawn.
final class TerminalTextTests: XCTestCase {
    func testControlsBecomeTheirStandIns() {
        XCTAssertEqual(TerminalText.visible("a\u{1B}]0;x\u{07}b"), "a^[]0;x^Gb")
        XCTAssertEqual(TerminalText.visible("csi\u{9B}31m"), "csi<9B>31m")
        XCTAssertEqual(TerminalText.visible("del\u{7F}"), "del^?")
        XCTAssertEqual(TerminalText.visible("one\ntwo\r\n\tthree", .block), "one\ntwo\r\n\tthree")
        XCTAssertEqual(TerminalText.visible("one\ntwo", .line), "one^Jtwo")
        XCTAssertEqual(TerminalText.visible("plain ünïcode 日本 🙂"), "plain ünïcode 日本 🙂")
    }

    /// The check that passes printable ASCII over eight bytes at a time finds a control
    /// character at every offset, in both modes (each of them alone, in long plain text).
    func testEveryControlIsFoundAtEveryOffset() {
        let controls: [String] = [
            "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\r", "\n", "\t", "\u{202E}",
            "\u{2069}",
        ]
        let harmless: [String] = ["\u{A0}", "é", "\u{2013}", "日", "~", " "]
        for offset in 0..<20 {
            for control in controls {
                for (lead, tail) in [
                    ("a", ""), ("a", "abc"), ("é", String(repeating: "x", count: 17)), ("│", "日"), ("🙂", ""),
                ] {
                    let text = String(repeating: lead, count: offset) + control + tail
                    for mode in [TerminalText.Mode.line, .block] {
                        XCTAssertEqual(
                            TerminalText.needsCleaning(text, mode), TerminalText.visible(text, mode) != text,
                            "\(offset) \(Array(control.unicodeScalars))")
                    }
                }
            }
            for other in harmless {
                XCTAssertFalse(
                    TerminalText.needsCleaning(
                        String(repeating: "a", count: offset) + other + String(repeating: "b", count: 9)))
            }
        }
    }

    /// Mixed text (box drawing, punctuation and letters beyond ASCII beside controls): the fast
    /// check agrees with what `visible` changes.
    func testMixedTextIsCheckedAlike() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "a", "word ", "─", "│", "’", "“", "…", "é", "\u{A0}", "日", "🙂", "\u{2013}", "\u{2066}", "\u{202A}",
            "\u{80}", "\u{9F}",
            "\u{1B}", "\u{7F}", "\t", "\n", "\r\n", "\u{C2}",
        ]
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                // Mostly harmless pieces, so both answers occur often.
                if pieces.firstIndex(of: piece)! >= 12, Int.random(in: 0..<6, using: &generator) != 0 { continue }
                text += piece
            }
            for mode in [TerminalText.Mode.line, .block] {
                XCTAssertEqual(
                    TerminalText.needsCleaning(text, mode), TerminalText.visible(text, mode) != text,
                    "\(Array(text.unicodeScalars))")
            }
        }
    }

    func testBidiControlsAreShownNotObeyed() {
        // "Trojan Source": the title reads "admin" but is stored in another order.
        let trojan = "user\u{202E}nimda\u{202C}"
        XCTAssertTrue(TerminalText.needsCleaning(trojan))
        XCTAssertEqual(TerminalText.visible(trojan), "user<U+202E>nimda<U+202C>")
        for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "x" + String(Unicode.Scalar(value)!) + "y"
            let shown = TerminalText.visible(text)
            XCTAssertFalse(shown.unicodeScalars.contains { TerminalText.isBidiControl($0.value) }, shown)
            XCTAssertEqual(DisplayWidth.of(text), DisplayWidth.of(shown), "measured as drawn: \(shown)")
        }
        // Neighbours that are not controls stay (en dash U+2013, bullet U+2022, word joiner U+2060).
        XCTAssertEqual(TerminalText.visible("a–b•c\u{2060}d"), "a–b•c\u{2060}d")
    }

    func testWidthsMatchWhatIsDrawn() {
        XCTAssertEqual(DisplayWidth.of("the\u{16}emoji"), DisplayWidth.of(TerminalText.visible("the\u{16}emoji")))
        XCTAssertEqual(DisplayWidth.of("\u{9B}"), 4)
        XCTAssertEqual(DisplayWidth.of("日本"), 4)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining mark takes no column")
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2, "an emoji with a zero-width joiner is one wide cluster")
        XCTAssertEqual(DisplayWidth.of("❤️"), 2, "emoji presentation selector")
        XCTAssertEqual(DisplayWidth.of("\u{200B}"), 0)
        XCTAssertEqual(DisplayWidth.of("🇫🇷"), 2, "a flag")
    }
}
