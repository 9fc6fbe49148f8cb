import Foundation
import TestSupport
import XCTest

/// A post's history end to end in tmux (issue 48): a renamed Jekyll post's whole life, one
/// changed word shown as that word, then an unpublish and an undone publish that reach the
/// remote as new commits while its history keeps every old one.
final class HistoryEndToEndTests: XCTestCase {
    func testHistoryCompareUnpublishAndUndoReachTheRemote() throws {
        try requireProgram("tmux")
        let home = try TestHome()
        let work = try TemporaryDirectory(prefix: "nb-history-e2e")
        defer { home.remove(); work.remove() }
        let site = try JekyllLife.make(work)
        let remote = work.appending("remote.git")
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site + "/_posts/2020-01-01-hello.md"], width: 100, height: 30,
            environment: home.environment)
        defer { session.kill() }
        try session.waitFor("Ln 1, Col 1", timeout: 15)
        try session.send(keys: "M-h")
        try session.waitFor("Draft: Hello", timeout: 10)
        try session.waitFor("[live, first published, moved]")
        try session.send(keys: "Down", "Enter")
        try session.waitFor("title: Hello → Hello again")
        try session.waitFor("the quickslow walk")
        try session.send(keys: "Escape", "Escape")

        // Unpublish: a draft again, committed and pushed through the sheet.
        try session.send(keys: "M-h")
        try session.waitFor("Draft: Hello")
        try session.send(keys: "u")
        try session.waitFor("Take this post off the site")
        try session.send(keys: "y")
        try session.waitFor("Unpublish: Hello again", timeout: 15)
        try session.waitFor("/2020/01/01/hello.html stops existing")
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 60)
        let log = { try Shell.check(["git", "--git-dir", remote, "log", "--format=%s", "main"]) }
        XCTAssertEqual(
            try log(),
            ["Unpublish: Hello again", "Update: Hello again", "Publish: Hello", "Update: Hello", "Draft: Hello"]
                .joined(separator: "\n"))
        XCTAssertTrue(
            try Shell.check(["git", "--git-dir", remote, "ls-tree", "-r", "--name-only", "main"]).contains(
                "_drafts/2020-01-01-hello.md"))
        try session.send(keys: "Escape")
        // Back on the list after the publish: `h` there.
        try session.waitFor("1 of 1 posts · 1 draft")
        try session.send(keys: "h")
        try session.waitFor("Unpublish: Hello again")
        try session.send(keys: "U")
        try session.waitFor("Undo the last publish")
        try session.send(keys: "y")
        try session.waitFor("Revert \"Unpublish: Hello again\"", timeout: 15)
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 60)
        let subjects = try log().split(separator: "\n").map(String.init)
        XCTAssertEqual(subjects.first, "Revert \"Unpublish: Hello again\"")
        XCTAssertEqual(subjects.count, 6, "every old commit is kept")
        let tree = try Shell.check(["git", "--git-dir", remote, "ls-tree", "-r", "--name-only", "main"])
        XCTAssertTrue(tree.contains("_posts/2020-01-01-hello.md") && !tree.contains("_drafts/"), tree)
    }
}
