import Foundation
import TestSupport
import XCTest

/// The app in tmux on a Jekyll blog cloned over ssh (a real sshd on 127.0.0.1): a new post is a
/// draft; published with the sheet's "publish as a post", it lands in `_posts/` on the remote.
final class JekyllAppEndToEndTests: XCTestCase {
    /// Issue 60.2: `d` then `P` publishes what `d` did — the post leaves the site, said so on the
    /// sheet, `Unpublish: <title>` — instead of moving it straight back to `_posts/`.
    func testADraftMadeWithDIsPublishedAsAnUnpublish() throws {
        try requireProgram("tmux")
        let home = try TestHome()
        defer { home.remove() }
        let work = try TemporaryDirectory(prefix: "nb-jekyll-unpublish")
        defer { work.remove() }
        let site = work.appending("site"), remote = work.appending("remote.git")
        try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), site])
        try home.git(["init", "--quiet", "--initial-branch=main", site])
        try home.git(["add", "-A"], in: site)
        try home.git(["commit", "--quiet", "-m", "Field notes"], in: site)
        try home.git(["init", "--quiet", "--bare", remote])
        try home.git(["remote", "add", "origin", remote], in: site)
        try home.git(["push", "--quiet", "-u", "origin", "main"], in: site)

        let session = try TmuxSession(
            [try Products.path("nakedblog")], width: 80, height: 24, environment: home.environment, directory: site)
        defer { session.kill() }
        try session.waitFor("Notes from a terminal", timeout: 15)
        try session.send(keys: "Down")  // past the draft, to the newest post
        try session.waitUntil("the newest post selected") { $0.contains { $0.hasPrefix("▸Notes from a terminal") } }
        try session.send(keys: "d")
        try session.waitFor("Make it a draft?", timeout: 10)
        try session.send(keys: "y")
        try session.waitFor("Moved to _drafts/", timeout: 10)
        try session.waitUntil("the list following the move") {
            $0.contains { $0.hasPrefix("▸Notes from a terminal") && $0.contains("draft") }
        }
        try session.send(keys: "P")
        let sheet = try session.waitFor("takes it off the site", timeout: 15)
        XCTAssertTrue(sheet.joined().contains("[ ] publish as a post"), sheet.joined(separator: "\n"))
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 60)
        XCTAssertEqual(
            try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Unpublish: Notes from a terminal")
        let tree = try home.git(["ls-tree", "-r", "--name-only", "main"], in: remote)
        XCTAssertTrue(tree.contains("_drafts/2026-11-01-notes-from-a-terminal.md"), tree)
        XCTAssertFalse(tree.contains("_posts/2026-11-01-notes-from-a-terminal.md"), tree)
    }

    func testNewDraftTypedSavedAndPublishedIntoPostsOverSSH() throws {
        try requireProgram("tmux")
        try requireProgram("sshd")
        let home = try TestHome()
        defer { home.remove() }
        let work = try TemporaryDirectory(prefix: "nb-jekyll-app")
        defer { work.remove() }
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home)
        let source = work.appending("source")
        try Shell.check(["cp", "-R", PackageRoot.appending("demo-jekyll"), source])
        try home.git(["init", "--quiet", "--initial-branch=main", source])
        try home.git(["add", "-A"], in: source)
        try home.git(["commit", "--quiet", "-m", "Field notes"], in: source)
        let remote = try server.createRepository(named: "notes", from: source)
        let clone = work.appending("notes")
        try home.git(["clone", "--quiet", server.url(for: "notes"), clone])

        let session = try TmuxSession(
            [try Products.path("nakedblog")], width: 80, height: 24, environment: home.environment, directory: clone)
        defer { session.kill() }
        try session.waitFor("Bread on Sundays", timeout: 15)
        try session.send(keys: "n")
        try session.waitFor("New post", timeout: 10)
        try session.type("Winter soup")
        try session.send(keys: "Enter")
        try session.waitFor("Ln ", timeout: 10)
        try session.type("Leek and potato, every Sunday.")
        try session.send(keys: "C-s")
        try session.waitFor("Saved _drafts/winter-soup.md", timeout: 10)
        try session.send(keys: "C-p")
        try session.waitFor("publish as a post", timeout: 15)
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 30)

        let tree = try home.git(["ls-tree", "-r", "--name-only", "main"], in: remote).split(separator: "\n").map(
            String.init)
        let post = try XCTUnwrap(
            tree.first { $0.hasPrefix("_posts/") && $0.hasSuffix("-winter-soup.md") }, tree.joined(separator: "\n"))
        XCTAssertFalse(tree.contains("_drafts/winter-soup.md"))
        let text = try home.git(["show", "main:\(post)"], in: remote)
        // Titles quoted as the site's posts quote theirs; the date added plain, as the site's posts carry it.
        XCTAssertTrue(text.contains("title: \"Winter soup\""), text)
        XCTAssertNotNil(
            text.range(of: #"\ndate: 20\d\d-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}\n"#, options: .regularExpression), text)
        XCTAssertTrue(text.contains("Leek and potato, every Sunday."), text)
        XCTAssertEqual(
            try home.git(["show", "--name-only", "--format=", "main"], in: remote).split(separator: "\n").map(
                String.init), [post])
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: clone + "/_drafts/winter-soup.md"), "the draft moved, locally too")
        try session.send(keys: "Escape")
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)
    }
}
