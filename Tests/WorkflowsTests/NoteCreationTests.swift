import Blog
import Foundation
import Harness
import TestSupport
import XCTest

@testable import Workflows

/// Short notes: titleless, named by their time, not drafts, where each generator wants them.
final class NoteCreationTests: XCTestCase {
    private let now = ISO8601DateFormatter().date(from: "2026-11-27T08:15:30Z")!

    func testAHugoNoteGoesInTheNotesSectionMadeForIt() throws {
        let work = try TemporaryDirectory(prefix: "nb-note-hugo")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        let site = try Site.open(containing: work.appending("site"))
        let path = try NoteCreation.create("A *short* note.", site: site, now: now)
        XCTAssertTrue(path.hasPrefix("content/micro/2026-11-2"), path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.absolute("content/micro/_index.md")))
        let post = try XCTUnwrap(PostIndex.build(site).post(at: path))
        XCTAssertFalse(post.draft)
        XCTAssertEqual(post.section, "micro")
        XCTAssertThrowsError(try NoteCreation.create("again", site: site, now: now), "one a second")
        XCTAssertThrowsError(try NoteCreation.create("x", site: site, section: "../out", now: now))
    }

    func testAJekyllNoteIsAPostNamedByItsTime() throws {
        let work = try TemporaryDirectory(prefix: "nb-note-jekyll")
        defer { work.remove() }
        try FileManager.default.createDirectory(atPath: work.appending("_posts"), withIntermediateDirectories: true)
        let site = try Site.open(containing: work.path)
        let path = try NoteCreation.create("Trains.", site: site, now: now)
        XCTAssertTrue(path.hasPrefix("_posts/2026-11-2") && path.hasSuffix(".md"), path)
        let text = try String(contentsOfFile: site.absolute(path), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("---\ndate: 2026-11-2"), text)
        XCTAssertTrue(text.hasSuffix("---\nTrains.\n"), text)
        XCTAssertEqual(PostIndex.build(site).posts.count, 1)
    }
}

/// `nakedblog new --photo FILE "caption"`, and a scheduled post's history, on a demo copy.
final class PhotoPostTests: XCTestCase {
    func testAPhotoPostOpensWithItsFittedPicture() throws {
        let work = try TemporaryDirectory(prefix: "nb-photo")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        let site = try Site.open(containing: work.appending("site"))
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: work.appending("fog.jpg")))
        let post = try PostCreation.create(NewPostRequest(title: "Fog over the river"), site: site)
        try PhotoPost.addPhoto(work.appending("fog.jpg"), caption: "Fog over the river", to: post, site: site)
        let text = try String(contentsOfFile: site.absolute(post), encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n![Fog over the river](fog.jpg)\n\nFog over the river\n"), text)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.absolute("content/posts/fog-over-the-river/fog.jpg")))
    }

    /// The picture is the post's cover where each generator looks: Hugo's `images`, Jekyll's `image`.
    func testAPhotoIsThePostsCover() throws {
        let work = try TemporaryDirectory(prefix: "nb-photo-cover")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: work.appending("fog.jpg")))
        let hugo = try Site.open(containing: work.appending("site"))
        let post = try PostCreation.create(NewPostRequest(title: "Fog"), site: hugo)
        let before = try String(contentsOfFile: hugo.absolute(post), encoding: .utf8)
        try PhotoPost.addPhoto(work.appending("fog.jpg"), caption: "Fog", to: post, site: hugo)
        let page = try PageText.read(path: hugo.absolute(post), display: post)
        XCTAssertEqual(
            try FrontMatterReader.fields(of: page, file: post)["images"], .list([.string("posts/fog/fog.jpg")]))
        let lines = Set(page.text.components(separatedBy: "\n"))
        XCTAssertTrue(Set(before.components(separatedBy: "\n")).subtracting(lines).isEmpty, "no other line changed")

        let jekyll = work.appending("jekyll")
        try FileManager.default.createDirectory(atPath: jekyll + "/_posts", withIntermediateDirectories: true)
        let jekyllSite = try Site.open(containing: jekyll)
        let jekyllPost = try PostCreation.create(NewPostRequest(title: "Fog"), site: jekyllSite)
        try PhotoPost.addPhoto(work.appending("fog.jpg"), caption: "Fog", to: jekyllPost, site: jekyllSite)
        let jekyllPage = try PageText.read(path: jekyllSite.absolute(jekyllPost), display: jekyllPost)
        let image = try FrontMatterReader.fields(of: jekyllPage, file: jekyllPost)["image"]
        XCTAssertEqual(image, .string("/assets/images/fog.jpg"), jekyllPage.text)
    }

    /// Both Hugos (Debian's 0.111 and the current one) make the cover the page's og:image, under
    /// a `baseURL` with a path too.
    func testHugosOpenGraphTemplateFindsTheCover() throws {
        let hugos = try requireHugos()
        let work = try TemporaryDirectory(prefix: "nb-photo-og")
        defer { work.remove() }
        let root = work.appending("site")
        try FileManager.default.createDirectory(atPath: root + "/layouts/_default", withIntermediateDirectories: true)
        try "baseURL = \"https://example.org/blog/\"\ntitle = \"t\"\n".write(
            toFile: root + "/hugo.toml", atomically: true, encoding: .utf8)
        try "<html><head>{{ template \"_internal/opengraph.html\" . }}</head><body>{{ .Content }}</body></html>\n"
            .write(toFile: root + "/layouts/_default/single.html", atomically: true, encoding: .utf8)
        try "{{ range .Pages }}{{ .Title }}{{ end }}\n".write(
            toFile: root + "/layouts/_default/list.html", atomically: true, encoding: .utf8)
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: work.appending("fog.jpg")))
        let site = try Site.open(containing: root)
        let post = try PostCreation.create(NewPostRequest(title: "Fog"), site: site)
        try PhotoPost.addPhoto(work.appending("fog.jpg"), caption: "Fog", to: post, site: site)
        for folder in hugos {
            let out = work.appending("out-" + String(folder.count))
            try Shell.check([folder + "/hugo", "--quiet", "--buildDrafts", "--source", root, "--destination", out])
            let html = try String(contentsOfFile: out + "/posts/fog/index.html", encoding: .utf8)
            XCTAssertTrue(
                html.contains("og:image\" content=\"https://example.org/blog/posts/fog/fog.jpg\""),
                "\(folder): \(html)")
        }
    }

    /// jekyll-seo-tag makes a Jekyll photo post's cover its og:image, under a `baseurl` too.
    func testJekyllSEOTagFindsTheCover() throws {
        try requireProgram("jekyll")
        try requireDebianPackage("ruby-jekyll-seo-tag")
        let work = try TemporaryDirectory(prefix: "nb-photo-seo")
        defer { work.remove() }
        let root = work.appending("site")
        for folder in ["_posts", "_layouts"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        try
            "url: https://example.org\nbaseurl: /blog\ntitle: t\nplugins: [jekyll-seo-tag]\ndefaults:\n  - scope: {path: \"\"}\n    values: {layout: post}\n"
            .write(toFile: root + "/_config.yml", atomically: true, encoding: .utf8)
        try "<html><head>{% seo %}</head><body>{{ content }}</body></html>\n".write(
            toFile: root + "/_layouts/post.html", atomically: true, encoding: .utf8)
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: work.appending("fog.jpg")))
        let site = try Site.open(containing: root)
        let post = try PostCreation.create(NewPostRequest(title: "Fog"), site: site)
        try PhotoPost.addPhoto(work.appending("fog.jpg"), caption: "Fog", to: post, site: site)
        try Shell.check(["jekyll", "build", "--quiet", "--drafts", "--source", root, "--destination", root + "/_site"])
        let page = try Shell.check(["sh", "-c", "cat \"$0\"/_site/*/*/*/fog.html", root])
        XCTAssertTrue(
            page.contains("<meta property=\"og:image\" content=\"https://example.org/blog/assets/images/fog.jpg\""),
            page)
    }

    /// "First published" marks a commit of a post that is on the site: a scheduled one is not yet.
    func testAScheduledPostHasNoFirstPublishedCommit() throws {
        let work = try TemporaryDirectory(prefix: "nb-scheduled")
        defer { work.remove() }
        let root = work.appending("site")
        try PackageRoot.copyDemo(to: root)
        for command in [
            ["init", "-q", "-b", "main"], ["add", "-A"],
            ["-c", "user.name=A", "-c", "user.email=a@b", "commit", "-qm", "Start"],
        ] {
            try Shell.check(["git"] + command, in: root)
        }
        let site = try Site.open(containing: root)
        XCTAssertEqual(
            try PostHistory.load(post: "content/posts/next-spring-garden/index.md", site: site).versions.map(
                \.firstPublished),
            [false])
        XCTAssertEqual(
            try PostHistory.load(post: "content/posts/cold-brew-ratios/index.md", site: site).versions.map(
                \.firstPublished),
            [true])
    }
}
