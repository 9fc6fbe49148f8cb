import Foundation
import TestSupport
import XCTest

/// `nakedblog search` and `nakedblog check --links` as a writer runs them.
final class SearchAndLinksCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-search-links")
        try PackageRoot.copyDemo(to: work.appending("site"))
    }

    override func tearDown() {
        home.remove()
        work.remove()
    }

    private func nakedblog(_ arguments: [String]) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: work.appending("site"), environment: home.environment)
    }

    func testSearchPrintsRgRowsAndExitsLikeRg() throws {
        let found = try nakedblog(["search", "sencha"])
        XCTAssertEqual(found.status, 0)
        XCTAssertTrue(found.stdout.contains("content/posts/tea-in-kyoto/index.md:16:12:## 煎茶 (sencha)\n"), found.stdout)
        let none = try nakedblog(["search", "zeppelin"])
        XCTAssertEqual([none.status, Int32(none.stdout.count)], [1, 0])
        let bad = try nakedblog(["search", "--regex", "("])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("not a regular expression"), bad.stderr)
        let json = try nakedblog(["search", "-i", "SENCHA", "--json"])
        XCTAssertTrue(
            json.stdout.hasPrefix("[{\"column\":12,\"line\":16,\"path\":\"content/posts/tea-in-kyoto/index.md\""),
            json.stdout)
    }

    /// A broken link planted in a post is found (exit 6) with its line and the nearest page.
    func testCheckLinksFindsAPlantedBrokenLink() throws {
        let clean = try nakedblog(["check", "--links"])
        XCTAssertEqual(clean.status, 0, clean.stdout + clean.stderr)
        XCTAssertTrue(clean.stderr.contains("posts checked, 0 broken links"), clean.stderr)
        let post = work.appending("site/content/posts/cold-brew-ratios/index.md")
        let text = try String(contentsOfFile: post, encoding: .utf8)
        try (text + "\nMore in [Kyoto](/posts/tea-in-kyto/).\n").write(toFile: post, atomically: true, encoding: .utf8)
        let broken = try nakedblog(["check", "--links", "content/posts"])
        XCTAssertEqual(broken.status, 6)
        XCTAssertEqual(
            broken.stdout,
            "content/posts/cold-brew-ratios/index.md:18:17: no page at /posts/tea-in-kyto/ (did you mean /posts/tea-in-kyoto/?)\n"
        )
        let missing = try nakedblog(["check"])
        XCTAssertEqual(missing.status, 2, "without --links, posts must be named")
    }

    /// `nakedblog log` and `nakedblog diff` on a Jekyll post's whole life (piped: no colour).
    func testLogAndDiffOfARenamedPost() throws {
        let life = try TemporaryDirectory(prefix: "nb-log")
        defer { life.remove() }
        let site = try JekyllLife.make(life)
        let run = { (arguments: [String]) in
            try Shell.run([try Products.path("nakedblog")] + arguments, in: site, environment: self.home.environment)
        }
        let log = try run(["log", "_posts/2020-01-01-hello.md"])
        XCTAssertEqual(log.status, 0, log.stderr)
        let lines = log.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, log.stdout)
        XCTAssertTrue(try lines.at(1).hasSuffix("[published, live, moved from _drafts/hello.md]"), log.stdout)
        let json = try run(["log", "_posts/2020-01-01-hello.md", "--json"])
        XCTAssertTrue(json.stdout.contains("\"renamedFrom\":\"_drafts/hello.md\""), json.stdout)
        let diff = try run(["diff", "_posts/2020-01-01-hello.md", "HEAD~1", "HEAD"])
        XCTAssertEqual(diff.status, 1, "something differs")
        XCTAssertTrue(diff.stdout.hasPrefix("title: Hello → Hello again\n"), diff.stdout)
        XCTAssertTrue(diff.stdout.contains("the [-quick-]{+slow+} walk"), diff.stdout)
        XCTAssertFalse(diff.stdout.contains("\u{1B}"), "no colour when piped")
        let same = try run(["diff", "_posts/2020-01-01-hello.md"])
        XCTAssertEqual([same.status, Int32(same.stdout.count)], [0, 0], "the file is as committed")
        let missing = try run(["diff", "_posts/2020-01-01-hello.md", "nosuchrev"])
        XCTAssertTrue(missing.stderr.contains("is not in nosuchrev"), missing.stderr)
    }
}
