import Foundation
import TestSupport
import XCTest

@testable import Blog

final class PostIndexTests: XCTestCase {
    private var dir: TemporaryDirectory!
    private var site: Site!

    override func setUpWithError() throws {
        dir = try TemporaryDirectory(prefix: "nb-index")
        try PackageRoot.copyDemo(to: dir.path)
        site = try Site.open(containing: dir.path)
    }

    override func tearDown() { dir.remove() }

    func testDemoPostsStatusesBundlesAndTranslations() throws {
        let index = PostIndex.build(site)
        let now = HugoDate.parse("2026-11-22T00:00:00Z")!.date
        func post(_ slug: String, _ file: String = "index.md") throws -> Post {
            try XCTUnwrap(index.post(at: "content/posts/\(slug)/\(file)"))
        }
        XCTAssertEqual(try post("half-written-ideas").status(at: now), .draft)
        XCTAssertEqual(try post("next-spring-garden").status(at: now), .scheduled)
        XCTAssertEqual(try post("tea-in-kyoto").status(at: now), .published)
        XCTAssertEqual(try post("summit-in-the-fog").resources, ["ridge.png", "summit.png"])
        XCTAssertEqual(try post("bread-every-sunday").translations, ["content/posts/bread-every-sunday/index.fr.md"])
        XCTAssertEqual(try post("bread-every-sunday", "index.fr.md").lang, "fr")
        XCTAssertEqual(try post("terminal-only-week").format, .toml)
        XCTAssertEqual(try post("cold-brew-ratios").format, .json)
        XCTAssertEqual(try post("cold-brew-ratios").tags, ["coffee"])
        XCTAssertEqual(index.posts.first?.slug, "next-spring-garden", "newest first")
        XCTAssertEqual(index.sections, ["posts"])
    }

    func testRefreshRereadsOnlyChangedFiles() throws {
        var index = PostIndex.build(site)
        let path = "content/posts/tea-in-kyoto/index.md"
        var page = try PageText.read(path: site.absolute(path))
        var editor = try FrontMatterEditor(page: page, file: path)
        try editor.set("title", to: .string("Tea, again"))
        page = editor.page
        try page.data().write(to: URL(fileURLWithPath: site.absolute(path)))
        let created = try PostCreator(site: site).create(.init(title: "Brand new"))
        try FileManager.default.removeItem(atPath: site.absolute("content/posts/cold-brew-ratios"))
        index.refresh(paths: [path, created.path, "content/posts/cold-brew-ratios/index.md"])
        XCTAssertEqual(index.post(at: path)?.title, "Tea, again")
        XCTAssertNotNil(index.post(at: created.path))
        XCTAssertNil(index.post(at: "content/posts/cold-brew-ratios/index.md"))
        XCTAssertEqual(index.posts.map(\.path).sorted(), PostIndex.build(site).posts.map(\.path).sorted())
    }

    func testAStampNoticesAnEdit() throws {
        var index = PostIndex.build(site)
        let path = site.absolute("content/posts/summit-in-the-fog/index.md")
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "Summit in the fog", with: "Summit in the sun")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // What a refresh is told to read again: the posts whose stamp no longer matches.
        let changed = index.posts.filter { FileStamp.of(site.absolute($0.path)) != $0.stamp }.map(\.path)
        XCTAssertEqual(changed, ["content/posts/summit-in-the-fog/index.md"])
        index.refresh(paths: changed)
        XCTAssertEqual(index.post(at: "content/posts/summit-in-the-fog/index.md")?.title, "Summit in the sun")
    }

    /// A tool that replaces a file and restores its modification time (rsync -t, `touch -r`),
    /// with the same size, is still noticed: the inode and change time moved.
    func testAStampNoticesAReplacementWithTheOldTimeAndSize() throws {
        var index = PostIndex.build(site)
        let path = site.absolute("content/posts/summit-in-the-fog/index.md")
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(
            of: "Summit in the fog", with: "Summit in the sun")
        try Shell.check(["cp", "-p", path, path + ".orig"])
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try Shell.check(["touch", "-r", path + ".orig", path])
        try FileManager.default.removeItem(atPath: path + ".orig")
        // What a refresh is told to read again: the posts whose stamp no longer matches.
        let changed = index.posts.filter { FileStamp.of(site.absolute($0.path)) != $0.stamp }.map(\.path)
        XCTAssertEqual(changed, ["content/posts/summit-in-the-fog/index.md"])
        index.refresh(paths: changed)
        XCTAssertEqual(index.post(at: "content/posts/summit-in-the-fog/index.md")?.title, "Summit in the sun")
    }

    func testBadFilesAreReportedAndTheRestIsListed() throws {
        try "---\ntitle: [broken\n---\n".write(
            toFile: dir.appending("content/posts/broken.md"), atomically: true, encoding: .utf8)
        try Data([0x2B, 0x2B, 0x2B, 0x0A, 0xFF, 0xFE, 0x00]).write(
            to: URL(fileURLWithPath: dir.appending("content/posts/binary.md")))
        try FileManager.default.createSymbolicLink(
            atPath: dir.appending("content/posts/loop"), withDestinationPath: dir.appending("content"))
        let index = PostIndex.build(site)
        XCTAssertEqual(index.posts.count, 9)
        let files = index.problems.map(\.file)
        XCTAssertTrue(files.contains("content/posts/broken.md"), "\(index.problems)")
        XCTAssertTrue(files.contains("content/posts/binary.md"), "\(index.problems)")
        XCTAssertTrue(index.problems.contains { $0.problem.contains("symbolic link loop") }, "\(index.problems)")
        XCTAssertEqual(index.problems.first { $0.file == "content/posts/broken.md" }?.line, 2)
    }

    func testMissingContentDirectoryAndNotASite() throws {
        try FileManager.default.removeItem(atPath: dir.appending("content"))
        let index = PostIndex.build(site)
        XCTAssertEqual(index.posts, [])
        XCTAssertTrue(index.problems.first?.problem.contains("content directory does not exist") ?? false)
        let empty = try TemporaryDirectory(prefix: "nb-nosite")
        defer { empty.remove() }
        XCTAssertThrowsError(try Site.open(containing: empty.path)) { error in
            XCTAssertTrue("\(error)".contains("not inside a Hugo or Jekyll site"), "\(error)")
        }
    }

    func testSiteIsFoundFromASubdirectory() throws {
        let opened = try Site.open(containing: dir.appending("content/posts/tea-in-kyoto"))
        XCTAssertEqual(opened.root, dir.path)
        XCTAssertEqual(opened.config.title, "Plain Words")
        XCTAssertEqual(opened.config.languageCodes, ["en", "fr"])
    }
}
