import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// The browser's orders: newest first with equal dates by title as people read it (case and
/// numbers), undated last; or by title.
final class BrowseSortTests: XCTestCase {
    func testDateOrderBreaksTiesByTitleAndPutsUndatedLast() throws {
        let dir = try TemporaryDirectory(prefix: "nb-sort")
        defer { dir.remove() }
        try "title = 'Sort'\n".write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: dir.appending("content/posts"), withIntermediateDirectories: true)
        let pages = [
            ("zebra", "Zebra", "2024-01-01"), ("apple", "apple", "2024-01-01"), ("mango", "Mango", "2025-01-01"),
            ("undated", "Undated", nil), ("banana", "banana", "2024-01-01T00:00:00Z"),
            ("post10", "Post 10", "2023-01-01"),
            ("post9", "Post 9", "2023-01-01"),
        ]
        for (slug, title, date) in pages {
            try "---\ntitle: \(title)\n\(date.map { "date: \($0)\n" } ?? "")---\n"
                .write(toFile: dir.appending("content/posts/\(slug).md"), atomically: true, encoding: .utf8)
        }
        var browse = BrowseState()
        browse.posts = PostIndex.build(try Site.open(containing: dir.path)).posts
        browse.refilter()
        XCTAssertEqual(
            browse.visible.map { browse.posts[$0].title },
            ["Mango", "apple", "banana", "Zebra", "Post 9", "Post 10", "Undated"])
        // Posts in any order (not the index's) sort the same.
        var shuffled = BrowseState()
        shuffled.posts = browse.posts.reversed()
        shuffled.refilter()
        XCTAssertEqual(shuffled.visible.map { shuffled.posts[$0].title }, browse.visible.map { browse.posts[$0].title })
        browse.sort = .title
        browse.refilter()
        XCTAssertEqual(
            browse.visible.map { browse.posts[$0].title },
            ["apple", "banana", "Mango", "Post 9", "Post 10", "Undated", "Zebra"])
    }
}

/// A list made off the loop (`BrowseState.prepared`) is taken as it is when the browser still
/// shows the same section, filter and order, and ordered again when they changed meanwhile; the
/// selected post stays selected either way.
final class PreparedListingTests: XCTestCase {
    func testAdoptKeepsSelectionAndOrdersAgainForNewCriteria() throws {
        let site = try AppFixture.demoSite
        let index = PostIndex.build(site)
        var browse = BrowseState()
        browse.adopt(.prepared(index))
        var reference = BrowseState()
        reference.posts = index.posts
        reference.refilter()
        XCTAssertEqual(browse.visible, reference.visible)
        XCTAssertEqual(browse.draftCount, reference.draftCount)
        XCTAssertEqual(browse.repeatedTitles, reference.repeatedTitles)
        browse.selected = 3
        let selected = try XCTUnwrap(browse.selectedPost?.path)
        // The user sorted by title while the list was being made for the date order.
        let stale = BrowseState.prepared(index)
        browse.sort = .title
        browse.refilter()
        browse.adopt(stale)
        reference.sort = .title
        reference.refilter()
        XCTAssertEqual(browse.visible, reference.visible, "ordered again for the criteria shown now")
        XCTAssertEqual(browse.selectedPost?.path, selected)
        // Filtered, the list made for the filter is taken with its order.
        browse.filter = "tea"
        browse.refilter()
        browse.adopt(.prepared(index, for: browse.criteria))
        reference.filter = "tea"
        reference.refilter()
        XCTAssertEqual(browse.visible, reference.visible)
        XCTAssertFalse(browse.visible.isEmpty)
        XCTAssertLessThan(browse.visible.count, index.posts.count)
    }
}

final class TitleOrderTests: XCTestCase {
    func testKeysIgnoreCaseAccentsAndWidthAndCompareNumbersByValue() {
        let titles = [
            "Zebra", "émigré", "apple", "Post 10", "post 9", "Post 009b", "ＡＢＣ", "abd", "Ärger", "b", "10 things",
            "9 lives", "",
        ]
        let sorted = titles.sorted {
            TitleOrder.key($0) != TitleOrder.key($1) ? TitleOrder.key($0) < TitleOrder.key($1) : $0 < $1
        }
        XCTAssertEqual(
            sorted,
            [
                "", "9 lives", "10 things", "ＡＢＣ", "abd", "apple", "Ärger", "b", "émigré", "post 9", "Post 009b",
                "Post 10", "Zebra",
            ])
        XCTAssertTrue(TitleOrder.precedes("Post 9", "Post 10"))
        XCTAssertFalse(TitleOrder.precedes("Post 10", "Post 9"))
    }
}
