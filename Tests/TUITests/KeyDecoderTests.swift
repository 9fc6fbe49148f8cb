import TUI
import XCTest

final class KeyDecoderTests: XCTestCase {
    private func decode(_ bytes: [UInt8], flush: Bool = true) -> [KeyEvent] {
        var decoder = KeyDecoder()
        var events = decoder.feed(bytes)
        if flush { events += decoder.flush() }
        return events
    }

    func testCharactersControlsAndBackspaces() {
        XCTAssertEqual(
            decode(Array("aé中😀".utf8)), [.character("a"), .character("é"), .character("中"), .character("😀")])
        XCTAssertEqual(decode([0x13, 0x11, 0x03, 0x1A]), [.control("s"), .control("q"), .control("c"), .control("z")])
        XCTAssertEqual(decode([0x7F, 0x08, 0x0D, 0x09]), [.backspace, .controlBackspace, .enter, .tab])
        // xterm's modifiers on arrows and Delete; Alt-Backspace.
        XCTAssertEqual(
            decode(Array("\u{1B}[1;5A\u{1B}[1;5C\u{1B}[1;6D\u{1B}[1;3B\u{1B}[3;5~".utf8)),
            [
                .controlArrow(.up), .controlArrow(.right), .controlArrow(.left, shift: true), .altArrow(.down),
                .controlDelete,
            ])
        XCTAssertEqual(decode([0x1B, 0x7F]), [.controlBackspace])
        XCTAssertEqual(decode(Array("\u{1B}[1;2A".utf8)), [.up(shift: true)], "Shift alone as before")
    }

    func testEscapeSequences() {
        let cases: [([UInt8], KeyEvent)] = [
            (Array("\u{1B}[A".utf8), .up()), (Array("\u{1B}[1;2B".utf8), .down(shift: true)),
            (Array("\u{1B}OC".utf8), .right()), (Array("\u{1B}[1;2D".utf8), .left(shift: true)),
            (Array("\u{1B}[H".utf8), .home), (Array("\u{1B}[4~".utf8), .end), (Array("\u{1B}[5~".utf8), .pageUp),
            (Array("\u{1B}[6~".utf8), .pageDown), (Array("\u{1B}[3~".utf8), .delete),
            (Array("\u{1B}OP".utf8), .function(1)),
            (Array("\u{1B}[15~".utf8), .function(5)), (Array("\u{1B}[24~".utf8), .function(12)),
            (Array("\u{1B}[Z".utf8), .backTab),
        ]
        for (bytes, event) in cases { XCTAssertEqual(decode(bytes), [event], String(decoding: bytes, as: UTF8.self)) }
    }

    func testEscapeVersusAlt() {
        XCTAssertEqual(decode([0x1B], flush: false), [], "a lone Escape waits for more input")
        XCTAssertEqual(decode([0x1B]), [.escape])
        XCTAssertEqual(decode([0x1B, 0x78]), [.character("x", alt: true)])
        XCTAssertEqual(decode([0x1B, 0x1B]), [.escape, .escape])
    }

    func testBracketedPasteIsOneEventEvenAcrossReads() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}[200~line one\nli".utf8)), [])
        XCTAssertEqual(decoder.feed(Array("ne 二\u{1B}[201~x".utf8)), [.paste("line one\nline 二"), .character("x")])
    }

    func testUTF8SplitAcrossReads() {
        var decoder = KeyDecoder()
        let bytes = Array("中".utf8)
        XCTAssertEqual(decoder.feed(Array(bytes.prefix(1))), [])
        XCTAssertEqual(decoder.feed(Array(bytes.dropFirst())), [.character("中")])
    }
}
