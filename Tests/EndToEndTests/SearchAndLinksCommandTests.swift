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
}
