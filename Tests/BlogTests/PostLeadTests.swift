import Foundation
import TestSupport
import XCTest

@testable import Blog

/// Issue 60.9: a note (a post without a title) is listed by its first words, not its timestamp.
final class PostLeadTests: XCTestCase {
    func testTheFirstWordsOfProse() {
        func lead(_ body: String) -> String? { PostLead.of(Array(body.utf8)[...]) }
        XCTAssertEqual(lead("\n\nFog over the river.\n\nMore.\n"), "Fog over the river.")
        XCTAssertEqual(
            lead("![a heron](heron.jpg)\n\n> **Herons** stand where [boats](/b/) were.\n"),
            "Herons stand where boats were.")
        XCTAssertEqual(lead("{{< figure src=\"x.jpg\" >}}\n# A *start*\n"), "A start")
        XCTAssertEqual(
            lead(String(repeating: "word ", count: 30)), "word word word word word word word word word word word word…")
        XCTAssertNil(lead("\n   \n![only](a.jpg)\n"))
    }

    func testANoteIsListedByItsFirstWords() throws {
        let work = try TemporaryDirectory(prefix: "nb-lead")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.path)
        try FileManager.default.createDirectory(
            atPath: work.appending("content/micro/2026-11-28-1204"), withIntermediateDirectories: true)
        try "---\ndate: 2026-11-28T12:04:00Z\n---\nFog over the river, then sun.\n".write(
            toFile: work.appending("content/micro/2026-11-28-1204/index.md"), atomically: true, encoding: .utf8)
        let site = try Site.open(containing: work.path)
        let index = PostIndex.build(site)
        let note = try XCTUnwrap(index.posts.first { $0.path == "content/micro/2026-11-28-1204/index.md" })
        XCTAssertEqual(note.title, "")
        XCTAssertEqual(note.lead, "Fog over the river, then sun.")
        XCTAssertNil(index.posts.first { $0.path == "content/posts/tea-in-kyoto/index.md" }?.lead, "titled: no lead")
    }
}
