import Foundation
import Harness
import TestSupport
import XCTest

/// Issue 49: the real binary in a pseudo-terminal whose other end answers as a terminal would:
/// it asks which pictures the terminal draws, and the preview's pictures then arrive as sixel
/// or kitty graphics — the escape sequences read here — placed at their cells; typing beside
/// them does not send them again.
final class PreviewPictureTerminalTests: XCTestCase {
    private func open(answering answer: String) throws -> (PseudoTerminal, TestHome, TemporaryDirectory) {
        try requireProgram("vips")
        let home = try TestHome()
        let site = try TemporaryDirectory(prefix: "nb-preview-pictures")
        try PackageRoot.copyDemo(to: site.path)
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(
            [try Products.path("nakedblog"), site.path + "/content/posts/summit-in-the-fog/index.md"],
            environment: environment, columns: 120, rows: 40)
        // The questions, last the device attributes every terminal answers.
        let asked = terminal.read(timeout: 15) { String(decoding: $0, as: UTF8.self).contains("\u{1B}[c") }
        XCTAssertTrue(
            asked.satisfied, "no question asked: \(String(decoding: asked.bytes, as: UTF8.self).debugDescription)")
        XCTAssertTrue(String(decoding: asked.bytes, as: UTF8.self).contains("\u{1B}_Gi=31,s=1,v=1,a=q"))
        terminal.write(answer)
        return (terminal, home, site)
    }

    private static func count(_ needle: String, in bytes: [UInt8]) -> Int {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    func testASixelTerminalGetsSixelsAndTypingDoesNotResendThem() throws {
        let (terminal, home, site) = try open(answering: "\u{1B}[6;20;10t\u{1B}[?62;4;22c")
        defer { terminal.terminate(); home.remove(); site.remove() }
        let shown = terminal.read(timeout: 20) { Self.count("\u{1B}\\\u{1B}8", in: $0) >= 2 }
        let text = String(decoding: shown.bytes, as: UTF8.self)
        XCTAssertTrue(shown.satisfied, "two pictures: \(text.suffix(600).debugDescription)")
        // Each one: cursor saved, moved into the preview pane (column 62), the sixel, cursor back.
        let placements = text.components(separatedBy: "\u{1B}7\u{1B}[").dropFirst().map { String($0.prefix(12)) }
        XCTAssertEqual(placements.count, 2, "\(placements)")
        for placement in placements {
            XCTAssertTrue(placement.contains(";62H\u{1B}P"), placement.debugDescription)
        }
        XCTAssertFalse(text.contains("\u{1B}_Ga=T"), "no kitty graphics for a sixel terminal")

        // Typing in the paragraph between them: neither is sent again while its cells stay.
        terminal.write("\u{07}21\r\u{1B}[F")  // Ctrl-G 21: the paragraph between the pictures, at its end
        _ = terminal.drain(for: 1.0)
        var typed: [UInt8] = []
        for letter in "wyzq" {
            terminal.write(String(letter))
            typed += terminal.drain(for: 0.2)
        }
        typed += terminal.drain(for: 1.0)
        XCTAssertEqual(Self.count("\u{1B}P", in: typed), 0, "a picture sent again: \(typed.count) bytes")
        print(
            "PreviewPictureTerminalTests: \(typed.count) bytes for 4 typed characters beside two sixel pictures, \(Self.count("\u{1B}P", in: typed)) sent again"
        )
    }

    func testAKittyTerminalGetsKittyGraphics() throws {
        let (terminal, home, site) = try open(answering: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        defer { terminal.terminate(); home.remove(); site.remove() }
        let shown = terminal.read(timeout: 20) { Self.count("\u{1B}_Ga=p,i=", in: $0) >= 2 }
        XCTAssertTrue(shown.satisfied, String(decoding: shown.bytes.suffix(400), as: UTF8.self).debugDescription)
        XCTAssertEqual(Self.count("\u{1B}_Ga=t,i=", in: shown.bytes), 2, "each picture's pixels sent once")
        // The preview hidden and shown again (Ctrl-T twice): the pictures are placed again, and
        // their pixels, which kitty keeps, are not sent again.
        terminal.write("\u{14}")
        let hidden = terminal.drain(for: 1.0)
        XCTAssertEqual(Self.count("\u{1B}_Ga=d,d=a", in: hidden), 1, "placements taken away")
        terminal.write("\u{14}")
        let again = terminal.read(timeout: 10) { Self.count("\u{1B}_Ga=p,i=", in: $0) >= 2 }
        XCTAssertTrue(again.satisfied, String(decoding: again.bytes, as: UTF8.self).debugDescription)
        XCTAssertEqual(Self.count("\u{1B}_Ga=t,", in: again.bytes), 0, "no pixels sent again")
    }

    /// `nakedblog preview` asks too, and prints each picture above its line.
    func testThePreviewCommandPrintsPicturesAsTheTerminalAnswers() throws {
        try requireProgram("vips")
        let home = try TestHome()
        defer { home.remove() }
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(
            [
                try Products.path("nakedblog"), "preview",
                PackageRoot.appending("demo/content/posts/summit-in-the-fog/index.md"),
            ],
            environment: environment, columns: 100, rows: 30)
        defer { terminal.terminate() }
        XCTAssertTrue(terminal.read(timeout: 15) { String(decoding: $0, as: UTF8.self).contains("\u{1B}[c") }.satisfied)
        terminal.write("\u{1B}[?62;4c")
        let printed = terminal.read(timeout: 20) { String(decoding: $0, as: UTF8.self).contains("Gloves") }
        let text = String(decoding: printed.bytes, as: UTF8.self)
        XCTAssertTrue(printed.satisfied, text.debugDescription)
        let sixel = try XCTUnwrap(text.range(of: "\u{1B}P"), "no sixel: \(text.debugDescription)")
        let caption = try XCTUnwrap(text.range(of: "[image: A grassy ridge under a gray sky]"))
        XCTAssertLessThan(sixel.lowerBound, caption.lowerBound, "the picture above its line")
    }
}
