import Foundation
import TestSupport
import XCTest

/// The publish guard in the full-screen app, in tmux against a real remote: the status bar says
/// at once when the front matter stops being read; the sheet refuses the publish, Enter opens
/// the post at the line instead of pushing, and Ctrl-F publishes anyway.
final class PublishGuardAppTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-guard-app")
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        work.remove()
    }

    /// A clone of a bare remote holding the demo site; returns (clone, remote).
    private func site() throws -> (String, String) {
        try home.demoClone(in: work)
    }

    func testABrokenFrontMatterIsNoticedWhileTypingAndItsPublishRefused() throws {
        let (clone, remote) = try site()
        let before = try home.git(["rev-parse", "main"], in: remote)
        let session = try TmuxSession(
            [try Products.path("nakedblog"), clone], width: 80, height: 24,
            environment: home.environment, directory: work.path)
        sessions.append(session)
        _ = try session.waitFor("tea in Kyoto")
        try session.send(keys: "/")
        try session.type("tea in Kyoto")
        try session.send(keys: "Enter")  // one Enter opens the match
        _ = try session.waitFor("Ln 1, Col 1")
        try session.type("hello ")
        _ = try session.waitFor("⚠ front matter not read, line 1: does not start with ---")
        try session.send(keys: "C-s")
        _ = try session.waitFor("Saved content/posts/tea-in-kyoto/index.md")
        try session.send(keys: "End", "Down", "Down")
        try session.send(keys: "C-p")
        _ = try session.waitFor("Refused: content/posts/tea-in-kyoto/index.md:1: front matter")
        _ = try session.waitFor("Enter opens the post at line 1")
        try session.send(keys: "Enter")
        _ = try session.waitFor("Ln 1, Col 1")
        XCTAssertEqual(try home.git(["rev-parse", "main"], in: remote), before, "Enter pushed a refused post")
        XCTAssertEqual(
            try home.git(["status", "--porcelain"], in: clone), " M content/posts/tea-in-kyoto/index.md",
            "nothing committed")

        try session.send(keys: "C-p")
        _ = try session.waitFor("Ctrl-F publishes anyway")
        try session.send(keys: "C-f")
        _ = try session.waitFor("Published ", timeout: 30)
        XCTAssertNotEqual(try home.git(["rev-parse", "main"], in: remote), before)
        try session.send(keys: "Escape", "Escape")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }
}
