import Foundation
import XCTest
@testable import Blog
import TestSupport

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
                XCTAssertEqual(post.publishDate?.date, hugoDate(row.publishDate), "publishDate of \(row.path): \(row.publishDate)")
                XCTAssertEqual(post.expiryDate?.date, hugoDate(row.expiryDate), "expiryDate of \(row.path): \(row.expiryDate)")
                XCTAssertEqual(index.site.config.baseURLPath + post.url(config: index.site.config), row.url, "url of \(row.path)")
            }
        }
    }

    /// hugo prints Go's zero time for "no date".
    private func hugoDate(_ text: String) -> Date? {
        text.hasPrefix("0001-01-01") ? nil : HugoDate.parse(text)?.date
    }
}
