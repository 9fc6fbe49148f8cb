import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Edits on real pages of every format change only the edited field's lines, and Hugo reads
/// the new values.
final class CorpusEditTests: XCTestCase {
    /// A deterministic sample of the pages hugo lists, a few per front matter format.
    private func sample(_ index: PostIndex, perFormat: Int = 4) -> [Post] {
        var chosen: [Post] = []
        for format in FrontMatterFormat.allCases {
            let posts = index.posts.filter { $0.format == format }.sorted { $0.path < $1.path }
            guard !posts.isEmpty else { continue }
            let step = max(1, posts.count / perFormat)
            chosen += stride(from: 0, to: posts.count, by: step).prefix(perFormat).map { posts[$0] }
        }
        return chosen
    }

    private func edit(_ site: Site, _ path: String, _ change: (inout FrontMatterEditor) throws -> Void) throws
        -> ChangedLines
    {
        let absolute = site.absolute(path)
        let before = try Data(contentsOf: URL(fileURLWithPath: absolute))
        var editor = try FrontMatterEditor(page: try PageText(data: before, file: path), file: path)
        try change(&editor)
        try editor.page.data().write(to: URL(fileURLWithPath: absolute))
        return ChangedLines(
            String(decoding: before, as: UTF8.self), String(decoding: editor.page.data(), as: UTF8.self))
    }

    func testTitleDraftAndDateEditsAreOneLineAndHugoAgrees() throws {
        try requireProgram("hugo")
        var edited = 0
        var formats = Set<FrontMatterFormat>()
        for corpusSite in try Corpus.sites() {
            let copy = try Corpus.copy(corpusSite)
            defer { copy.remove() }
            let site = try Site.open(containing: copy.path)
            var expected: [String: (title: String, draft: Bool, date: Date?)] = [:]
            for post in sample(PostIndex.build(site)) {
                let title = "Edited: “\(post.title)” — 編集 \"q\""
                var changes = try edit(site, post.path) { try $0.set("title", to: .string(title)) }
                XCTAssertEqual(changes.removed.count, post.title.isEmpty ? 0 : 1, "title of \(post.path):\n\(changes)")
                XCTAssertEqual(changes.added.count, 1, "title of \(post.path):\n\(changes)")
                let fields = try FrontMatterReader.fields(
                    of: try PageText.read(path: site.absolute(post.path)), file: post.path)
                changes = try edit(site, post.path) { try $0.set("draft", to: .bool(!post.draft)) }
                XCTAssertEqual(changes.added.count, 1, "draft of \(post.path):\n\(changes)")
                XCTAssertEqual(
                    changes.removed.count, fields["draft"] == nil ? 0 : 1, "draft of \(post.path):\n\(changes)")
                var newDate: Date?
                if let old = post.date, fields["date"] != nil {
                    newDate = old.date.addingTimeInterval(86_400 * 3)
                    let text = old.formatLike(newDate!)
                    let value: FrontMatterValue = fields["date"].map {
                        if case .date = $0 { return .date(text) } else { return .string(text) }
                    }!
                    changes = try edit(site, post.path) { try $0.set("date", to: value) }
                    XCTAssertEqual(changes.removed.count, 1, "date of \(post.path):\n\(changes)")
                    XCTAssertEqual(changes.added.count, 1, "date of \(post.path):\n\(changes)")
                }
                expected[post.path] = (title, !post.draft, newDate)
                formats.insert(post.format!)
                edited += 1
            }
            let hugo = try HugoListing(site: copy.path)
            for (path, want) in expected {
                guard let row = hugo.rows.first(where: { $0.path == path }) else {
                    XCTFail("hugo no longer lists \(path)"); continue
                }
                XCTAssertEqual(row.title, want.title, path)
                XCTAssertEqual(row.draft, want.draft, path)
                if let date = want.date { XCTAssertEqual(HugoDate.parse(row.date)?.date, date, "\(path): \(row.date)") }
            }
        }
        XCTAssertGreaterThan(edited, 20)
        XCTAssertEqual(formats, Set(FrontMatterFormat.allCases))
    }

    func testAddingThenRemovingATagRestoresTheFile() throws {
        for corpusSite in try Corpus.sites() {
            let copy = try Corpus.copy(corpusSite)
            defer { copy.remove() }
            let site = try Site.open(containing: copy.path)
            for post in sample(PostIndex.build(site)) {
                let original = try Data(contentsOf: URL(fileURLWithPath: site.absolute(post.path)))
                let hadTags =
                    try FrontMatterReader.fields(of: try PageText(data: original, file: post.path), file: post.path)[
                        "tags"] != nil
                let tags = post.tags.map(FrontMatterValue.string)
                let added = try edit(site, post.path) {
                    try $0.set("tags", to: .list(tags + [.string("nakedblog test")]))
                }
                XCTAssertLessThanOrEqual(added.removed.count, 1, "\(post.path):\n\(added)")
                XCTAssertLessThanOrEqual(added.added.count, 2, "\(post.path):\n\(added)")
                let reread = try FrontMatterReader.fields(
                    of: try PageText.read(path: site.absolute(post.path)), file: post.path)
                XCTAssertEqual(reread["tags"]?.strings, post.tags + ["nakedblog test"], post.path)
                _ = try edit(site, post.path) { hadTags ? try $0.set("tags", to: .list(tags)) : try $0.remove("tags") }
                let restored = try Data(contentsOf: URL(fileURLWithPath: site.absolute(post.path)))
                XCTAssertEqual(
                    String(decoding: restored, as: UTF8.self), String(decoding: original, as: UTF8.self), post.path)
            }
        }
    }
}
