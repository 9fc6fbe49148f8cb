import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Where and when a post appears: now, on a future date, never while a draft or unpublished, or
/// not any more (expired) — for Hugo and Jekyll posts.
final class PublishWhenTests: XCTestCase {
    func testHugoPostsAtEveryPointOfTheirLife() throws {
        let directory = try TemporaryDirectory(prefix: "nb-when")
        defer { directory.remove() }
        try PackageRoot.copyDemo(to: directory.path)
        let posts = [
            "content/posts/now.md": "---\ntitle: Now\ndate: 2020-01-01T00:00:00Z\n---\n",
            "content/posts/later.md": "---\ntitle: Later\ndate: 2031-05-04T08:00:00Z\n---\n",
            "content/posts/draft.md": "---\ntitle: Draft\ndraft: true\n---\n",
            "content/posts/gone.md":
                "---\ntitle: Gone\ndate: 2020-01-01T00:00:00Z\nexpiryDate: 2021-03-02T10:30:00Z\n---\n",
        ]
        for (path, text) in posts {
            try text.write(toFile: directory.appending(path), atomically: true, encoding: .utf8)
        }
        let site = try Site.open(containing: directory.path)
        var index = PostIndex(site: site, posts: [], problems: [])
        index.refresh(paths: Array(posts.keys))
        let now = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15
        func when(_ path: String) throws -> PublishWhen {
            PublishWhen(try XCTUnwrap(index.post(at: path)), site: site, now: now)
        }
        XCTAssertEqual(try when("content/posts/now.md").description, "appears at /posts/now/ now")
        XCTAssertEqual(
            try when("content/posts/later.md").description,
            "appears at /posts/later/ on 2031-05-04 08:00 UTC, if the site is built then")
        XCTAssertEqual(try when("content/posts/draft.md").kind, "draft")
        XCTAssertEqual(
            try when("content/posts/gone.md").description, "does not appear: it expired on 2021-03-02 10:30 UTC")
    }

    func testJekyllUnpublishedFutureAndDraftPosts() throws {
        let directory = try TemporaryDirectory(prefix: "nb-when-jekyll")
        defer { directory.remove() }
        for (path, text) in [
            "_config.yml": "title: x\nbaseurl: /blog\n", "_posts/2020-01-01-off.md": "---\npublished: false\n---\n",
            "_posts/2099-01-01-future.md": "---\n---\n", "_drafts/idea.md": "---\n---\n",
            "_posts/2020-01-02-on.md": "---\n---\n",
        ] {
            let file = directory.appending(path)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let site = try Site.open(containing: directory.path)
        let index = PostIndex.build(site)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func when(_ path: String) throws -> PublishWhen {
            PublishWhen(try XCTUnwrap(index.post(at: path)), site: site, now: now)
        }
        XCTAssertEqual(try when("_posts/2020-01-01-off.md").kind, "unpublished")
        XCTAssertEqual(try when("_posts/2099-01-01-future.md").kind, "scheduled")
        XCTAssertEqual(try when("_drafts/idea.md").kind, "draft")
        XCTAssertEqual(try when("_posts/2020-01-02-on.md").description, "appears at /blog/2020/01/02/on.html now")
    }
}
