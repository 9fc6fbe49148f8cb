import Blog
import Foundation
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
