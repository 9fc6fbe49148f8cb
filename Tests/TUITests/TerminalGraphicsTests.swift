import XCTest

@testable import TUI

/// The terminal's answers about pictures read as replies (never typed), and what the backend
/// writes for a frame's pictures: each placement once, again only when its cells were redrawn,
/// wiped when it goes, through tmux's passthrough when asked.
final class TerminalGraphicsTests: XCTestCase {
    private func decode(_ chunks: [String]) -> [KeyEvent] {
        var decoder = KeyDecoder()
        return chunks.flatMap { decoder.feed(Array($0.utf8)) } + decoder.flush()
    }

    func testRepliesAreReadAsReplies() {
        XCTAssertEqual(
            decode(["\u{1B}[?62;4;22c"]), [.terminalReply(.deviceAttributes([62, 4, 22]))], "xterm -ti 340: sixel")
        XCTAssertEqual(decode(["\u{1B}_Gi=31;OK\u{1B}\\"]), [.terminalReply(.kittyGraphics(ok: true))])
        XCTAssertEqual(
            decode(["\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\"]), [.terminalReply(.kittyGraphics(ok: false))])
        XCTAssertEqual(decode(["\u{1B}[6;20;10t"]), [.terminalReply(.cellSize(width: 10, height: 20))])
    }

    /// Over SSH an answer can come in pieces, a flush between them: it waits for its end.
    func testAnAnswerSplitAcrossReadsIsOneReply() {
        var decoder = KeyDecoder()
        var events = decoder.feed(Array("\u{1B}_Gi=31;".utf8))
        events += decoder.flush()
        events += decoder.feed(Array("OK\u{1B}\\x".utf8))
        XCTAssertEqual(events, [.terminalReply(.kittyGraphics(ok: true)), .character("x")])
    }

    func testAltKeysStillWork() {
        XCTAssertEqual(decode(["\u{1B}_"]), [.character("_", alt: true)])
        XCTAssertEqual(decode(["\u{1B}c"]), [.character("c", alt: true)])
    }

    private func graphic(y: Int = 2, id: Int = 7, kind: Graphic.Kind = .inCells, tmux: Bool = false) -> Graphic {
        Graphic(
            x: 40, y: y, columns: 10, rows: 3, kind: kind, id: id, sequence: Array("\u{1B}Pq#0~\u{1B}\\".utf8),
            throughTmux: tmux)
    }

    private func text(_ output: GraphicsOutput) -> String { String(decoding: output.bytes, as: UTF8.self) }

    func testAPlacementIsWrittenOnceAtItsCellWithTheCursorKept() {
        let first = GraphicsOutput.plan(shown: [], frame: [graphic()], changed: [], cleared: false)
        XCTAssertEqual(text(first), "\u{1B}7\u{1B}[3;41H\u{1B}Pq#0~\u{1B}\\\u{1B}8")
        XCTAssertTrue(first.repaint.isEmpty)
        let beside = [Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 3, width: 39, height: 1)]
        let same = GraphicsOutput.plan(shown: [graphic()], frame: [graphic()], changed: beside, cleared: false)
        XCTAssertEqual(same.bytes, [], "nothing changed under it (text typed beside it): nothing sent")
        let touched = GraphicsOutput.plan(
            shown: [graphic()], frame: [graphic()], changed: [Rect(x: 45, y: 3, width: 2, height: 1)], cleared: false)
        XCTAssertEqual(text(touched), text(first), "a cell under it was redrawn: written again")
        let resized = GraphicsOutput.plan(shown: [graphic()], frame: [graphic()], changed: [], cleared: true)
        XCTAssertEqual(text(resized), text(first))
    }

    func testAMovedPictureIsWipedAndWrittenWhereItNowIs() {
        let moved = GraphicsOutput.plan(shown: [graphic()], frame: [graphic(y: 5)], changed: [], cleared: false)
        XCTAssertEqual(moved.repaint.map { [$0.top, $0.count] }, [[2, 3]])
        XCTAssertTrue(text(moved).hasPrefix("\u{1B}7\u{1B}[6;41H"))
        let gone = GraphicsOutput.plan(shown: [graphic()], frame: [], changed: [], cleared: false)
        XCTAssertEqual(gone.repaint.map { [$0.top, $0.count] }, [[2, 3]])
        XCTAssertEqual(gone.bytes, [])
    }

    func testKittysLayerIsClearedBeforeItsPicturesAreWrittenAgain() {
        let kitty = graphic(kind: .kittyLayer)
        let first = GraphicsOutput.plan(shown: [], frame: [kitty], changed: [], cleared: false)
        XCTAssertFalse(text(first).contains("a=d"), "nothing to delete yet")
        let moved = GraphicsOutput.plan(
            shown: [kitty], frame: [graphic(y: 4, kind: .kittyLayer)], changed: [], cleared: false)
        XCTAssertTrue(text(moved).hasPrefix("\u{1B}_Ga=d,d=a\u{1B}\\\u{1B}7\u{1B}[5;41H"), text(moved))
        XCTAssertTrue(moved.repaint.isEmpty, "kitty's pictures are not in the cells")
        let gone = GraphicsOutput.plan(shown: [kitty], frame: [], changed: [], cleared: false)
        XCTAssertEqual(text(gone), "\u{1B}_Ga=d,d=a\u{1B}\\")
    }

    /// Kitty's pixels go once; moving the picture sends its placement alone.
    func testATransferIsSentOnce() {
        var kitty = graphic(kind: .kittyLayer)
        kitty.transfer = Graphic.Transfer(id: 42, bytes: Array("<pixels>".utf8))
        let first = GraphicsOutput.plan(shown: [], frame: [kitty], changed: [], cleared: false)
        XCTAssertTrue(text(first).hasPrefix("<pixels>\u{1B}7\u{1B}[3;41H"), text(first))
        XCTAssertEqual(first.transferred, [42])
        var moved = kitty
        moved.y = 6
        let second = GraphicsOutput.plan(
            shown: [kitty], frame: [moved], changed: [], cleared: true, transferred: first.transferred)
        XCTAssertFalse(text(second).contains("<pixels>"), text(second))
        XCTAssertTrue(text(second).contains("\u{1B}[7;41H"))
    }

    func testTmuxPassthroughDoublesEveryEscape() {
        let wrapped = GraphicsOutput.plan(shown: [], frame: [graphic(tmux: true)], changed: [], cleared: false)
        XCTAssertEqual(
            text(wrapped), "\u{1B}7\u{1B}[3;41H\u{1B}Ptmux;\u{1B}\u{1B}Pq#0~\u{1B}\u{1B}\\\u{1B}\\\u{1B}8")
        XCTAssertEqual(
            String(decoding: TerminalQueries.bytes(tmux: true), as: UTF8.self),
            "\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\\u{1B}[16t\u{1B}[c")
    }
}
