import Foundation
import TestSupport
import XCTest

/// `nakedblog status`, `publish` and `sync` through the real binary; results checked with git.
final class PublishCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var server: GitDaemonServer!
    private var remote: String!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-publish-cli")
        server = try GitDaemonServer()
        let fixture = try BlogFixture.make(.init(posts: 6, imagesPerPost: 1, imageBytes: 2_000, commits: 3))
        remote = try server.createRepository(named: "blog", from: fixture.path)
    }

    override func tearDown() {
        server.stop()
        home.remove()
        work.remove()
    }

    private func clone(_ name: String) throws -> String {
        try home.git(["clone", "--quiet", server.url(for: "blog"), work.appending(name)])
        return work.appending(name)
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 120)
    }

    /// A page with readable front matter (a publish of one without is refused: exit 6).
    private func page(_ body: String) -> String { "---\ntitle: Test\n---\n" + body }

    private func firstPost(_ clone: String) throws -> String {
        "content/posts/" + (try FileManager.default.contentsOfDirectory(atPath: clone + "/content/posts").sorted()[0])
    }

    func testPublishAPostFileCommitsItsBundleWithItsTitle() throws {
        let clone = try clone("a")
        let post = try firstPost(clone)
        let page = "\(clone)/\(post)/index.md"
        let text = try String(contentsOfFile: page, encoding: .utf8)
        try (text + "\nMore words.\n").write(toFile: page, atomically: true, encoding: .utf8)
        try Data([9, 9]).write(to: URL(fileURLWithPath: "\(clone)/\(post)/extra.png"))
        let title = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("title:") })
            .dropFirst("title:".count).trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\"'"))

        let result = try nakedblog(["publish", "\(post)/index.md"], in: clone)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Committed "), result.stderr)
        XCTAssertTrue(result.stdout.contains("Published 1 commit to origin/main"), result.stdout)
        XCTAssertEqual(try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Update: \(title)")
        XCTAssertEqual(
            try home.git(["show", "--name-only", "--format=", "main"], in: remote).split(separator: "\n").sorted(),
            ["\(post)/extra.png", "\(post)/index.md"])
    }

    /// Issue 58.1: a pushed Hugo draft published with `--undraft` is a first publish, committed
    /// as the app's `P` commits it: `Publish: <title>` (it was `Update: <title>`).
    func testUndraftingAPushedDraftIsCommittedAsAPublish() throws {
        let clone = try clone("draft")
        let post = try firstPost(clone)
        let page = "\(clone)/\(post)/index.md"
        let text = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertTrue(text.contains("draft: false"), text)
        try text.replacingOccurrences(of: "draft: false", with: "draft: true").write(
            toFile: page, atomically: true, encoding: .utf8)
        XCTAssertEqual(try nakedblog(["publish", "-m", "A draft", "\(post)/index.md"], in: clone).status, 0)
        let published = try nakedblog(["publish", "--undraft", "\(post)/index.md"], in: clone)
        XCTAssertEqual(published.status, 0, published.stderr)
        let subject = try home.git(["log", "-1", "--format=%s", "main"], in: remote)
        XCTAssertTrue(subject.hasPrefix("Publish: "), subject)
        XCTAssertTrue(try home.git(["show", "main:\(post)/index.md"], in: remote).contains("draft: false"))
    }

    /// Issue 60.1: a post moved in the shell and published is one rename — the old place's
    /// deletion goes with it, so the remote never serves both — and its history follows it as
    /// `git log --follow` does.
    func testAPostMovedInTheShellIsPublishedAsAMove() throws {
        let clone = try clone("moved")
        let post = try firstPost(clone)
        let moved = "content/posts/one-time-passwords"
        try FileManager.default.moveItem(atPath: clone + "/" + post, toPath: clone + "/" + moved)
        let result = try nakedblog(["publish", moved], in: clone)
        XCTAssertEqual(result.status, 0, result.stderr)
        let tree = try home.git(["ls-tree", "-r", "--name-only", "main"], in: remote)
        XCTAssertFalse(tree.contains(post + "/"), tree)
        XCTAssertTrue(tree.contains(moved + "/index.md"), tree)
        let changes = try home.git(["show", "-M", "--name-status", "--format=", "main"], in: remote)
        XCTAssertTrue(changes.split(separator: "\n").allSatisfy { $0.hasPrefix("R") }, changes)
        XCTAssertEqual(try home.git(["status", "--porcelain"], in: clone), "", "nothing left behind")
        let follow = try home.git(["log", "--follow", "--format=%H", "--", moved + "/index.md"], in: clone)
        let log = try nakedblog(["log", moved + "/index.md"], in: clone)
        XCTAssertEqual(log.status, 0, log.stderr)
        XCTAssertEqual(
            log.stdout.split(separator: "\n").filter { !$0.isEmpty }.count, follow.split(separator: "\n").count,
            log.stdout)
    }

    func testPublishingADeletedPostCommitsTheDeletion() throws {
        let clone = try clone("a")
        let post = try firstPost(clone)
        try FileManager.default.removeItem(atPath: "\(clone)/\(post)")
        let result = try nakedblog(["publish", post], in: clone)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            try home.git(["log", "-1", "--format=%s", "main"], in: remote),
            "Delete: \((post as NSString).lastPathComponent)")
        XCTAssertEqual(try home.git(["ls-tree", "-r", "--name-only", "main", post], in: remote), "")
    }

    func testStatusShowsUnpushedAndChangesAsTextAndJSON() throws {
        let clone = try clone("a")
        let post = try firstPost(clone)
        try page("x").write(toFile: "\(clone)/\(post)/index.md", atomically: true, encoding: .utf8)
        try "y".write(toFile: clone + "/todo.txt", atomically: true, encoding: .utf8)
        let commit = try nakedblog(["publish", post, "--no-push", "-m", "Local only"], in: clone)
        XCTAssertEqual(commit.status, 0, commit.stderr)
        try page("z").write(toFile: "\(clone)/\(post)/index.md", atomically: true, encoding: .utf8)

        let text = try nakedblog(["status"], in: clone + "/content")
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("On branch main"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Tracking origin/main: 1 ahead, 0 behind"), text.stdout)
        XCTAssertTrue(text.stdout.contains("Local only"), text.stdout)
        XCTAssertTrue(text.stdout.contains("new (untracked)      todo.txt"), text.stdout)
        XCTAssertTrue(text.stdout.contains("modified             \(post)/index.md"), text.stdout)

        let json = try nakedblog(["status", clone, "--json"], in: work.path)
        XCTAssertEqual(json.status, 0, json.stderr)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(object["branch"] as? String, "main")
        XCTAssertEqual(object["ahead"] as? Int, 1)
        XCTAssertEqual((object["unpushed"] as? [[String: Any]])?.first?["summary"] as? String, "Local only")
        XCTAssertEqual((object["changes"] as? [[String: Any]])?.count, 2)
    }

    /// Two clones: "theirs" pushed a change to the first post; "mine" changed the same line and has
    /// not published. Returns mine and the post.
    private func conflictingEdits() throws -> (mine: String, post: String) {
        let mine = try clone("mine"), theirs = try clone("theirs")
        let post = try firstPost(mine) + "/index.md"
        try page("their version\n").write(toFile: "\(theirs)/\(post)", atomically: true, encoding: .utf8)
        try home.git(["commit", "-qam", "Theirs"], in: theirs)
        try home.git(["push", "-q"], in: theirs)
        try page("my version\n").write(toFile: "\(mine)/\(post)", atomically: true, encoding: .utf8)
        return (mine, post)
    }

    func testConflictExitsThreeAndServerDownExitsFive() throws {
        let (mine, post) = try conflictingEdits()
        let conflict = try nakedblog(["publish", post], in: mine)
        XCTAssertEqual(conflict.status, 3, conflict.stderr)
        XCTAssertTrue(conflict.stderr.contains(post), conflict.stderr)
        XCTAssertTrue(conflict.stderr.contains("kept locally"), conflict.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8), page("my version\n"))

        let posts = try FileManager.default.contentsOfDirectory(atPath: mine + "/content/posts").sorted()
        let second = "content/posts/\(posts[1])/index.md"
        try page("offline\n").write(toFile: "\(mine)/\(second)", atomically: true, encoding: .utf8)
        server.stop()
        let down = try nakedblog(["publish", second], in: mine)
        XCTAssertEqual(down.status, 5, down.stderr)
        XCTAssertTrue(down.stderr.contains("could not be reached"), down.stderr)
    }

    /// Issue 60.3: a conflict on sync says how to settle it, and `--keep theirs` (or `mine`)
    /// settles it: the co-author's version, then the sync goes on.
    func testASyncConflictIsSettledWithKeep() throws {
        let (mine, post) = try conflictingEdits()
        XCTAssertEqual(try nakedblog(["publish", "--no-push", post], in: mine).status, 0)
        let conflict = try nakedblog(["sync"], in: mine)
        XCTAssertEqual(conflict.status, 3, conflict.stderr)
        XCTAssertTrue(conflict.stderr.contains("--keep mine|theirs"), conflict.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8), page("my version\n"))
        let kept = try nakedblog(["sync", "--keep", "theirs"], in: mine)
        XCTAssertEqual(kept.status, 0, kept.stderr)
        XCTAssertEqual(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8), page("their version\n"))
        XCTAssertEqual(try home.git(["status", "--porcelain"], in: mine), "")
        XCTAssertEqual(try nakedblog(["sync", "--keep", "both"], in: mine).status, 2, "a bad value is a usage error")
    }

    func testSyncAndBadInputs() throws {
        let mine = try clone("mine"), theirs = try clone("theirs")
        let post = try firstPost(mine) + "/index.md"
        try "news\n".write(toFile: "\(theirs)/\(post)", atomically: true, encoding: .utf8)
        try home.git(["commit", "-qam", "News"], in: theirs)
        try home.git(["push", "-q"], in: theirs)
        let synced = try nakedblog(["sync"], in: mine)
        XCTAssertEqual(synced.status, 0, synced.stderr)
        XCTAssertTrue(synced.stdout.contains("Updated main to origin/main"), synced.stdout)
        XCTAssertEqual(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8), "news\n")

        let outside = try nakedblog(["publish", "/etc/hostname"], in: mine)
        XCTAssertEqual(outside.status, 2, outside.stderr)
        XCTAssertTrue(outside.stderr.contains("outside the repository"), outside.stderr)
        let missing = try nakedblog(["publish", "content/posts/nope"], in: mine)
        XCTAssertEqual(missing.status, 2, missing.stderr)
        let notRepo = try nakedblog(["status"], in: work.path)
        XCTAssertEqual(notRepo.status, 1, notRepo.stderr)
        XCTAssertTrue(notRepo.stderr.contains("not in a git repository"), notRepo.stderr)
    }
}
