import Foundation
import TestSupport
import XCTest

final class BlogFixtureTests: XCTestCase {
    private var cache: TemporaryDirectory!

    override func setUpWithError() throws {
        cache = try TemporaryDirectory(prefix: "nb-fixture-cache")
        setenv("NAKEDBLOG_FIXTURE_CACHE", cache.path, 1)
    }

    override func tearDown() {
        unsetenv("NAKEDBLOG_FIXTURE_CACHE")
        cache.remove()
    }

    func testGeneratesPageBundlesWithImagesAndHistory() throws {
        let fixture = try BlogFixture.make(.init(posts: 25, imagesPerPost: 2, imageBytes: 5_000, commits: 5))
        let posts = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/content/posts")
        XCTAssertEqual(posts.count, 25)
        for post in posts {
            let bundle = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/content/posts/" + post)
            XCTAssertEqual(Set(bundle), ["index.md", "image-1.jpg", "image-2.jpg"])
        }
        let index = try String(
            contentsOfFile: fixture.path + "/content/posts/" + posts.sorted()[0] + "/index.md", encoding: .utf8)
        XCTAssertTrue(index.hasPrefix("---\ntitle: \""), index)
        XCTAssertTrue(index.contains("\ndraft: "))
        let commits = try Shell.check(["git", "rev-list", "--count", "HEAD"], in: fixture.path)
        XCTAssertEqual(commits, "6", "site commit + 5 post commits")
        let status = try Shell.check(["git", "status", "--porcelain"], in: fixture.path)
        XCTAssertEqual(status, "", "work tree matches HEAD")
        try Shell.check(["git", "fsck", "--no-progress"], in: fixture.path)
    }

    func testSameSpecIsCachedAndDeterministic() throws {
        let spec = BlogFixture.Spec(posts: 10, commits: 3, seed: 42)
        let first = try BlogFixture.make(spec)
        let head = try Shell.check(["git", "rev-parse", "HEAD"], in: first.path)
        let marker = first.path + "/.git/nakedblog-fixture-complete"
        let stamp = try FileManager.default.attributesOfItem(atPath: marker)[.modificationDate] as? Date
        let second = try BlogFixture.make(spec)
        XCTAssertEqual(second.path, first.path)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: marker)[.modificationDate] as? Date, stamp,
            "a cached fixture is reused, not regenerated")
        // Same spec elsewhere gives the same commit ids: the generator is deterministic.
        try FileManager.default.removeItem(atPath: first.path)
        let regenerated = try BlogFixture.make(spec)
        XCTAssertEqual(try Shell.check(["git", "rev-parse", "HEAD"], in: regenerated.path), head)
    }

    func testHugoBuildsAGeneratedBlog() throws {
        try requireProgram("hugo")
        let fixture = try BlogFixture.make(.init(posts: 12, commits: 2))
        let out = try TemporaryDirectory(prefix: "nb-hugo-out")
        defer { out.remove() }
        let list = try Shell.check(["hugo", "list", "all", "--source", fixture.path])
        // hugo lists drafts too with `list all`: one header line plus one line per post.
        XCTAssertEqual(list.split(separator: "\n").count, 13, list)
        try Shell.check(["hugo", "--quiet", "--source", fixture.path, "--destination", out.path])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.path + "/index.html"))
    }
}
