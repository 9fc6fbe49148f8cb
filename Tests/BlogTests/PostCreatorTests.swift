import Foundation
import TestSupport
import XCTest

@testable import Blog

final class PostCreatorTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var site: Site!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "nb-creator")
        try PackageRoot.copyDemo(to: dir.path)
        site = try Site.open(containing: dir.path)
    }

    override func tearDown() { dir.remove() }

    private let when = HugoDate.parse("2026-03-04T05:06:07+01:00")!.date
    private let zone = TimeZone(secondsFromGMT: 3600)!

    func testBundleWithTitleDraftAndLocalDate() throws {
        let created = try PostCreator(site: site).create(
            .init(title: "Café au lait, 3 ways!", now: when, timeZone: zone))
        XCTAssertEqual(created.path, "content/posts/café-au-lait-3-ways/index.md")
        XCTAssertEqual(created.archetype, "archetypes/posts/")
        let text = try String(contentsOfFile: site.absolute(created.path), encoding: .utf8)
        XCTAssertTrue(
            text.hasPrefix("---\ntitle: \"Café au lait, 3 ways!\"\ndate: 2026-03-04T05:06:07+01:00\ndraft: true\n"),
            text)
    }

    /// Issue 45.3: under a `:slug` permalink the slug shown is written, so a new title keeps the
    /// address; elsewhere the file name is the slug and nothing is added.
    func testTheSlugShownIsWrittenWhereTheAddressIsMadeFromIt() throws {
        let config = site.absolute("hugo.toml")
        try (try String(contentsOfFile: config, encoding: .utf8) + "\n[permalinks]\n  posts = '/:year/:slug/'\n")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let slugged = try Site.open(containing: dir.path)
        let created = try PostCreator(site: slugged).create(
            .init(title: "Bread every Sunday", now: when, timeZone: zone))
        let text = try String(contentsOfFile: slugged.absolute(created.path), encoding: .utf8)
        XCTAssertTrue(text.contains("\nslug: \"bread-every-sunday-2\"\n"), text)
        let plain = try PostCreator(site: site).create(.init(title: "Tea again", now: when, timeZone: zone))
        XCTAssertFalse(try String(contentsOfFile: site.absolute(plain.path), encoding: .utf8).contains("slug:"))
    }

    func testTakenSlugsGetANumber() throws {
        let creator = PostCreator(site: site)
        XCTAssertEqual(try creator.create(.init(title: "Bread every Sunday")).slug, "bread-every-sunday-2")
        XCTAssertEqual(try creator.create(.init(title: "Bread every Sunday")).slug, "bread-every-sunday-3")
        XCTAssertEqual(
            try creator.create(.init(title: "Bread every Sunday", bundle: false)).path,
            "content/posts/bread-every-sunday-4.md")
    }

    func testLanguageVariantsAndUnknownLanguage() throws {
        let created = try PostCreator(site: site).create(.init(title: "Un essai", lang: "fr"))
        XCTAssertEqual(created.path, "content/posts/un-essai/index.fr.md")
        let index = PostIndex.build(site)
        XCTAssertEqual(index.post(at: created.path)?.lang, "fr")
        XCTAssertThrowsError(try PostCreator(site: site).create(.init(title: "x", lang: "de"))) { error in
            XCTAssertTrue("\(error)".contains("`de` is not configured"), "\(error)")
        }
    }

    func testTitlesAndSectionsCannotEscapeTheContentDirectory() throws {
        let creator = PostCreator(site: site)
        for title in ["../../etc/passwd", "/etc/passwd", "..", "a/../../b", "~root"] {
            let created = try creator.create(.init(title: title))
            XCTAssertTrue(created.path.hasPrefix("content/posts/"), created.path)
            XCTAssertFalse(created.slug.contains("/") || created.slug.contains(".."), created.slug)
        }
        for section in ["../outside", "/abs", "posts/../../x", ".hidden"] {
            XCTAssertThrowsError(try creator.create(.init(title: "t", section: section)), section)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appending("outside")))
    }

    func testEmptyTitleIsRefused() {
        XCTAssertThrowsError(try PostCreator(site: site).create(.init(title: "   "))) { error in
            XCTAssertTrue("\(error)".contains("needs a title"))
        }
    }

    func testSlugs() {
        XCTAssertEqual(Slug.make("Hello, World!"), "hello-world")
        XCTAssertEqual(Slug.make("京都でお茶を — tea"), "京都でお茶を-tea")
        XCTAssertEqual(Slug.make("  Ünïcödé   spaces  "), "ünïcödé-spaces")
        XCTAssertEqual(Slug.make("emoji 😀 dropped"), "emoji-dropped")
        XCTAssertEqual(Slug.make("../../x"), "x")
        XCTAssertEqual(PostCreator.slug(for: "!!!"), "untitled")
    }

    func testTitleCaseLikeHugo() {
        // Each expectation is what hugo 0.111's `title` printed for the same input.
        XCTAssertEqual(TitleCase.apply("the end of an era is near"), "The End of an Era Is Near")
        XCTAssertEqual(TitleCase.apply("one-on-one with the team in the us"), "One-on-One With the Team in the Us")
        XCTAssertEqual(TitleCase.apply("vs and via per as if"), "Vs and via per as If")
        XCTAssertEqual(TitleCase.apply("café crème à la française"), "Café Crème À La Française")
    }
}
