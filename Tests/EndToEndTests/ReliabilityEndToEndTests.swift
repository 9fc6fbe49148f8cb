import Foundation
import TestSupport
import XCTest

/// No lost words: unsaved text survives a dropped connection (SIGHUP), SIGTERM, and a file
/// changed on disk by someone else.
final class ReliabilityEndToEndTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var sessions: [TmuxSession] = []
    private let post = "content/posts/cold-brew-ratios/index.md"

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-reliability")
        try PackageRoot.copyDemo(to: work.appending("site"))
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        work.remove()
    }

    private var site: String { work.appending("site") }

    private func openPost() throws -> TmuxSession {
        let session = try TmuxSession([try Products.path("nakedblog"), site], environment: home.environment)
        sessions.append(session)
        try session.waitFor("Plain Words", timeout: 15)
        try session.send(keys: "/")
        try session.type("cold")
        try session.send(keys: "Enter")  // one Enter opens the match
        try session.waitFor("Ln 1, Col 1", timeout: 10)
        return session
    }

    private var journals: [String] {
        let directory = home.path + "/.local/state/nakedblog/recovery"
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix("index.md") }
    }

    func testDroppedConnectionKeepsTheTextAndItIsRecovered() throws {
        let session = try openPost()
        try session.type("Words typed just before the connection dropped. ")
        try session.signalProgram("HUP")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertEqual(journals.count, 1, "the unsaved text is journaled at once on SIGHUP")
        XCTAssertFalse(
            try String(contentsOfFile: "\(site)/\(post)", encoding: .utf8).contains("Words typed"),
            "the file itself is untouched")

        let again = try openPost()
        try again.waitFor("Unsaved text found")
        try again.send(keys: "r")
        try again.waitFor("Words typed just before")
        try again.send(keys: "C-s")
        try again.waitFor("Saved ")
        XCTAssertTrue(
            try String(contentsOfFile: "\(site)/\(post)", encoding: .utf8).hasPrefix(
                "Words typed just before the connection dropped. {"))
        XCTAssertEqual(journals, [], "a successful save removes the journal")
    }

    func testJournalAboutTwoSecondsAfterTheLastKeyAndOnSIGTERM() throws {
        let session = try openPost()
        try session.type("autosaved ")
        let typed = Date()
        // 2 s after the last key, give or take a tick (and a loaded machine's slack).
        while journals.isEmpty && Date().timeIntervalSince(typed) < 4 { usleep(50_000) }
        let after = Date().timeIntervalSince(typed)
        XCTAssertEqual(journals.count, 1, "journaled about 2 s after the last keystroke")
        XCTAssertGreaterThanOrEqual(after, 1.5, "not before the pause")
        try session.type("and more ")
        try session.signalProgram("TERM")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertFalse(try session.isInAlternateScreen(), "the terminal is restored")
        let file = home.path + "/.local/state/nakedblog/recovery/" + journals[0]
        XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("autosaved and more "))
    }

    func testAFileChangedOnDiskIsNotOverwrittenSilently() throws {
        let session = try openPost()
        try session.type("mine ")
        try "{\"title\": \"Changed elsewhere\"}\nTheir text.\n".write(
            toFile: "\(site)/\(post)", atomically: true, encoding: .utf8)
        try session.send(keys: "C-s")
        try session.waitFor("Changed on disk")
        XCTAssertEqual(
            try String(contentsOfFile: "\(site)/\(post)", encoding: .utf8),
            "{\"title\": \"Changed elsewhere\"}\nTheir text.\n")
        try session.send(keys: "v")
        try session.waitFor("+ mine {")
        try session.send(keys: "Enter")
        try session.send(keys: "o")
        try session.waitFor("Saved ")
        XCTAssertTrue(try String(contentsOfFile: "\(site)/\(post)", encoding: .utf8).hasPrefix("mine {"))
    }
}
