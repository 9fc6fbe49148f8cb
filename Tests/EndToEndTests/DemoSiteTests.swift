import Foundation
import TestSupport
import XCTest

/// The bundled demo blog is a real Hugo site: hugo builds it, and it holds every kind of post
/// the other tests and `make demo` rely on.
final class DemoSiteTests: XCTestCase {
    /// A copy of the demo: hugo writes a lock file into the site it reads, and a test never
    /// writes into the checkout (it may be read-only, as for `make test-user`).
    private var copy: TemporaryDirectory!
    private var demo: String { copy.path }

    override func setUpWithError() throws {
        copy = try TemporaryDirectory(prefix: "nb-demo-site")
        try PackageRoot.copyDemo(to: copy.path)
    }

    override func tearDown() { copy?.remove() }

    func testHugoBuildsTheDemoBlog() throws {
        try requireProgram("hugo")
        let out = try TemporaryDirectory(prefix: "nb-demo-build")
        defer { out.remove() }
        let result = try Shell.run(["hugo", "--source", demo, "--destination", out.path], timeout: 60)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stderr.contains("ERROR"), result.stderr)
        let published = [
            "welcome-to-nakedblog", "summit-in-the-fog", "bread-every-sunday",
            "terminal-only-week", "cold-brew-ratios", "tea-in-kyoto",
        ]
        for slug in published {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appending("posts/\(slug)/index.html")), slug)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appending("fr/posts/bread-every-sunday/index.html")))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: out.appending("posts/half-written-ideas/index.html")),
            "drafts are not published")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: out.appending("posts/next-spring-garden/index.html")),
            "a future publishDate is not published yet")
        for image in ["ridge.png", "summit.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out.appending("posts/summit-in-the-fog/\(image)")))
        }
        let welcome = try String(
            contentsOfFile: out.appending("posts/welcome-to-nakedblog/index.html"), encoding: .utf8)
        XCTAssertTrue(welcome.contains("<table>"), "GFM table rendered")
        XCTAssertTrue(welcome.contains("/posts/summit-in-the-fog/\">the walk in the fog"), "ref shortcode resolved")
        XCTAssertTrue(welcome.contains("hugo --minify"), "highlight shortcode rendered")
    }

    func testDraftsAndFuturePostsBuildWhenAsked() throws {
        try requireProgram("hugo")
        let out = try TemporaryDirectory(prefix: "nb-demo-build")
        defer { out.remove() }
        try Shell.check([
            "hugo", "--quiet", "--buildDrafts", "--buildFuture", "--source", demo, "--destination", out.path,
        ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appending("posts/half-written-ideas/index.html")))
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appending("posts/next-spring-garden/index.html")))
    }

    func testDemoCoversEveryKindOfPost() throws {
        // Columns by name: Hugo 0.131 and later add `kind` and `section` and list sections too.
        let list = try Shell.check(["hugo", "list", "all", "--source", demo]).split(separator: "\n")
        let header = try XCTUnwrap(list.first).split(separator: ",").map(String.init)
        let path = try XCTUnwrap(header.firstIndex(of: "path")), draft = try XCTUnwrap(header.firstIndex(of: "draft"))
        let kind = header.firstIndex(of: "kind")
        let rows = list.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            .filter { row in kind.map { row[$0] == "page" } ?? true }
        XCTAssertGreaterThanOrEqual(rows.count, 6)
        XCTAssertTrue(
            rows.allSatisfy { $0[path].hasPrefix("content/posts/") && $0[path].contains("/index") }, "page bundles only"
        )
        XCTAssertTrue(rows.contains { $0[draft] == "true" }, "a draft")
        XCTAssertTrue(rows.contains { $0[path].hasSuffix("index.fr.md") }, "a translation")
        func frontMatterStart(_ slug: String) throws -> Character? {
            try String(contentsOfFile: demo + "/content/posts/\(slug)/index.md", encoding: .utf8).first
        }
        XCTAssertEqual(try frontMatterStart("terminal-only-week"), "+", "TOML front matter")
        XCTAssertEqual(try frontMatterStart("cold-brew-ratios"), "{", "JSON front matter")
        XCTAssertEqual(try frontMatterStart("tea-in-kyoto"), "-", "YAML front matter")
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/archetypes/default.md"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: demo + "/archetypes/posts/index.md"), "bundle archetype")
    }

    func testHugoCreatesAPostFromTheBundleArchetype() throws {
        try requireProgram("hugo")
        let copy = try TemporaryDirectory(prefix: "nb-demo-copy")
        defer { copy.remove() }
        try Shell.check(["cp", "-R", demo + "/.", copy.path])
        try Shell.check(["hugo", "new", "posts/my-first-post", "--source", copy.path])
        let created = try String(
            contentsOfFile: copy.appending("content/posts/my-first-post/index.md"), encoding: .utf8)
        XCTAssertTrue(created.contains("title: \"My First Post\""), created)
        XCTAssertTrue(created.contains("draft: true"), created)
    }
}
