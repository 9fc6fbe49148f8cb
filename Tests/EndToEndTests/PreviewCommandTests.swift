import Foundation
import XCTest
import TestSupport

final class PreviewCommandTests: XCTestCase {
    private let post = PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")

    func testPlainOutputHasNoEscapeCodesAndFitsTheWidth() throws {
        let result = try Shell.run([try Products.path("nakedblog"), "preview", post, "--width", "50"], timeout: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "not a terminal: no escape codes")
        XCTAssertTrue(result.stdout.contains("│ Write   │ nakedblog │      over SSH │"), result.stdout)
        XCTAssertTrue(result.stdout.contains("start with the walk in"), "ref shortcode resolved against the site:\n\(result.stdout)")
        XCTAssertFalse(result.stdout.contains("missing page"), result.stdout)
        XCTAssertFalse(result.stdout.contains("title:"), "front matter is not shown")
    }

    func testColoursOnATerminalUnlessPlainOrNO_COLOR() throws {
        try requireProgram("script")
        let binary = try Products.path("nakedblog")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil  // the test runner may set it
        let coloured = try Shell.run(["script", "-qec", "\(binary) preview \(post) --width 60", "/dev/null"], environment: environment, timeout: 20)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}["), "colours on a terminal: \(coloured.stdout.prefix(300)) \(coloured.stderr)")
        let plain = try Shell.run(["script", "-qec", "\(binary) preview \(post) --width 60 --plain", "/dev/null"], timeout: 20)
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        let noColor = try Shell.run(["script", "-qec", "env NO_COLOR=1 \(binary) preview \(post) --width 60", "/dev/null"], timeout: 20)
        XCTAssertFalse(noColor.stdout.contains("\u{1B}["))
    }

    func testBadInput() throws {
        let missing = try Shell.run([try Products.path("nakedblog"), "preview", "/nonexistent.md"], timeout: 20)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("/nonexistent.md: cannot read the file. It does not exist"), missing.stderr)
        let width = try Shell.run([try Products.path("nakedblog"), "preview", post, "--width", "5"], timeout: 20)
        XCTAssertEqual(width.status, 2, width.stderr)
    }
}
