import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Where a Jekyll post's images go and how they are linked; which site files a post refers to.
final class JekyllImageTests: XCTestCase {
    private func site(config: String, posts: [String: String]) throws -> (Site, TemporaryDirectory) {
        let directory = try TemporaryDirectory(prefix: "nb-jekyll-images")
        try FileManager.default.createDirectory(
            atPath: directory.appending("_posts"), withIntermediateDirectories: true)
        try config.write(toFile: directory.appending("_config.yml"), atomically: true, encoding: .utf8)
        for (name, text) in posts {
            try text.write(toFile: directory.appending("_posts/" + name), atomically: true, encoding: .utf8)
        }
        return (try Site.open(containing: directory.path), directory)
    }

    func testImagesGoWhereThePostsAlreadyTakeThemFrom() throws {
        let (site, directory) = try site(
            config: "title: x\n",
            posts: [
                "2020-01-01-a.md": "---\n---\n![a](/img/posts/a.png) ![b](/img/posts/b.jpg)\n",
                "2020-01-02-b.md": "---\n---\n![c](/assets/c.png)\n",
            ])
        defer { directory.remove() }
        let placement = try ImagePlacement.forPost("_posts/2020-01-02-b.md", site: site).get()
        XCTAssertEqual(placement.folder, "img/posts")
        XCTAssertEqual(placement.link(to: "new.png"), "/img/posts/new.png")
    }

    func testWithABaseURLLinksGoThroughRelativeURLAndTheDefaultFolderIsAssetsImages() throws {
        let (site, directory) = try site(
            config: "baseurl: /blog\n", posts: ["2020-01-01-a.md": "---\n---\nNo images.\n"])
        defer { directory.remove() }
        let placement = try ImagePlacement.forPost("_posts/2020-01-01-a.md", site: site).get()
        XCTAssertEqual(placement.folder, "assets/images")
        XCTAssertEqual(placement.link(to: "x.jpg"), "{{ '/assets/images/x.jpg' | relative_url }}")
    }

    func testAHugoSingleFilePageHasNoPlaceForImagesAndABundleKeepsThem() throws {
        let directory = try TemporaryDirectory(prefix: "nb-hugo-images")
        defer { directory.remove() }
        try PackageRoot.copyDemo(to: directory.path)
        let site = try Site.open(containing: directory.path)
        XCTAssertThrowsError(try ImagePlacement.forPost("content/about.md", site: site).get())
        let bundle = try ImagePlacement.forPost("content/posts/tea-in-kyoto/index.md", site: site).get()
        XCTAssertEqual(bundle.folder, "content/posts/tea-in-kyoto")
        XCTAssertEqual(bundle.link(to: "cup.jpg"), "cup.jpg")
    }

    func testReferencesFromTheSiteRootInEveryForm() {
        let text = """
            ![a](/assets/a%20b.png "title") [pdf]({% link files/x.pdf %}) {{ '/assets/c.jpg' | relative_url }}
            <img src="/assets/d.gif"> [ext](https://example.org/x.png) [rel](relative.png) ![up](/../etc/passwd) [anchor](/page/#top)
            """
        XCTAssertEqual(
            JekyllReferences.rootPaths(in: text).sorted(),
            ["assets/a b.png", "assets/c.jpg", "assets/d.gif", "files/x.pdf", "page/"])
    }
}
