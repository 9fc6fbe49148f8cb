import Blog
import Foundation
import TestSupport
import XCTest

/// `nakedblog PATH`, `PATH:LINE` and `+LINE PATH` open a post in the editor within the site that
/// holds it (Hugo or Jekyll); anything else is one line naming the path and why.
final class EditTargetTests: XCTestCase {
    private let demo = PackageRoot.appending("demo")
    private let jekyll = PackageRoot.appending("demo-jekyll")

    func testAPostOpensInItsSiteAtALine() throws {
        let post = "content/posts/cold-brew-ratios/index.md"
        XCTAssertEqual(try EditTarget.resolve([post], in: demo), EditTarget(siteRoot: demo, post: post, line: nil))
        XCTAssertEqual(
            try EditTarget.resolve([post + ":12"], in: demo), EditTarget(siteRoot: demo, post: post, line: 12))
        XCTAssertEqual(
            try EditTarget.resolve(["+7", demo + "/" + post], in: "/"), EditTarget(siteRoot: demo, post: post, line: 7))
        XCTAssertEqual(try EditTarget.resolve(["demo/" + post], in: PackageRoot.path).post, post)
        let jekyllPost =
            "_posts/" + (try FileManager.default.contentsOfDirectory(atPath: jekyll + "/_posts").sorted().first!)
        XCTAssertEqual(
            try EditTarget.resolve([jekyllPost], in: jekyll), EditTarget(siteRoot: jekyll, post: jekyllPost, line: nil))
    }

    func testAFolderOpensTheBrowserOfItsSite() throws {
        XCTAssertEqual(
            try EditTarget.resolve([], in: demo + "/content"), EditTarget(siteRoot: demo, post: nil, line: nil))
        XCTAssertEqual(
            try EditTarget.resolve(["content/posts"], in: demo), EditTarget(siteRoot: demo, post: nil, line: nil))
    }

    func testWhatCannotBeOpenedSaysWhy() throws {
        let work = try TemporaryDirectory(prefix: "nb-edit-target")
        defer { work.remove() }
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]).write(
            to: URL(fileURLWithPath: work.appending("photo.md")))
        try "# notes\n".write(toFile: work.appending("notes.md"), atomically: true, encoding: .utf8)
        let cases: [([String], String, String)] = [
            (["content/posts/nope.md"], demo, "content/posts/nope.md: no such file or directory"),
            (["hugo.toml"], demo, "hugo.toml: not a post"),
            (["photo.md"], work.path, "photo.md: it is an image"),
            (["notes.md"], work.path, "notes.md: it is not inside a Hugo or Jekyll site"),
            ([work.path], "/", "not inside a Hugo or Jekyll site"),
            (["a.md", "b.md"], demo, "give one site or post"),
        ]
        for (arguments, directory, expected) in cases {
            XCTAssertThrowsError(try EditTarget.resolve(arguments, in: directory), "\(arguments)") { error in
                XCTAssertTrue("\(error)".contains(expected), "\(arguments): \(error)")
            }
        }
    }
}
