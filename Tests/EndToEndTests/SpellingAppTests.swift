import Foundation
import TestSupport
import XCTest

/// Spell-checking in the full-screen app, in tmux against a real remote and the real en_US
/// dictionary: the word is underlined on the terminal, F7 offers suggestions, `a` adds the word
/// to the site's list, the publish sheet warns of a misspelling and F7 there goes to it, and
/// the word list is published with the post.
final class SpellingAppTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var sessions: [TmuxSession] = []

    override func setUpWithError() throws {
        try requireProgram("tmux")
        try requireEnglishDictionary()
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-spell-app")
    }

    override func tearDown() {
        sessions.forEach { $0.kill() }
        home.remove()
        work.remove()
    }

    func testUnderlineSuggestionsWordsAndThePublishSheet() throws {
        let (clone, remote) = try home.demoClone(in: work)
        let session = try TmuxSession(
            [try Products.path("nakedblog"), clone + "/content/posts/summit-in-the-fog/index.md"],
            width: 80, height: 24, environment: home.environment, directory: work.path)
        sessions.append(session)
        _ = try session.waitFor("F7 1 misspelled")
        // Underlined on the terminal (SGR 4), nothing else is.
        let escaped = try session.screenWithEscapes()
        XCTAssertNotNil(
            escaped.range(of: "\u{1B}\\[[0-9;]*4[0-9;]*m(\u{1B}\\[[0-9;]*m)*metres", options: .regularExpression),
            escaped)

        try session.send(keys: "F7")
        _ = try session.waitFor("“metres” is not in the en_US dictionary")
        _ = try session.waitFor("1  meters")
        try session.type("a")
        _ = try session.waitFor("added to .nakedblog/words.txt")
        XCTAssertEqual(try String(contentsOfFile: clone + "/.nakedblog/words.txt", encoding: .utf8), "metres\n")
        _ = try session.waitUntil("no misspelling shown") { !$0.joined().contains("misspelled") }

        // A new misspelling: the sheet warns and F7 goes to it.
        try session.send(keys: "C-f")
        try session.type("quiet")
        try session.send(keys: "Enter", "Escape")
        try session.type("Zorpf ")
        try session.send(keys: "C-p")
        _ = try session.waitFor("⚠ 1 misspelled word (F7 goes to the first)", timeout: 20)
        try session.send(keys: "F7")
        _ = try session.waitFor("“Zorpf” is not in the en_US dictionary")
        try session.send(keys: "Escape")
        try session.send(keys: "C-p")
        _ = try session.waitFor("misspelled word (F7", timeout: 20)
        try session.send(keys: "C-f")
        _ = try session.waitFor("Published ", timeout: 30)
        let files = try home.git(["show", "--name-only", "--format=", "main"], in: remote)
        XCTAssertTrue(files.contains(".nakedblog/words.txt"), files)
        XCTAssertTrue(files.contains("content/posts/summit-in-the-fog/index.md"), files)
        try session.send(keys: "Escape", "Escape")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0, "the app quits cleanly")
    }
}
