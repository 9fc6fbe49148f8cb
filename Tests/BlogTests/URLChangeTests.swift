import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Issue 45.3: a publish that changes a published post's address says so, and can keep the old
/// one as a redirect.
final class URLChangeTests: XCTestCase {
    private func site(_ files: [String: String]) throws -> (TemporaryDirectory, Site) {
        let folder = try TemporaryDirectory(prefix: "nb-url-change")
        for (path, text) in files {
            let file = folder.appending(path)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        return (folder, try Site.open(containing: folder.path))
    }

    func testARetitledHugoPostUnderATitlePermalinkChangesItsAddress() throws {
        let before = "---\ntitle: Old name\ndate: 2024-05-06\n---\nBody\n"
        let (folder, site) = try site([
            "hugo.toml": "baseURL = 'https://x.org/blog/'\n[permalinks]\nposts = '/:year/:title/'\n",
            "content/posts/a.md": before.replacingOccurrences(of: "Old name", with: "New name"),
        ])
        defer { folder.remove() }
        let committed = ["content/posts/a.md": Data(before.utf8)]
        let change = try XCTUnwrap(URLChange.of("content/posts/a.md", site: site, committed: { committed[$0] }))
        XCTAssertEqual(change, URLChange(old: "/blog/2024/old-name/", new: "/blog/2024/new-name/"))
        let kept = try XCTUnwrap(
            try change.keepingOldAddress(
                try String(contentsOfFile: folder.appending("content/posts/a.md"), encoding: .utf8),
                file: "a.md", site: site))
        XCTAssertEqual(kept, "---\ntitle: New name\ndate: 2024-05-06\naliases: [/2024/old-name/]\n---\nBody\n")
        // A body edit, a new post, and a post made a draft change no address.
        XCTAssertNil(URLChange.of("content/posts/a.md", site: site, committed: { _ in Data(kept.utf8) }))
        XCTAssertNil(URLChange.of("content/posts/a.md", site: site, committed: { _ in nil }))
        XCTAssertNil(
            URLChange.of(
                "content/posts/a.md", site: site,
                committed: { _ in
                    Data(before.replacingOccurrences(of: "---\nBody", with: "draft: true\n---\nBody").utf8)
                }))
    }

    func testAReDatedJekyllPostChangesItsAddressAndRedirectsOnlyWithThePlugin() throws {
        let text = "---\ntitle: News\n---\nBody\n"
        let (folder, site) = try site([
            "_config.yml": "permalink: /news/:year/:month/:day/:title/\n", "_posts/2015-10-27-news.md": text,
        ])
        defer { folder.remove() }
        let committed = ["_posts/2015-10-26-news.md": Data(text.utf8)]
        let change = try XCTUnwrap(
            URLChange.of(
                "_posts/2015-10-27-news.md", site: site, formerPath: "_posts/2015-10-26-news.md",
                committed: { committed[$0] }))
        XCTAssertEqual(change, URLChange(old: "/news/2015/10/26/news/", new: "/news/2015/10/27/news/"))
        XCTAssertNil(URLChange.redirectKey(site: site))
        XCTAssertNil(try change.keepingOldAddress(text, file: "x.md", site: site))
        try "permalink: /news/:year/:month/:day/:title/\nplugins: [jekyll-redirect-from]\n".write(
            toFile: folder.appending("_config.yml"),
            atomically: true, encoding: .utf8)
        let withPlugin = try Site.open(containing: folder.path)
        XCTAssertEqual(
            try change.keepingOldAddress(text, file: "x.md", site: withPlugin),
            "---\ntitle: News\nredirect_from: [/news/2015/10/26/news/]\n---\nBody\n")
    }
}
