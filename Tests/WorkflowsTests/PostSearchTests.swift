import Blog
import Foundation
import Harness
import TestSupport
import TextSearch
import XCTest

@testable import Workflows

/// The search across posts, against `rg --vimgrep` as the oracle: the same rows, in the same form.
final class PostSearchTests: XCTestCase {
    private func rows(_ hits: [PostSearch.Hit]) -> [String] {
        hits.map { "\($0.path):\($0.line):\($0.column):\($0.text)" }
    }

    /// Literal, ignoring case, whole words and regular expressions on the demo site give what
    /// rg gives over the same page files.
    func testTheDemoSiteSearchesAsRgDoes() throws {
        try requireProgram("rg")
        let site = try Site.open(containing: PackageRoot.path + "/demo")
        let cases: [(SearchQuery, [String])] = [
            (SearchQuery("the"), ["the"]),
            (SearchQuery("Tea", ignoresCase: true), ["-i", "Tea"]),
            (SearchQuery("tea", wholeWord: true), ["-w", "tea"]),
            (SearchQuery("[A-Z][a-z]+s\\b", isRegex: true), ["[A-Z][a-z]+s\\b"]),
            (SearchQuery("^(title|\"title\")", isRegex: true), ["^(title|\"title\")"]),
            (SearchQuery("[0-9]+ (h|min)\\b", isRegex: true), ["[0-9]+ (h|min)\\b"]),
            (SearchQuery("draft: true"), ["-F", "draft: true"]),
            // Issue 60.9: a section's page is searched too (content/_index.md).
            (SearchQuery("making things by hand"), ["-F", "making things by hand"]),
        ]
        for (query, arguments) in cases {
            let rg = try Shell.run(
                ["rg", "--vimgrep", "--sort", "path", "-g", "*.md"] + arguments + ["content"],
                in: site.root)
            let expected = rg.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            XCTAssertFalse(expected.isEmpty, "rg found nothing for \(arguments)")
            XCTAssertEqual(rows(try PostSearch.run(query, in: site)), expected, "\(arguments)")
        }
    }

    /// Issue 59.4: smart case as rg's `--smart-case` does it — a query with no capital letter
    /// ignores case, one with a capital does not; the find bar and the app's search use it.
    func testSmartCaseAsRgDoesIt() throws {
        try requireProgram("rg")
        let site = try Site.open(containing: PackageRoot.path + "/demo")
        for pattern in ["tea", "Tea", "the", "The", "café"] {
            let query = SearchQuery.smartCase(pattern)
            XCTAssertEqual(query.ignoresCase, pattern == pattern.lowercased(), pattern)
            let rg = try Shell.run(
                [
                    "rg", "--vimgrep", "--sort", "path", "-S", "-F", "-g", "*.md", pattern,
                    "content",
                ],
                in: site.root)
            let expected = rg.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            XCTAssertEqual(rows(try PostSearch.run(query, in: site)), expected, pattern)
        }
        let lower = try PostSearch.run(SearchQuery.smartCase("the"), in: site).count
        let upper = try PostSearch.run(SearchQuery.smartCase("The"), in: site).count
        XCTAssertGreaterThan(lower, upper, "lower case finds The and the; The only The")
        XCTAssertGreaterThan(upper, 0)
    }

    /// A Hugo post reached through a link — its own, or a folder's on the way — that leads out
    /// of the site is never read (the listing shows it unread; search found its text).
    func testAHugoPostLinkedOutOfTheSiteIsNeverRead() throws {
        let home = try TemporaryDirectory(prefix: "nb-search-hugo")
        let outside = try TemporaryDirectory(prefix: "nb-search-hugo-outside")
        defer { home.remove(); outside.remove() }
        try PackageRoot.copyDemo(to: home.path)
        try "---\ntitle: Secret\n---\nsecret words\n".write(
            toFile: outside.appending("x.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: home.appending("content/posts/linked"), withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(
            atPath: home.appending("content/posts/y.md"), withDestinationPath: outside.appending("x.md"))
        let site = try Site.open(containing: home.path)
        XCTAssertEqual(rows(try PostSearch.run(SearchQuery("secret"), in: site)), [], "nothing outside is read")
        // A link that stays inside the site is read.
        try FileManager.default.createSymbolicLink(
            atPath: home.appending("content/posts/again"),
            withDestinationPath: home.appending("content/posts/tea-in-kyoto"))
        XCTAssertFalse(
            try PostSearch.run(SearchQuery("sencha"), in: site).filter { $0.path.hasPrefix("content/posts/again/") }
                .isEmpty)
    }

    /// Several matches on a line are a row each; columns count bytes (as rg); CRLF lines lose the
    /// CR; a match never spans lines; a file linked from outside the site is never read.
    func testRowsColumnsLineEndingsAndContainment() throws {
        let home = try TemporaryDirectory(prefix: "nb-search")
        let outside = try TemporaryDirectory(prefix: "nb-search-outside")
        defer { home.remove(); outside.remove() }
        let posts = home.appending("_posts")
        try FileManager.default.createDirectory(atPath: posts, withIntermediateDirectories: true)
        try "---\r\ntitle: Café café\r\n---\r\nun café, deux cafés\r\n".write(
            toFile: posts + "/2020-01-01-cafe.md", atomically: true, encoding: .utf8)
        try "---\ntitle: secret café\n---\n".write(
            toFile: outside.appending("2020-01-02-x.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: posts + "/2020-01-02-x.md", withDestinationPath: outside.appending("2020-01-02-x.md"))
        let site = try Site.open(containing: home.path)
        XCTAssertEqual(
            rows(try PostSearch.run(SearchQuery("café"), in: site)),
            [
                "_posts/2020-01-01-cafe.md:2:14:title: Café café",
                "_posts/2020-01-01-cafe.md:4:4:un café, deux cafés",
                "_posts/2020-01-01-cafe.md:4:16:un café, deux cafés",
            ])
        XCTAssertEqual(try PostSearch.run(SearchQuery("CAFÉ", ignoresCase: true), in: site).count, 4)
        XCTAssertEqual(try PostSearch.run(SearchQuery("café", wholeWord: true), in: site).count, 2)
        XCTAssertEqual(try PostSearch.run(SearchQuery("café\nun"), in: site).count, 0)
        XCTAssertTrue(try PostSearch.run(SearchQuery("secret"), in: site).isEmpty, "nothing outside is read")
        XCTAssertThrowsError(try PostSearch.run(SearchQuery("(", isRegex: true), in: site))
    }
}
