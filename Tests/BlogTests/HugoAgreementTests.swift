import Foundation
import TestSupport
import XCTest

@testable import Blog

/// For every page `hugo list all` reports, nakedblog finds the same page with the same title,
/// draft flag and dates. Hugo is the oracle: Debian's and a current release, each the one on
/// `PATH` (the listing asks it where releases differ).
final class HugoAgreementTests: XCTestCase {
    func testIndexAgreesWithHugoOnEveryCorpusSite() throws {
        for folder in try requireHugos() {
            try withFirstOnPath(folder) { try agree(hugo: folder + "/hugo") }
        }
    }

    private func agree(hugo program: String) throws {
        let version = try Shell.check([program, "version"]).prefix(24)
        for site in try Corpus.sites() + [PackageRoot.appending("demo")] {
            let copy = try Corpus.copy(site)
            defer { copy.remove() }
            let hugo = try HugoListing(site: copy.path, hugo: program)
            let index = PostIndex.build(try Site.open(containing: copy.path))
            let name = "\((site as NSString).lastPathComponent) with \(version)"
            XCTAssertEqual(index.problems, [], name)
            let ours = Dictionary(uniqueKeysWithValues: index.posts.map { ($0.path, $0) })
            XCTAssertEqual(Set(ours.keys), Set(hugo.rows.map(\.path)), "pages of \(name)")
            for row in hugo.rows {
                guard let post = ours[row.path] else { continue }
                XCTAssertEqual(post.title, row.title, "title of \(row.path)")
                XCTAssertEqual(post.draft, row.draft, "draft of \(row.path)")
                XCTAssertEqual(post.date?.date, hugoDate(row.date), "date of \(row.path): \(row.date)")
                XCTAssertEqual(
                    post.publishDate?.date, hugoDate(row.publishDate), "publishDate of \(row.path): \(row.publishDate)")
                XCTAssertEqual(
                    post.expiryDate?.date, hugoDate(row.expiryDate), "expiryDate of \(row.path): \(row.expiryDate)")
                XCTAssertEqual(
                    index.site.config.baseURLPath + post.url(config: index.site.config), row.url, "url of \(row.path)")
            }
        }
    }

    /// Issue 45.5: hugoDocs' layout — `content/en` mounted as `content`, a `_common` folder whose
    /// `_index` cascades `build: render: never`, pages with their own build options — read as
    /// Hugo reads it: addresses and sections from the mount, never-rendered pages headless.
    func testModuleMountsAndBuildOptionsAsHugoReadsThem() throws {
        let site = try TemporaryDirectory(prefix: "nb-mounts")
        defer { site.remove() }
        let files = [
            "hugo.toml":
                "baseURL = 'https://example.org/'\ntitle = 'Docs'\n[module]\n[[module.mounts]]\nsource = 'content/en'\ntarget = 'content'\n"
                + "[[module.mounts]]\nsource = 'layouts'\ntarget = 'layouts'\n",
            "content/en/functions/strings/replace.md": "---\ntitle: replace\n---\nx\n",
            "content/en/functions/strings/_index.md": "---\ntitle: Strings\n---\n",
            "content/en/_common/_index.md":
                "---\nbuild:\n  list: never\n  render: never\ncascade:\n  build:\n    list: never\n    render: never\n---\n",
            "content/en/_common/snippet.md": "a snippet\n",
            "content/en/_common/deeper/more.md": "---\ntitle: More\n---\n",
            "content/en/posts/norender.md": "---\ntitle: Never rendered\nbuild:\n  render: never\n---\n",
            "content/en/posts/nolist.md": "---\ntitle: Not listed\nbuild:\n  list: never\n---\n",
            "content/en/posts/bundle/index.md": "---\ntitle: Headless\nheadless: true\n---\n",
            "layouts/_default/single.html": "{{ .Content }}", "layouts/_default/list.html": "{{ .Content }}",
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: (site.appending(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: site.appending(path), atomically: true, encoding: .utf8)
        }
        let index = PostIndex.build(try Site.open(containing: site.path))
        let ours = Dictionary(uniqueKeysWithValues: index.posts.map { ($0.path, $0) })
        func address(_ path: String) -> String? { ours[path].map { $0.url(config: index.site.config) } }
        XCTAssertEqual(address("content/en/functions/strings/replace.md"), "/functions/strings/replace/")
        XCTAssertEqual(ours["content/en/functions/strings/replace.md"]?.section, "functions")
        XCTAssertEqual(address("content/en/posts/nolist.md"), "/posts/nolist/", "listed nowhere, still a page")
        for headless in [
            "content/en/_common/snippet.md", "content/en/_common/deeper/more.md", "content/en/posts/norender.md",
            "content/en/posts/bundle/index.md",
        ] {
            XCTAssertEqual(ours[headless]?.status(), .headless, headless)
            XCTAssertEqual(address(headless), "", headless)
        }
        // Every page Hugo lists with an address has ours; every one it renders nowhere is headless here.
        for folder in try requireHugos() {
            for row in try HugoListing(site: site.path, hugo: folder + "/hugo").rows {
                guard let post = ours[row.path] else { XCTFail("\(row.path) is not listed (\(folder))"); continue }
                if post.headless { continue }
                XCTAssertEqual(post.url(config: index.site.config), row.url, "\(row.path) with \(folder)")
            }
        }
    }

    /// hugo prints Go's zero time for "no date".
    private func hugoDate(_ text: String) -> Date? {
        text.hasPrefix("0001-01-01") ? nil : HugoDate.parse(text)?.date
    }
}
