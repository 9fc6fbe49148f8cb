import Blog
import Foundation
import XCTest

@testable import Preview

/// A picture alone in its paragraph is marked so the preview can draw it; only a file inside
/// the site is named.
final class PreviewPictureTests: XCTestCase {
    private func context(files: [String: String]) -> PreviewContext {
        var context = PreviewContext()
        context.pictureFile = { name in files[name].map { ($0, "v1") } }
        return context
    }

    func testAPictureAloneInItsParagraphIsMarked() {
        let lines = MarkdownPreview.render(
            markdown: "Text before.\n\n![A lake](lake.jpg)\n\nText after.\n", width: 60,
            context: context(files: ["lake.jpg": "/site/content/posts/x/lake.jpg"]))
        let marked = lines.filter { $0.picture != nil }
        XCTAssertEqual(marked.count, 1, lines.map(\.text).joined(separator: "\n"))
        XCTAssertEqual(
            marked.first?.picture, PreviewPicture(file: "/site/content/posts/x/lake.jpg", version: "v1", alt: "A lake"))
        XCTAssertEqual(marked.first?.text, "[image: A lake] lake.jpg")
    }

    func testAPictureInsideTextOrAListIsNotMarked() {
        let files = ["a.png": "/s/a.png"]
        for markdown in ["Look: ![a](a.png) here.\n", "- ![a](a.png)\n", "> ![a](a.png)\n"] {
            let lines = MarkdownPreview.render(markdown: markdown, width: 60, context: context(files: files))
            XCTAssertTrue(lines.allSatisfy { $0.picture == nil }, markdown)
        }
    }

    func testARemotePictureIsMarkedWithoutAFile() {
        let lines = MarkdownPreview.render(
            markdown: "![far](https://example.org/a.png)\n", width: 60, context: context(files: [:]))
        XCTAssertEqual(lines.first?.picture, PreviewPicture(file: nil, alt: "far"))
    }

    /// The site's rule: a picture that is a link out of the site, or into .git, names no file.
    func testAPictureLinkedOutOfTheSiteNamesNoFile() throws {
        let root = NSTemporaryDirectory() + "preview-picture-" + UUID().uuidString
        let bundle = root + "/content/posts/x"
        try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: bundle + "/in.png"))
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: root + "/.git/secret.png"))
        try FileManager.default.createSymbolicLink(atPath: bundle + "/out.png", withDestinationPath: "/etc/hostname")
        let context = PreviewContext.files(in: bundle, staticDirectory: root + "/static", site: root)
        XCTAssertEqual(context.pictureFile("in.png")?.file, bundle + "/in.png")
        XCTAssertNil(context.pictureFile("out.png"))
        XCTAssertNil(context.pictureFile("../../../.git/secret.png"))
        XCTAssertNil(context.pictureFile("../../../../../../etc/hostname"))
    }
}
