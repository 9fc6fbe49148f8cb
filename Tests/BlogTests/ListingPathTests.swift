import Foundation
import TestSupport
import XCTest

@testable import Blog

/// The listing reads pages straight from bytes (front matter found on bytes, fields from the
/// line scanner, words counted on bytes), walks directories with `openat`, and moves posts
/// instead of copying them. These tests hold each shortcut to the plain way.
final class ListingPathTests: XCTestCase {
    /// Pages written to show every split case: BOM, CRLF, leading blank lines, each format, no
    /// front matter, block scalars (the full parser's path), and the bad cases.
    static let edgeCases: [[UInt8]] =
        [
            "---\ntitle: Plain\ndate: 2024-05-01T10:00:00+02:00\ntags: [a, b]\n---\nSome words here.\n",
            "\u{FEFF}---\r\ntitle: \"BOM and CRLF\"\r\ndraft: true\r\n---\r\nBody\r\n",
            "\n\n  \n---  \ntitle: Leading blank lines\n--- \nbody",
            "+++\ntitle = 'TOML'\ndate = 2023-01-02\ntags = [\"x\"]\n+++\n\nText text",
            "{\n  \"title\": \"JSON\",\n  \"tags\": [\"j\"]\n}\nAfter the object",
            "No front matter at all, just words.",
            "",
            "---\ntitle: >\n  Folded\n  title\ncategories:\n  - one\n  - two\n---\nBlock scalars go to Yams.",
            "---\ntitle: Never closed\n",
            "+++\ntitle = 'Never closed'\n",
            "{ \"title\": \"no end\"\n",
            "---\ntitle: [broken\n---\n",
            "---\ntitle: x\ntitle: duplicate\n---\n",
        ].map { Array($0.utf8) } + [
            [0x2D, 0x2D, 0x2D, 0x0A, 0x74, 0x3A, 0x20, 0xFF, 0x0A, 0x2D, 0x2D, 0x2D, 0x0A],  // invalid UTF-8
            [0x2B, 0x2B, 0x2B, 0x0A, 0x00, 0x0A, 0x2B, 0x2B, 0x2B, 0x0A],  // NUL: binary
        ]

    func testListingAgreesWithThePageTextPathOnEdgeCases() throws {
        try assertListingAgrees(Self.edgeCases)
    }

    func testListingAgreesWithThePageTextPathOnTheCorpus() throws {
        try assertListingAgrees(
            try Corpus.contentFiles().map { try [UInt8](Data(contentsOf: URL(fileURLWithPath: $0))) })
    }

    private func assertListingAgrees(_ pages: [[UInt8]]) throws {
        let dir = try TemporaryDirectory(prefix: "nb-listing")
        defer { dir.remove() }
        try "title = 'Listing'\n".write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: dir.appending("content/posts"), withIntermediateDirectories: true)
        for (number, bytes) in pages.enumerated() {
            let bundle = dir.appending("content/posts/p\(number)")
            try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: bundle + "/index.md"))
        }
        let site = try Site.open(containing: dir.path)
        let index = PostIndex.build(site)
        XCTAssertEqual(index.posts.count + index.problems.count, pages.count)
        let scanner = ContentScanner(site: site)
        for (number, bytes) in pages.enumerated() {
            let path = "content/posts/p\(number)/index.md"
            let location = try XCTUnwrap(scanner.location(of: path))
            let stamp = try XCTUnwrap(FileStamp.of(site.absolute(path)))
            // The plain way: whole strings through PageText, fields through the page.
            let expected: Result<Post, ContentError>
            do throws(ContentError) {
                let page = try PageText(bytes: bytes, file: path)
                let fields = try FastFrontMatter.fields(of: page, file: path)
                var post = PostReader.post(
                    location, format: page.frontMatter?.format, wordCount: WordCount.count(page.body),
                    fields: fields, config: site.config, stamp: stamp)
                post.lead = PostLead.untitled(Array(page.body.utf8)[...], fields: fields)
                expected = .success(post)
            } catch {
                expected = .failure(error)
            }
            switch expected {
            case .success(let post):
                XCTAssertEqual(
                    index.post(at: path), post, "\(path): \(String(decoding: bytes.prefix(60), as: UTF8.self))")
            case .failure(let error): XCTAssertEqual(index.problems.first { $0.file == path }, error, path)
            }
        }
    }

    func testNestedSectionsAreWalkedAndNoDirectoryStaysOpen() throws {
        let dir = try TemporaryDirectory(prefix: "nb-nested")
        defer { dir.remove() }
        try "title = 'Nested'\n".write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        let pages = [
            "content/a/b/c/d/index.md", "content/a/b/c/page.md", "content/a/top.md", "content/z/y/x/index.md",
            "content/z/y/x/more/leaf.md", "content/.hidden/skip.md", "content/a/b/_index.md",
        ]
        for page in pages {
            try FileManager.default.createDirectory(
                atPath: dir.appending((page as NSString).deletingLastPathComponent),
                withIntermediateDirectories: true)
            try "---\ntitle: \(page)\n---\n".write(toFile: dir.appending(page), atomically: true, encoding: .utf8)
        }
        // A symbolic link to a directory elsewhere is walked like a directory.
        let outside = try TemporaryDirectory(prefix: "nb-outside")
        defer { outside.remove() }
        try "---\ntitle: linked\n---\n".write(toFile: outside.appending("linked.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: dir.appending("content/a/link"), withDestinationPath: outside.path)
        let site = try Site.open(containing: dir.path)
        let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        let index = PostIndex.build(site)
        let after = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        XCTAssertEqual(after, before, "directories left open")
        XCTAssertEqual(
            Set(index.posts.map(\.path)),
            [
                "content/a/b/c/d/index.md", "content/a/b/c/page.md", "content/a/top.md",
                "content/z/y/x/index.md", "content/a/link/linked.md",
            ], "\(index.problems)")
        XCTAssertEqual(index.post(at: "content/z/y/x/index.md")?.resources, ["more/leaf.md"])
        XCTAssertEqual(index.post(at: "content/a/b/c/d/index.md")?.section, "a")
        XCTAssertEqual(index.problems, [])
    }

    func testAnUnreadableSubdirectoryIsReportedAndTheRestListed() throws {
        try requireNonRoot("root reads every directory")
        let dir = try TemporaryDirectory(prefix: "nb-unreadable")
        defer { _ = chmod(dir.appending("content/posts/locked"), 0o755); dir.remove() }
        try "title = 'x'\n".write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: dir.appending("content/posts/locked/deep"), withIntermediateDirectories: true)
        try "---\ntitle: ok\n---\n".write(
            toFile: dir.appending("content/posts/ok.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(dir.appending("content/posts/locked"), 0), 0)
        let index = PostIndex.build(try Site.open(containing: dir.path))
        XCTAssertEqual(index.posts.map(\.path), ["content/posts/ok.md"])
        XCTAssertEqual(index.problems.map(\.file), ["content/posts/locked"])
    }

    func testLanguageVariantsAndTranslationKeysAreLinkedWithinASection() throws {
        let dir = try TemporaryDirectory(prefix: "nb-variants")
        defer { dir.remove() }
        try """
        title = 'Variants'
        defaultContentLanguage = 'en'
        [languages.en]
        weight = 1
        [languages.fr]
        weight = 2
        [languages.de]
        weight = 3
        """.write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        let pages = [
            ("content/posts/bread/index.md", ""), ("content/posts/bread/index.fr.md", ""),
            ("content/posts/bread/index.de.md", ""),
            ("content/posts/alone/index.md", ""),
            ("content/posts/one.md", "translationKey: shared\n"), ("content/posts/two.md", "translationKey: shared\n"),
            ("content/notes/three.md", "translationKey: shared\n"),
        ]
        for (path, extra) in pages {
            try FileManager.default.createDirectory(
                atPath: dir.appending((path as NSString).deletingLastPathComponent), withIntermediateDirectories: true)
            try "---\ntitle: \(path)\n\(extra)---\n".write(
                toFile: dir.appending(path), atomically: true, encoding: .utf8)
        }
        let index = PostIndex.build(try Site.open(containing: dir.path))
        func translations(_ path: String) -> [String]? { index.post(at: path)?.translations }
        XCTAssertEqual(
            Set(translations("content/posts/bread/index.md") ?? []),
            ["content/posts/bread/index.fr.md", "content/posts/bread/index.de.md"])
        XCTAssertEqual(
            Set(translations("content/posts/bread/index.fr.md") ?? []),
            ["content/posts/bread/index.md", "content/posts/bread/index.de.md"])
        XCTAssertEqual(translations("content/posts/alone/index.md"), [])
        XCTAssertEqual(translations("content/posts/one.md"), ["content/posts/two.md"])
        XCTAssertEqual(translations("content/notes/three.md"), [], "another section is another group")
        XCTAssertNotEqual(PostIndex.groupHash(section: "a", key: "bc"), PostIndex.groupHash(section: "ab", key: "c"))
    }

    func testPermuteMovesEveryElementOnceIntoItsPlace() {
        final class Counted {
            let value: Int; nonisolated(unsafe) static var alive = 0
            init(_ value: Int) { self.value = value; Counted.alive += 1 }
            deinit { Counted.alive -= 1 }
        }
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 3, 10, 1_000] {
            do {
                var items = (0..<count).map { Counted($0) }
                let order = Array(0..<count).shuffled(using: &generator)
                PostIndex.permute(&items, into: order)
                XCTAssertEqual(items.map(\.value), order)
                XCTAssertEqual(Counted.alive, count)
            }
            XCTAssertEqual(Counted.alive, 0, "an element was copied or lost")
        }
    }

    func testParallelMapOwnsEachResultOnce() {
        final class Counted {
            nonisolated(unsafe) static var alive = 0
            init() { Counted.alive += 1 }
            deinit { Counted.alive -= 1 }
        }
        struct Box: @unchecked Sendable { let object: Counted }
        let lock = NSLock()
        do {
            let results = ParallelMap.map(Array(0..<500)) { _ in lock.withLock { Box(object: Counted()) } }
            XCTAssertEqual(results.count, 500)
            XCTAssertEqual(Counted.alive, 500)
        }
        XCTAssertEqual(Counted.alive, 0, "results leaked")
    }
}
