import Foundation
import TestSupport
import XCTest

/// `new`, `meta`, `draft` and `publish --undraft` on a Jekyll blog through the real binary,
/// read back by the real Jekyll (`scripts/jekyll-list`) and git.
final class JekyllCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var server: GitDaemonServer!

    override func setUpWithError() throws {
        try requireProgram("jekyll")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-jekyll-cli")
        server = try GitDaemonServer()
        let source = work.appending("source")
        // The project's own Jekyll blog: these tests run on a clone with nothing beside it.
        try PackageRoot.copyPlainJekyllSite(to: source)
        try home.git(["init", "--quiet", "--initial-branch=main", source])
        try home.git(["add", "-A"], in: source)
        try home.git(["commit", "--quiet", "-m", "Lanyon"], in: source)
        _ = try server.createRepository(named: "jblog", from: source)
    }

    override func tearDown() {
        server?.stop()
        home?.remove()
        work?.remove()
    }

    private func clone(_ name: String) throws -> String {
        try home.git(["clone", "--quiet", server.url(for: "jblog"), work.appending(name)])
        return work.appending(name)
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 120)
    }

    private func jekyllPosts(_ site: String) throws -> [String: [String: Any]] {
        let output = try Shell.check([PackageRoot.appending("scripts/jekyll-list"), site], timeout: 120)
        let rows = try JSONSerialization.jsonObject(with: Data(output.utf8)) as! [[String: Any]]
        return Dictionary(rows.map { ($0["path"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
    }

    func testNewMakesADraftThatJekyllReadsAndMetaChangesOneLine() throws {
        let site = try clone("a")
        let created = try nakedblog(["new", "Hello, Jekyll world"], in: site)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(created.stdout, "_drafts/hello-jekyll-world.md\n")
        let file = site + "/_drafts/hello-jekyll-world.md"
        XCTAssertEqual(
            try String(contentsOfFile: file, encoding: .utf8), "---\nlayout: post\ntitle: Hello, Jekyll world\n---\n\n")
        var posts = try jekyllPosts(site)
        XCTAssertEqual(posts["_drafts/hello-jekyll-world.md"]?["draft"] as? Bool, true)
        XCTAssertEqual(posts["_drafts/hello-jekyll-world.md"]?["title"] as? String, "Hello, Jekyll world")

        let before = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let meta = try nakedblog(["meta", "_drafts/hello-jekyll-world.md", "title", "Hello again"], in: site)
        XCTAssertEqual(meta.status, 0, meta.stderr)
        let after = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(before.count, after.count)
        XCTAssertEqual(zip(before, after).filter { $0 != $1 }.count, 1, "exactly one line changed")
        posts = try jekyllPosts(site)
        XCTAssertEqual(posts["_drafts/hello-jekyll-world.md"]?["title"] as? String, "Hello again")

        // A second draft of the same title does not overwrite the first.
        XCTAssertEqual(
            try nakedblog(["new", "Hello, Jekyll world"], in: site).stdout, "_drafts/hello-jekyll-world-2.md\n")
    }

    func testDraftOffAndOnMovesTheFileAndKeepsItsBytes() throws {
        let site = try clone("b")
        let original = "---\nlayout: post\ntitle: Moving\n---\r\nBody with CRLF\r\n"
        try FileManager.default.createDirectory(atPath: site + "/_drafts", withIntermediateDirectories: true)
        try original.write(toFile: site + "/_drafts/moving.md", atomically: true, encoding: .utf8)
        let off = try nakedblog(["draft", "_drafts/moving.md", "--off"], in: site)
        XCTAssertEqual(off.status, 0, off.stderr)
        let postPath = try XCTUnwrap(off.stdout.split(separator: "\n").first.map(String.init))
        XCTAssertTrue(postPath.hasPrefix("_posts/") && postPath.hasSuffix("-moving.md"), postPath)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site + "/_drafts/moving.md"))
        // Lanyon's posts carry no date: the front matter is untouched.
        XCTAssertEqual(try String(contentsOfFile: site + "/" + postPath, encoding: .utf8), original)
        XCTAssertEqual(try jekyllPosts(site)[postPath]?["draft"] as? Bool, false)

        // Back to a draft, the date stays in its name; a post again, the same file.
        let on = try nakedblog(["draft", postPath, "--on"], in: site)
        XCTAssertEqual(on.status, 0, on.stderr)
        let draftPath = "_drafts/" + postPath.dropFirst("_posts/".count)
        XCTAssertEqual(on.stdout, draftPath + "\n")
        XCTAssertEqual(try String(contentsOfFile: site + "/" + draftPath, encoding: .utf8), original)
        let again = try nakedblog(["draft", draftPath, "--off"], in: site)
        XCTAssertEqual(again.stdout, postPath + "\n", again.stderr)
        _ = try nakedblog(["draft", postPath, "--on"], in: site)

        // A name already taken is refused; nothing moves.
        try "---\ntitle: other\n---\n".write(toFile: site + "/" + postPath, atomically: true, encoding: .utf8)
        let clash = try nakedblog(["draft", draftPath, "--off"], in: site)
        XCTAssertNotEqual(clash.status, 0)
        XCTAssertTrue(clash.stderr.contains("already there"), clash.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/" + draftPath))
    }

    /// Issue 45.3: moving a published post to another month is a changed address, warned about
    /// by `check` (it was `"warnings": []`).
    func testCheckWarnsWhenAPublishedPostsAddressChanges() throws {
        let site = try clone("u")
        try FileManager.default.moveItem(
            atPath: site + "/_posts/2020-04-01-whats-jekyll.md", toPath: site + "/_posts/2020-05-01-whats-jekyll.md")
        let check = try nakedblog(["check", "--json", "--no-build", "_posts/2020-05-01-whats-jekyll.md"], in: site)
        XCTAssertEqual(check.status, 0, check.stderr)
        let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any]
        let warnings = ((report["posts"] as! [[String: Any]])[0]["warnings"] as? [String]) ?? []
        XCTAssertTrue(
            warnings.contains {
                $0.contains("its address changes from /2020/04/01/whats-jekyll/ to /2020/05/01/whats-jekyll/")
            },
            "\(warnings)")
        let plain = try nakedblog(["check", "--no-build", "_posts/2020-05-01-whats-jekyll.md"], in: site)
        XCTAssertTrue(
            plain.stdout.contains("warning: _posts/2020-05-01-whats-jekyll.md: its address changes"), plain.stdout)
    }

    func testPublishUndraftPushesTheRenameAndJekyllListsAPost() throws {
        let site = try clone("c")
        let created = try nakedblog(["new", "Fresh from the draft"], in: site)
        let draft = created.stdout.trimmingCharacters(in: .newlines)
        try home.git(["add", draft], in: site)
        try home.git(["commit", "--quiet", "-m", "Draft"], in: site)
        try home.git(["push", "--quiet"], in: site)
        try FileManager.default.createDirectory(atPath: site + "/_drafts/unrelated", withIntermediateDirectories: true)
        try "not committed\n".write(toFile: site + "/_drafts/unrelated/notes.md", atomically: true, encoding: .utf8)
        let file = site + "/" + draft
        try (try String(contentsOfFile: file, encoding: .utf8) + "Words for the post.\n").write(
            toFile: file, atomically: true, encoding: .utf8)

        let published = try nakedblog(["publish", "--undraft", draft], in: site)
        XCTAssertEqual(published.status, 0, published.stderr)
        let remote = server.root + "/jblog.git"
        let tree = try home.git(["ls-tree", "-r", "--name-only", "main"], in: remote).split(separator: "\n").map(
            String.init)
        let posts = tree.filter { $0.hasPrefix("_posts/") && $0.hasSuffix("-fresh-from-the-draft.md") }
        XCTAssertEqual(posts.count, 1, tree.joined(separator: "\n"))
        XCTAssertFalse(tree.contains(draft))
        XCTAssertFalse(tree.contains("_drafts/unrelated/notes.md"), "only the post is committed")
        let status = try home.git(["show", "-M", "--name-status", "--format=", "main"], in: remote)
        XCTAssertTrue(status.hasPrefix("R"), "one rename: \(status)")
        XCTAssertEqual(status.split(separator: "\n").count, 1, status)
        XCTAssertEqual(try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Publish: Fresh from the draft")

        let fresh = try clone("fresh")
        let listed = try jekyllPosts(fresh)
        XCTAssertEqual(listed[posts[0]]?["draft"] as? Bool, false)
        XCTAssertEqual(listed[posts[0]]?["title"] as? String, "Fresh from the draft")
        XCTAssertNil(listed[draft])
    }

    func testPublishCommitsThePostAndTheNewImagesItRefersToAndNothingElse() throws {
        let site = try clone("d")
        try FileManager.default.createDirectory(atPath: site + "/assets/images", withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: site + "/assets/images/new-photo.png"))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: site + "/assets/images/unrelated.png"))
        let post = "_posts/2020-04-01-whats-jekyll.md"
        try
            (try String(contentsOfFile: site + "/" + post, encoding: .utf8)
            + "\n![A photo](/assets/images/new-photo.png)\n")
            .write(toFile: site + "/" + post, atomically: true, encoding: .utf8)
        let published = try nakedblog(["publish", post], in: site)
        XCTAssertEqual(published.status, 0, published.stderr)
        let remote = server.root + "/jblog.git"
        XCTAssertEqual(
            try home.git(["show", "--name-only", "--format=", "main"], in: remote).split(separator: "\n").sorted(),
            ["_posts/2020-04-01-whats-jekyll.md", "assets/images/new-photo.png"])
        XCTAssertEqual(try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Update: What's Jekyll?")
    }
}
