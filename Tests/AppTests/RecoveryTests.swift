import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Unsaved text is journaled, offered back, and removed after a save.
final class RecoveryTests: XCTestCase {
    func testJournalIsWrittenTwoSecondsAfterTheLastKeystroke() throws {
        var state = try AppFixture.editing()
        _ = App.update(&state, .key(.character("a")), now: 100)
        XCTAssertEqual(App.update(&state, .tick(101.5), now: 101.5), [])
        let due = App.update(&state, .tick(102.1), now: 102.1)
        XCTAssertEqual(
            due, [.writeJournal(path: "content/posts/cold-brew-ratios/index.md", text: state.editor!.editor.text)])
        XCTAssertEqual(App.update(&state, .tick(110), now: 110), [], "once per revision")
    }

    func testRecoveryOfferRecoverDiscardAndDiff() throws {
        var state = try AppFixture.editing()
        let original = state.editor!.editor.text
        let journal = original + "\nA paragraph that was never saved.\n"
        _ = App.update(
            &state,
            .recoveryFound(
                path: "content/posts/cold-brew-ratios/index.md", text: journal,
                changedLines: LineDiff.changedLineCount(old: original, new: journal)), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "recovery-offer")
        _ = AppFixture.send(&state, .character("v"))
        XCTAssertTrue(AppFixture.lines(state).contains { $0.contains("+ A paragraph that was never saved.") })
        _ = AppFixture.send(&state, .enter)
        guard case .recovery? = state.overlay else { return XCTFail("the offer comes back after viewing") }
        _ = AppFixture.send(&state, .character("r"))
        XCTAssertEqual(state.editor?.editor.text, journal)
        XCTAssertTrue(state.editor?.editor.isDirty ?? false, "recovered text is unsaved until Ctrl-S")

        var other = try AppFixture.editing()
        _ = App.update(
            &other,
            .recoveryFound(
                path: "content/posts/cold-brew-ratios/index.md", text: journal,
                changedLines: LineDiff.changedLineCount(old: original, new: journal)), now: 0)
        XCTAssertEqual(
            AppFixture.send(&other, .character("d")), [.discardJournal(path: "content/posts/cold-brew-ratios/index.md")]
        )
        XCTAssertEqual(other.editor?.editor.text, original)
    }

    func testDiskConflictChoices() throws {
        var state = try AppFixture.editing()
        AppFixture.type(&state, "mine ")
        _ = App.update(&state, .saveConflict(path: "content/posts/cold-brew-ratios/index.md"), now: 0)
        assertSnapshot(AppFixture.lines(state), named: "disk-conflict")
        let overwrite = AppFixture.send(&state, .character("o"))
        XCTAssertEqual(
            overwrite,
            [
                .save(
                    path: "content/posts/cold-brew-ratios/index.md", text: state.editor!.editor.text,
                    revision: state.editor!.editor.revision, overwrite: true)
            ])
    }

    func testJournalFilesAndLineDiff() throws {
        let home = try TemporaryDirectory(prefix: "nb-journal")
        defer { home.remove() }
        let environment = ["XDG_STATE_HOME": home.path]
        try RecoveryJournal.write(
            "text 日本", root: "/srv/blog", post: "content/posts/a/index.md", environment: environment)
        let file = RecoveryJournal.file(root: "/srv/blog", post: "content/posts/a/index.md", environment: environment)
        XCTAssertTrue(file.hasPrefix(home.path + "/nakedblog/recovery/%2Fsrv%2Fblog/"))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(
            RecoveryJournal.read(root: "/srv/blog", post: "content/posts/a/index.md", environment: environment),
            "text 日本")
        RecoveryJournal.remove(root: "/srv/blog", post: "content/posts/a/index.md", environment: environment)
        XCTAssertNil(
            RecoveryJournal.read(root: "/srv/blog", post: "content/posts/a/index.md", environment: environment))
        XCTAssertEqual(LineDiff.lines(old: "a\nb\nc\nd\ne", new: "a\nb\nX\nd\ne"), ["  b", "- c", "+ X", "  d"])
        XCTAssertEqual(LineDiff.lines(old: "same", new: "same"), ["(no differences)"])
    }

    func testLineDiffSplitsCRLFLinesAndStaysBoundedOnLongPosts() {
        // CRLF lines are lines (a Character split on "\n" saw one line), shown without their CR.
        XCTAssertEqual(LineDiff.lines(old: "a\r\nb\r\nc\r\n", new: "a\r\nB\r\nc\r\n"), ["  a", "- b", "+ B", "  c"])
        XCTAssertEqual(
            LineDiff.changedLineCount(old: "a\r\nb\r\n", new: "a\nb\r\n"), 2, "a changed ending is a changed line")
        // A long post edited in one place: counted exactly (it said 0 past 2,000 lines).
        let long = (0..<40_000).map { "line \($0)" }.joined(separator: "\n")
        XCTAssertEqual(
            LineDiff.changedLineCount(
                old: long, new: long.replacingOccurrences(of: "line 20000\n", with: "line 20000 typed\n")), 2)
        // Nothing in common over a long stretch: removed and added whole, not a 40,000² table.
        let other = (0..<40_000).map { "other \($0)" }.joined(separator: "\n")
        XCTAssertEqual(LineDiff.changedLineCount(old: long, new: other), 80_000)
    }
}
