import Foundation
import TestSupport
import XCTest

@testable import Blog

/// New posts from real archetypes match `hugo new` on the same input, and hugo accepts them.
final class ArchetypeTests: XCTestCase {
    private let clock = "2024-05-06T07:08:09Z"
    private var now: Date { HugoDate.parse(clock)!.date }

    /// Sites with archetypes: the corpus ones, the extra bundle archetype, and the demo.
    private func sitesWithArchetypes() throws -> [String] {
        var sites = try Corpus.sites().filter { FileManager.default.fileExists(atPath: $0 + "/archetypes") }
        if let corpus = PackageRoot.sharedCorpus {
            sites.append(corpus + "/_archetypes_extra/g1eny0ung__hugo-theme-dream")
        }
        return sites + [PackageRoot.appending("demo")]
    }

    /// With Debian's Hugo and a current one.
    func testEveryArchetypeMatchesHugoNew() throws {
        for folder in try requireHugos() {
            let compared = try compare(hugo: folder + "/hugo")
            XCTAssertGreaterThanOrEqual(compared, 12, folder)
        }
    }

    private func compare(hugo: String) throws -> Int {
        var compared = 0
        for original in try sitesWithArchetypes() {
            let copy = try Corpus.copy(original)
            defer { copy.remove() }
            if !FileManager.default.fileExists(atPath: copy.appending("hugo.toml")) && !Site.isSiteRoot(copy.path) {
                try "title = \"Archetype test\"\n".write(
                    toFile: copy.appending("hugo.toml"), atomically: true, encoding: .utf8)
            }
            try FileManager.default.createDirectory(
                atPath: copy.appending("content"), withIntermediateDirectories: true)
            let site = try Site.open(containing: copy.path)
            let entries = try FileManager.default.contentsOfDirectory(atPath: copy.appending("archetypes")).sorted()
            for entry in entries where !entry.hasPrefix(".") {
                let isBundle = !entry.hasSuffix(".md")
                let kind = isBundle ? entry : String(entry.dropLast(3))
                let section = kind == "default" ? "misc" : kind
                // A bundle and a file archetype of one kind make two posts (current Hugo refuses
                // a file beside a bundle of the same name).
                let name = isBundle ? "a-day-in-the-life-bundled" : "a-day-in-the-life"
                let target = isBundle ? "\(section)/\(name)" : "\(section)/\(name).md"
                let result = try Shell.run(
                    [hugo, "new", "--clock", clock, target, "--source", copy.path],
                    environment: ProcessInfo.processInfo.environment.merging(["TZ": "UTC"]) { $1 })
                guard result.status == 0 else {
                    XCTFail(
                        "\(hugo) new \(target) failed in \((original as NSString).lastPathComponent): \(result.stderr)")
                    continue
                }
                let hugoPath = copy.appending("content/" + (isBundle ? target + "/index.md" : target))
                let hugoText = try String(contentsOfFile: hugoPath, encoding: .utf8)
                try FileManager.default.removeItem(atPath: copy.appending("content/" + target))
                let title = TitleCase.apply(name.replacingOccurrences(of: "-", with: " "))
                let creator = PostCreator(site: site)
                let created = try creator.create(
                    .init(
                        title: title, section: section, bundle: isBundle, now: now,
                        timeZone: TimeZone(secondsFromGMT: 0)!))
                let ours = try String(contentsOfFile: site.absolute(created.path), encoding: .utf8)
                // Hugo's output plus the same finishing touches (the user's title, draft, a date).
                let expected = try creator.finish(
                    hugoText, title: title, now: now, timeZone: TimeZone(secondsFromGMT: 0)!, archetype: target)
                XCTAssertEqual(ours, expected, "\((original as NSString).lastPathComponent) archetype \(entry)")
                compared += 1
            }
            // Hugo accepts every post we created.
            let list = try HugoListing(site: copy.path, hugo: hugo)
            XCTAssertTrue(
                list.rows.contains { $0.path.contains("a-day-in-the-life") }, (original as NSString).lastPathComponent)
        }
        return compared
    }

    func testLookupOrderBundleThenFileThenDefaultThenBuiltIn() throws {
        let dir = try TemporaryDirectory(prefix: "nb-archetype")
        defer { dir.remove() }
        try "title = \"T\"\ntheme = \"t\"\n".write(
            toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        let site = try Site.open(containing: dir.path)
        XCTAssertEqual(Archetype.find(kind: "posts", in: site).source, .builtIn)
        try FileManager.default.createDirectory(
            atPath: dir.appending("themes/t/archetypes"), withIntermediateDirectories: true)
        try "---\n---\n".write(
            toFile: dir.appending("themes/t/archetypes/default.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Archetype.find(kind: "posts", in: site).source, .file("themes/t/archetypes/default.md"))
        try FileManager.default.createDirectory(
            atPath: dir.appending("archetypes/posts"), withIntermediateDirectories: true)
        try "---\n---\n".write(toFile: dir.appending("archetypes/default.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Archetype.find(kind: "posts", in: site).source, .file("archetypes/default.md"))
        try "---\n---\n".write(toFile: dir.appending("archetypes/posts.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Archetype.find(kind: "posts", in: site).source, .file("archetypes/posts.md"))
        try "---\n---\n".write(toFile: dir.appending("archetypes/posts/index.md"), atomically: true, encoding: .utf8)
        XCTAssertEqual(Archetype.find(kind: "posts", in: site).source, .bundle(directory: "archetypes/posts"))
        XCTAssertEqual(Archetype.find(kind: "posts", in: site, allowBundle: false).source, .file("archetypes/posts.md"))
    }

    func testUnsupportedTemplateExpressionIsNamed() throws {
        let dir = try TemporaryDirectory(prefix: "nb-archetype")
        defer { dir.remove() }
        try "title = \"T\"\n".write(toFile: dir.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir.appending("archetypes"), withIntermediateDirectories: true)
        try "---\ntitle: x\n{{ if .Draft }}draft: true{{ end }}\n---\n".write(
            toFile: dir.appending("archetypes/default.md"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PostCreator(site: try Site.open(containing: dir.path)).create(.init(title: "Hello"))) {
            error in
            let error = error as! ContentError
            XCTAssertEqual(error.file, "archetypes/default.md")
            XCTAssertEqual(error.line, 3)
            XCTAssertTrue(error.problem.contains("if .Draft"), error.description)
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: dir.appending("content/posts/hello")), "nothing is written")
    }
}

final class HugoReleaseTests: XCTestCase {
    func testReleaseIsReadFromHugoVersion() {
        XCTAssertEqual(HugoRelease.parse("hugo v0.111.3+extended linux/amd64 BuildDate=unknown\n"), [0, 111, 3])
        XCTAssertEqual(
            HugoRelease.parse("hugo v0.168.0-2d3e8b5f+extended linux/arm64 BuildDate=2026-10-01\n"), [0, 168, 0])
        XCTAssertNil(HugoRelease.parse("command not found"))
    }
}
