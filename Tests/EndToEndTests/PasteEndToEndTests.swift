import Foundation
import TestSupport
import XCTest

/// A long bracketed paste lands as one edit, its CRs in the file's own line ending, while the
/// app stays responsive: SIGTERM during a paste is honoured at once and the text is journaled.
final class PasteEndToEndTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-paste-e2e")
    }

    override func tearDown() {
        session?.kill()
        home.remove()
        work.remove()
    }

    private func openDemoPost() throws -> (TmuxSession, String) {
        let site = work.appending("site")
        try PackageRoot.copyDemo(to: site)
        let post = "content/posts/cold-brew-ratios/index.md"
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site + "/" + post], environment: home.environment, directory: site)
        self.session = session
        _ = try session.waitFor("Ln 1", timeout: 15)
        return (session, site + "/" + post)
    }

    /// About `bytes` of prose in lines ending in LF (tmux sends each as CR).
    private func writeProse(_ bytes: Int) throws -> (file: String, text: String) {
        let line = "Paste this sentence about tea, ratios and patience, then paste it again.\n"
        let text = String(repeating: line, count: bytes / line.utf8.count)
        let file = work.appending("paste.txt")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (file, text)
    }

    func testAMegabytePasteLandsAsOneEditInTheFilesLineEndings() throws {
        let (session, file) = try openDemoPost()
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let (pasteFile, text) = try writeProse(1 << 20)
        try session.tmuxPasteFile(pasteFile)
        // The cursor ends after the paste, at the start of the post's first line.
        _ = try session.waitFor("Ln \(text.split(separator: "\n").count + 1), Col 1", timeout: 60)
        try session.send(keys: "C-s")
        _ = try session.waitFor("Saved", timeout: 30)
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertEqual(saved.utf8.count, original.utf8.count + text.utf8.count, "every byte of the paste arrived")
        XCTAssertFalse(saved.utf8.contains(0x0D), "pasted CRs became the file's LF endings")
        XCTAssertTrue(saved == text + original, "the paste went in at the cursor, the post after it unchanged")
        // One undo step takes the whole paste away.
        try session.send(keys: "C-z")
        try session.send(keys: "C-s")
        _ = try session.waitUntil("undone and saved", timeout: 30) { _ in
            (try? String(contentsOfFile: file, encoding: .utf8)) == original
        }
    }

    func testSIGTERMDuringALongPasteIsHonouredAndNothingIsLost() throws {
        let (session, _) = try openDemoPost()
        try session.type("typed before ")
        let (pasteFile, _) = try writeProse(5 << 20)
        try session.tmuxPasteFile(pasteFile)
        usleep(300_000)
        let started = Date()
        try session.signalProgram("TERM")
        let status = try session.waitForExit(timeout: 20)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "SIGTERM waited for the paste")
        XCTAssertNotEqual(status, 139, "no crash")
        let journal = try FileManager.default.subpathsOfDirectory(atPath: home.path).filter {
            $0.contains("recovery/") && $0.hasSuffix("index.md")
        }
        XCTAssertFalse(journal.isEmpty, "the typed text was journaled on SIGTERM")
    }
}

/// `nakedblog PATH` for something that is not a post: one line on stderr, exit 2, no full screen.
final class OpenByPathCommandTests: XCTestCase {
    func testWhatCannotBeOpenedExitsWithAUsageError() throws {
        let home = try TestHome()
        defer { home.remove() }
        let nakedblog = try Products.path("nakedblog")
        for (arguments, expected) in [
            (["demo/content/posts/nope.md"], "no such file"), (["Package.swift"], "not a post"),
            (["/tmp"], "not inside a Hugo or Jekyll site"),
        ] {
            let result = try Shell.run(
                [nakedblog] + arguments, in: PackageRoot.path, environment: home.environment, timeout: 30)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        }
    }
}
