import Foundation
import TestSupport
import XCTest

/// Proves ncursesw links and draws wide characters where the terminal expects them: a tiny
/// program (TerminalSmoke) runs in tmux and the screen is read back.
final class NcursesSmokeTests: XCTestCase {
    private func start(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> TmuxSession {
        try requireProgram("tmux")
        let session = try TmuxSession(
            [try Products.path("TerminalSmoke")], width: width, height: height,
            environment: environment)
        addTeardownBlock { session.kill() }
        return session
    }

    func testCJKAndEmojiAreAligned() throws {
        let session = try start()
        let screen = try session.waitFor("ready")
        // Each marker was drawn at an absolute column (6, 6, 16); it lands right after the wide text
        // only if ncurses and the terminal agree that CJK and emoji take two columns.
        XCTAssertEqual(screen[0], "中文😀|")
        XCTAssertEqual(screen[1], "abcdef|")
        XCTAssertEqual(screen[2], "日本語のテキスト|")
        XCTAssertEqual(screen[3], "size 80x24")
        XCTAssertEqual(screen[4], "ready")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    func testRawModeDeliversControlKeys() throws {
        let session = try start()
        try session.waitFor("ready")
        try session.send(keys: "C-s")
        try session.waitFor("key control(\"s\")")
        try session.send(keys: "C-q")
        try session.waitFor("key control(\"q\")")
        try session.send(keys: "C-c")
        try session.waitFor("key control(\"c\")")
        try session.send(keys: "M-x")
        try session.waitFor("key character(\"x\", alt: true)")
        try session.send(keys: "Escape")
        try session.waitFor("key escape")
        try session.send(keys: "S-Up")
        try session.waitFor("key up(shift: true)")
        try session.type("京")
        try session.waitFor("key character(\"京\", alt: false)")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(timeout: 30), 0)
    }

    func testSizeComesFromTheTerminalAndFollowsResizes() throws {
        let session = try start(width: 100, height: 30)
        try session.waitFor("size 100x30")
        try session.resize(width: 60, height: 16)
        let screen = try session.waitFor("size 60x16")
        XCTAssertEqual(screen[0], "中文😀|", "the frame is redrawn at the new size")
        try session.send(keys: "q")
    }

    func testOSC52PutsTextOnTheClipboard() throws {
        let session = try start()
        try session.waitFor("ready")
        try session.setOption("set-clipboard", "on")
        try session.send(keys: "c")
        try session.send(keys: "x")
        try session.waitFor("key character(\"x\", alt: false)")
        XCTAssertEqual(try session.pasteBuffer(), "nakedblog clipboard 京")
        try session.send(keys: "q")
    }

    func testTerminalIsRestoredWhenKilled() throws {
        for signal in ["TERM", "HUP", "SEGV"] {
            let session = try start()
            try session.waitFor("ready")
            XCTAssertTrue(try session.isInAlternateScreen())
            try session.signalProgram(signal)
            let status = try session.waitForExit()
            XCTAssertNotEqual(status, 0, signal)
            XCTAssertFalse(try session.isInAlternateScreen(), "SIG\(signal): the terminal left full-screen mode")
            session.kill()
        }
    }

    func testBracketedPasteArrivesAsOneEvent() throws {
        let session = try start()
        try session.waitFor("ready")
        try session.tmuxPaste("two words 中")
        try session.waitFor("key paste(\"two words 中\")")
        try session.send(keys: "q")
    }

    func testUnusableTerminalTypesGetAClearError() throws {
        let binary = try Products.path("TerminalSmoke")
        try requireProgram("script")
        for (setting, message) in [
            ("-u TERM", "TERM is not set"), ("TERM=", "TERM is not set"), ("TERM=dumb", "TERM=dumb"),
            ("TERM=no-such-terminal-xyz", "'no-such-terminal-xyz' is unknown to ncurses"),
        ] {
            // `script` gives the program a real pty, so only TERM decides.
            let result = try Shell.run(["script", "-qec", "env \(setting) \(binary)", "/dev/null"], timeout: 10)
            XCTAssertEqual(result.status, 1, "\(setting): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains(message), "\(setting): \(result.stdout)")
        }
    }

    func testStdinNotATerminalIsRefusedAtOnce() throws {
        let binary = try Products.path("TerminalSmoke")
        let result = try Shell.run([binary], timeout: 5)
        XCTAssertFalse(result.timedOut, "must not wait or spin without a terminal")
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("needs a terminal"), result.stdout)
    }
}
