import Blog
import Foundation
import GitOps
import TestSupport
import XCTest

@testable import NakedblogApp

/// Ctrl-R adds images only: told by their first bytes, never from `.git/` or a file git ignores,
/// never through a link out of the site, and on a shared server only from inside the site, with
/// one message for every refusal (it tells nothing about what exists outside).
final class ImageSourceTests: XCTestCase {
    static let png = SampleImages.png

    func testFormatsAreToldByTheirFirstBytes() {
        XCTAssertEqual(ImageSource.format(of: Self.png), .png)
        XCTAssertEqual(ImageSource.format(of: Data([0xFF, 0xD8, 0xFF, 0xE0])), .jpeg)
        XCTAssertEqual(ImageSource.format(of: Data("GIF89a....".utf8)), .gif)
        XCTAssertEqual(ImageSource.format(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)), .webp)
        XCTAssertEqual(ImageSource.format(of: Data([0, 0, 0, 0x1C] + Array("ftypavif".utf8))), .avif)
        XCTAssertEqual(
            ImageSource.format(
                of: Data("<?xml version=\"1.0\"?>\n<!-- x -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)), .svg
        )
        XCTAssertNil(ImageSource.format(of: Data("[core]\n\trepositoryformatversion = 0\n".utf8)))
        XCTAssertNil(ImageSource.format(of: Data("<html><svg/></html>".utf8)))
        XCTAssertNil(ImageSource.format(of: Data()))
    }

    private func site(_ home: TestHome) throws -> (runner: EffectRunner, messages: MessageLog, site: String) {
        let site = home.path + "/site"
        try PackageRoot.copyDemo(to: site)
        try "ignored-photos/\n".write(toFile: site + "/.gitignore", atomically: true, encoding: .utf8)
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
            ["git", "config", "http.extraHeader", "Authorization: Bearer SECRET-TOKEN"],
        ] {
            try Shell.check(command, in: site, environment: home.environment)
        }
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        return (runner, messages, site)
    }

    private func add(_ source: String, _ runner: EffectRunner, _ messages: MessageLog, site: String) -> String? {
        let before = messages.count
        runner.run(.copyImage(source: source, post: "content/posts/tea-in-kyoto/index.md"), siteRoot: site)
        var answer: String?
        XCTAssertTrue(
            messages.wait(after: before) {
                switch $0 {
                case .imageCopied(_, let name, _, _, _): answer = "copied " + name; return true
                case .failed(let failure): answer = failure.title + ": " + failure.reason; return true
                default: return false
                }
            }, "every Ctrl-R answers")
        return answer
    }

    func testARestrictedAuthorCannotAddTheRepositorysConfigOrAnythingButAnImageInsideTheSite() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (runner, messages, site) = try site(home)
        runner.restricted = true
        let outside = home.path + "/outside.png"
        try Self.png.write(to: URL(fileURLWithPath: outside))
        try FileManager.default.createDirectory(atPath: site + "/ignored-photos", withIntermediateDirectories: true)
        try Self.png.write(to: URL(fileURLWithPath: site + "/ignored-photos/a.png"))
        try FileManager.default.createDirectory(atPath: site + "/static", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: site + "/static/link.png", withDestinationPath: outside)
        try FileManager.default.createSymbolicLink(
            atPath: site + "/static/config.png", withDestinationPath: "../.git/config")
        let refused = "Cannot add this image: not an image inside the site."
        for source in [
            site + "/.git/config", ".git/config", site + "/static/config.png", site + "/ignored-photos/a.png", outside,
            site + "/static/link.png", home.path + "/does-not-exist.png", "/etc/passwd", site + "/hugo.toml",
            site + "/content",
        ] {
            XCTAssertEqual(add(source, runner, messages, site: site), refused, source)
        }
        let files = try Shell.check(
            ["git", "status", "--porcelain", "--untracked-files=all"], in: site, environment: home.environment)
        XCTAssertFalse(files.contains("tea-in-kyoto/"), "nothing was added to the bundle: \(files)")

        try FileManager.default.createDirectory(atPath: site + "/static/photos", withIntermediateDirectories: true)
        try Self.png.write(to: URL(fileURLWithPath: site + "/static/photos/Kyoto Temple.PNG"))
        XCTAssertEqual(
            add(site + "/static/photos/Kyoto Temple.PNG", runner, messages, site: site), "copied kyoto-temple.png")
        // Fitted by the image helper (metadata stripped), still a PNG.
        let copied = try Data(contentsOf: URL(fileURLWithPath: site + "/content/posts/tea-in-kyoto/kyoto-temple.png"))
        XCTAssertEqual(ImageSource.format(of: copied), .png)
    }

    func testAnAuthorOnTheirOwnMachineIsToldWhyAFileIsRefused() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (runner, messages, site) = try site(home)
        let text = home.path + "/notes.png"
        try "not really a picture".write(toFile: text, atomically: true, encoding: .utf8)
        XCTAssertEqual(
            add(text, runner, messages, site: site),
            "Cannot add this image: \(text): it is not an image (JPEG, PNG, GIF, WebP, AVIF, HEIC/HEIF, TIFF or SVG, told by its first bytes)."
        )
        XCTAssertTrue(add(site + "/.git/config", runner, messages, site: site)?.contains("inside .git") == true)
        try FileManager.default.createDirectory(atPath: site + "/ignored-photos", withIntermediateDirectories: true)
        try Self.png.write(to: URL(fileURLWithPath: site + "/ignored-photos/a.png"))
        XCTAssertTrue(
            add(site + "/ignored-photos/a.png", runner, messages, site: site)?.contains("git ignores it") == true)
        XCTAssertTrue(add(home.path + "/nothing.png", runner, messages, site: site)?.contains("no such file") == true)
        // A PNG called .jpg is saved as what it is.
        let misnamed = home.path + "/photo.jpg"
        try Self.png.write(to: URL(fileURLWithPath: misnamed))
        XCTAssertEqual(add(misnamed, runner, messages, site: site), "copied photo.png")
    }
}
