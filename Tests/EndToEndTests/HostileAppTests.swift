import Foundation
import TestSupport
import XCTest

/// The attacks through the full-screen app in tmux: a hostile title is drawn visibly without
/// shifting the screen, and a symlinked bundle published from the app is committed as a link.
final class HostileAppTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var outside: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-hostile-app")
        outside = try TemporaryDirectory(prefix: "nb-hostile-app-outside")
        try "TOP SECRET\n".write(toFile: outside.appending("secret.txt"), atomically: true, encoding: .utf8)
        try "---\ntitle: Linked Secret\ndate: 2030-01-01\n---\nbody\n".write(
            toFile: outside.appending("index.md"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        work.remove()
        outside.remove()
    }

    /// A clone of a bare remote holding the demo site; returns (clone, remote).
    private func site() throws -> (String, String) {
        try home.demoClone(in: work)
    }

    private func app(_ directory: String) throws -> TmuxSession {
        let session = try TmuxSession(
            [try Products.path("nakedblog"), directory], width: 80, height: 24,
            environment: home.environment, directory: work.path)
        sessions.append(session)
        return session
    }

    private func waitFor(_ session: TmuxSession, _ text: String, timeout: TimeInterval = 15) throws {
        do {
            _ = try session.waitFor(text, timeout: timeout)
        } catch let timeout as TmuxSession.Timeout {
            XCTFail(timeout.description)
            throw timeout
        }
    }

    func testAHostileTitleIsDrawnVisiblyAndTheScreenKeepsItsShape() throws {
        let (clone, _) = try site()
        let dir = clone + "/content/posts/evil"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try
            "---\ntitle: \"Evil \\e]0;PWNED\\a \\e[2J\\e[H \\u009B31m end\"\ndate: 2031-01-01\n---\nBody \u{1B}[2J text.\n"
            .write(toFile: dir + "/index.md", atomically: true, encoding: .utf8)
        let session = try app(clone)
        try waitFor(session, "Evil ^[]0;PWNED^G ^[[2J^[[H <9B>31m end")
        let screen = try session.screen()
        XCTAssertEqual(screen.count, 24)
        XCTAssertTrue(screen.allSatisfy { $0.count <= 80 }, screen.joined(separator: "\n"))
        try session.send(keys: "Enter")
        try waitFor(session, "Body ^[[2J text.")
        try session.send(keys: "Escape")
        try waitFor(session, "Evil ^[]0;PWNED^G")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }

    /// A bundle that is a link out of the site is refused by the publish plan: nothing of it is
    /// committed (neither the files it leads to nor the link), and the sheet says why.
    func testASymlinkedBundleIsRefusedWhenPublishedFromTheApp() throws {
        let (clone, remote) = try site()
        try FileManager.default.createSymbolicLink(
            atPath: clone + "/content/posts/linked", withDestinationPath: outside.path)
        let session = try app(clone)
        try waitFor(session, "↗ link")
        XCTAssertFalse(try session.screen().joined().contains("Linked Secret"), "listed by its path, never read")
        try session.send(keys: "/")
        try session.type("linked")
        let before = try home.git(["rev-parse", "main"], in: remote)
        try session.send(keys: "Down", "Up", "P")  // the match selected in the list
        try waitFor(session, "Cannot publish this post")
        try waitFor(session, "outside the site")
        try session.send(keys: "Enter")
        XCTAssertEqual(try home.git(["rev-parse", "main"], in: remote), before, "nothing was pushed")
        let tree = try home.git(["ls-tree", "-r", "main"], in: remote)
        XCTAssertFalse(tree.contains("content/posts/linked"), tree)
        XCTAssertFalse(tree.contains("secret.txt"), tree)
        let grep = try Shell.run(
            ["git", "grep", "-l", "TOP SECRET", "main"], in: remote, environment: home.environment)
        XCTAssertNotEqual(grep.status, 0, "the secret reached the remote: \(grep.stdout)")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }

    /// Attack 1, end to end on a shared server: the repository's `.nakedblog/words.txt` is a
    /// committed link to `../.git/config`, which holds a token. F7 then `a` on a misspelled word
    /// is refused in one line, and the publish that follows sends the remote nothing of `.git`:
    /// the word list is still the attacker's link, never the token.
    func testAWordListLinkedIntoGitNeverPutsTheTokenOnTheRemote() throws {
        try requireEnglishDictionary()
        let (clone, remote) = try site()
        try FileManager.default.createDirectory(atPath: clone + "/.nakedblog", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: clone + "/.nakedblog/words.txt", withDestinationPath: "../.git/config")
        try home.git(["add", ".nakedblog/words.txt"], in: clone)
        try home.git(["commit", "-qm", "Add the word list"], in: clone)
        try home.git(["push", "-q", "origin", "main"], in: clone)
        try home.git(["config", "nakedblog.token", "SECRET-TOKEN-77"], in: clone)
        let session = try TmuxSession(
            [
                try Products.path("nakedblog"), "--restricted", "--role", "editor", "--author", "Eve <eve@example.com>",
                clone + "/content/posts/summit-in-the-fog/index.md",
            ],
            width: 80, height: 24, environment: home.environment, directory: work.path)
        sessions.append(session)
        try waitFor(session, "F7 1 misspelled")
        try session.send(keys: "F7")
        try waitFor(session, "1  meters")
        try session.type("a")
        try waitFor(session, "“metres” not added: .nakedblog/words.txt: refused: leads into .git")
        XCTAssertFalse(try session.screen().joined().contains("SECRET-TOKEN-77"))
        try session.type("Hello ")
        try session.send(keys: "C-p")
        try waitFor(session, "Enter publishes", timeout: 30)
        try session.send(keys: "Enter")
        try waitFor(session, "Published ", timeout: 60)
        let grep = try Shell.run(
            ["git", "grep", "-l", "SECRET-TOKEN-77", "main"], in: remote, environment: home.environment)
        XCTAssertNotEqual(grep.status, 0, "the token reached the remote: \(grep.stdout)")
        let entry = try home.git(["ls-tree", "main", ".nakedblog/words.txt"], in: remote)
        XCTAssertTrue(entry.hasPrefix("120000 "), "still the link: \(entry)")
        XCTAssertEqual(try home.git(["cat-file", "-p", "main:.nakedblog/words.txt"], in: remote), "../.git/config")
        XCTAssertTrue(
            try home.git(["show", "main:content/posts/summit-in-the-fog/index.md"], in: remote).contains("Hello "))
        try session.send(keys: "Escape", "Escape")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }
}
