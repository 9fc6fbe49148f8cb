import Foundation
import TestSupport
import XCTest

final class TmuxSessionTests: XCTestCase {
    func testSendsKeysReadsScreenAndExitStatus() throws {
        try requireProgram("tmux")
        let session = try TmuxSession(
            ["sh", "-c", "printf 'name? '; read name; echo \"hello $name\"; exit 7"],
            width: 40, height: 10)
        defer { session.kill() }
        try session.waitFor("name?")
        try session.type("世界")
        try session.send(keys: "Enter")
        let screen = try session.waitFor("hello 世界")
        XCTAssertEqual(screen.count, 10, "the pane has exactly the requested height (no status line)")
        XCTAssertEqual(try session.waitForExit(), 7)
    }

    func testKillWaitsForAProgramThatWritesOnItsWayOut() throws {
        try requireProgram("tmux")
        let folder = try TemporaryDirectory(prefix: "nb-tmux-exit")
        defer { folder.remove() }
        let marker = folder.appending("journal")
        // As the app does on SIGHUP: a last write, after the test would have removed its folders.
        let session = try TmuxSession([
            "sh", "-c", "trap 'sleep 0.5; touch \(marker); exit 0' HUP; echo ready; while :; do sleep 0.05; done",
        ])
        try session.waitFor("ready")
        session.kill()
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: marker), "kill() returned before the program finished writing")
    }

    func testTimeoutShowsTheScreen() throws {
        try requireProgram("tmux")
        let session = try TmuxSession(["sh", "-c", "echo something else; sleep 5"], width: 40, height: 5)
        defer { session.kill() }
        XCTAssertThrowsError(try session.waitFor("never shown", timeout: 0.5)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("never shown") && text.contains("something else"), text)
        }
    }

    func testResizeChangesTheProgramsTerminalSize() throws {
        try requireProgram("tmux")
        let session = try TmuxSession(
            ["sh", "-c", "trap 'stty size' WINCH; stty size; while :; do sleep 0.1; done"],
            width: 50, height: 12)
        defer { session.kill() }
        try session.waitFor("12 50")
        try session.resize(width: 70, height: 20)
        try session.waitFor("20 70")
    }
}
