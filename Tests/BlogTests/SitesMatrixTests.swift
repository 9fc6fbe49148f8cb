import Foundation
import Harness
import TestSupport
import XCTest

@testable import Blog

/// Issue 60.8: current Hugo (0.150 and later) mounts a language's content with
/// `sites: {matrix: {languages: [ja]}}`; its pages are that language's, with its addresses and
/// its translations, as Hugo 0.168 itself lists them.
final class SitesMatrixTests: XCTestCase {
    /// The fixture: a docs-shaped site with English and Japanese content mounted per language.
    private func matrixSite(_ root: String) throws {
        for language in ["en", "ja"] {
            try FileManager.default.createDirectory(
                atPath: "\(root)/content/\(language)/posts", withIntermediateDirectories: true)
        }
        try """
        baseURL: https://example.org/
        title: Docs
        defaultContentLanguage: en
        languages:
          en: {weight: 1, languageName: English}
          ja: {weight: 2, languageName: 日本語}
        module:
          mounts:
            - source: content/en
              target: content
              sites: {matrix: {languages: [en]}}
            - source: content/ja
              target: content
              sites:
                matrix:
                  languages: [ja]
        """.write(toFile: root + "/hugo.yaml", atomically: true, encoding: .utf8)
        try "---\ntitle: Install\n---\nWords.\n".write(
            toFile: root + "/content/en/posts/install.md", atomically: true, encoding: .utf8)
        try "---\ntitle: インストール\n---\n言葉。\n".write(
            toFile: root + "/content/ja/posts/install.md", atomically: true, encoding: .utf8)
    }

    func testContentMountedPerLanguageWithTheSitesMatrix() throws {
        let work = try TemporaryDirectory(prefix: "nb-matrix")
        defer { work.remove() }
        let root = work.path
        try matrixSite(root)
        let site = try Site.open(containing: root)
        let index = PostIndex.build(site)
        let ja = try XCTUnwrap(index.posts.first { $0.path == "content/ja/posts/install.md" })
        let en = try XCTUnwrap(index.posts.first { $0.path == "content/en/posts/install.md" })
        XCTAssertEqual(ja.lang, "ja")
        XCTAssertEqual(en.lang, "en")
        XCTAssertEqual(ja.url(config: site.config), "/ja/posts/install/")
        XCTAssertEqual(en.url(config: site.config), "/posts/install/")
        XCTAssertEqual(ja.translations, ["content/en/posts/install.md"])
        XCTAssertEqual(SpellingLanguage.of(path: ja.path, fields: nil, site: site), "ja")
    }

    /// The oracle: Hugo 0.168 lists the same addresses.
    func testHugoItselfAgrees() throws {
        let work = try TemporaryDirectory(prefix: "nb-matrix-hugo")
        defer { work.remove() }
        let root = work.path
        try matrixSite(root)
        let current = PackageRoot.appending(".build/tools/hugo-current/bin/hugo")
        guard FileManager.default.isExecutableFile(atPath: current) else {
            throw XCTSkip("no hugo-current: \(current) is missing; `make test` installs it through scripts/setup.sh")
        }
        let listing = try HugoListing(site: root, hugo: current)
        let urls = Dictionary(listing.rows.map { ($0.path, $0.url) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(urls["content/ja/posts/install.md"], "/ja/posts/install/", "\(listing.rows.map(\.path))")
        XCTAssertEqual(urls["content/en/posts/install.md"], "/posts/install/")
    }
}
