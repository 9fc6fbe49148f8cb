import Foundation
import TestSupport
import XCTest

final class PreviewCommandTests: XCTestCase {
    private let post = PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")

    func testPlainOutputHasNoEscapeCodesAndFitsTheWidth() throws {
        let result = try Shell.run([try Products.path("nakedblog"), "preview", post, "--width", "50"], timeout: 20)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "not a terminal: no escape codes")
        XCTAssertTrue(result.stdout.contains("│ Write   │ nakedblog │      over SSH │"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("start with the walk in"),
            "ref shortcode resolved against the site:\n\(result.stdout)")
        XCTAssertFalse(result.stdout.contains("missing page"), result.stdout)
        XCTAssertFalse(result.stdout.contains("title:"), "front matter is not shown")
    }

    /// The arguments read without the parser mean what the parser reads them as; anything else
    /// still goes to the parser (its messages and exit codes), and a restricted server still refuses.
    func testArgumentsReadWithoutTheParserAgreeWithIt() throws {
        let binary = try Products.path("nakedblog")
        let spaced = try Shell.run([binary, "preview", post, "--width", "40", "--plain"], timeout: 20)
        let joined = try Shell.run([binary, "preview", "--plain", "--width=40", post], timeout: 20)
        let parsed = try Shell.run([binary, "preview", post, "--width", "40", "--verbose"], timeout: 20)
        XCTAssertEqual(spaced.status, 0, spaced.stderr)
        XCTAssertEqual(spaced.stdout, joined.stdout)
        XCTAssertEqual(spaced.stdout, parsed.stdout, "the parser's path (--verbose) prints the same")
        let narrow = try Shell.run([binary, "preview", post, "--width", "10"], timeout: 20)
        XCTAssertEqual(narrow.status, 2)
        XCTAssertTrue(narrow.stderr.contains("--width must be between 20 and 1000"), narrow.stderr)
        let two = try Shell.run([binary, "preview", post, post], timeout: 20)
        XCTAssertEqual(two.status, 2, "a second file is the parser's error: \(two.stderr)")
        var environment = ProcessInfo.processInfo.environment
        environment["NAKEDBLOG_RESTRICTED"] = "1"
        let restricted = try Shell.run([binary, "preview", post], environment: environment, timeout: 20)
        XCTAssertNotEqual(restricted.status, 0)
        XCTAssertTrue(restricted.stderr.contains("only the app runs on this server"), restricted.stderr)
        let missing = try Shell.run([binary, "preview", post + ".nope"], timeout: 20)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.hasPrefix("nakedblog: "), missing.stderr)
    }

    func testColoursOnATerminalUnlessPlainOrNO_COLOR() throws {
        try requireProgram("script")
        let binary = try Products.path("nakedblog")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil  // the test runner may set it
        let coloured = try Shell.run(
            ["script", "-qec", "\(binary) preview \(post) --width 60", "/dev/null"], environment: environment,
            timeout: 20)
        XCTAssertTrue(
            coloured.stdout.contains("\u{1B}["),
            "colours on a terminal: \(coloured.stdout.prefix(300)) \(coloured.stderr)")
        let plain = try Shell.run(
            ["script", "-qec", "\(binary) preview \(post) --width 60 --plain", "/dev/null"], timeout: 20)
        XCTAssertFalse(plain.stdout.contains("\u{1B}["))
        let noColor = try Shell.run(
            ["script", "-qec", "env NO_COLOR=1 \(binary) preview \(post) --width 60", "/dev/null"], timeout: 20)
        XCTAssertFalse(noColor.stdout.contains("\u{1B}["))
        let dumb = try Shell.run(
            ["script", "-qec", "env TERM=dumb \(binary) preview \(post) --width 60", "/dev/null"],
            environment: environment, timeout: 20)
        XCTAssertFalse(dumb.stdout.contains("\u{1B}["))
    }

    /// Code blocks coloured by language on a terminal (a Go keyword in magenta, a string in
    /// green), plain under --plain.
    func testCodeIsColouredByLanguage() throws {
        try requireProgram("script")
        let binary = try Products.path("nakedblog")
        let work = try TemporaryDirectory(prefix: "nb-code")
        defer { work.remove() }
        let file = work.appending("code.md")
        try "# Code\n\n```golang\nfunc main() { println(\"hi\") }\n```\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        let coloured = try Shell.run(
            ["script", "-qec", "\(binary) preview \(file) --width 60", "/dev/null"], environment: environment,
            timeout: 20)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[35mfunc\u{1B}[0m"), coloured.stdout)
        XCTAssertTrue(coloured.stdout.contains("\u{1B}[32m\"hi\"\u{1B}[0m"), coloured.stdout)
        let plain = try Shell.run(
            ["script", "-qec", "\(binary) preview \(file) --width 60 --plain", "/dev/null"], environment: environment,
            timeout: 20)
        XCTAssertTrue(plain.stdout.contains("func main() { println(\"hi\") }"), plain.stdout)
    }

    func testBadInput() throws {
        let missing = try Shell.run([try Products.path("nakedblog"), "preview", "/nonexistent.md"], timeout: 20)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(
            missing.stderr.contains("/nonexistent.md: cannot read the file. It does not exist"), missing.stderr)
        let width = try Shell.run([try Products.path("nakedblog"), "preview", post, "--width", "5"], timeout: 20)
        XCTAssertEqual(width.status, 2, width.stderr)
    }
}

/// A Git LFS pointer standing in for an image is named as such.
final class LFSPointerPreviewTests: XCTestCase {
    func testAnLFSPointerImageIsFlagged() throws {
        let directory = try TemporaryDirectory(prefix: "nb-lfs")
        defer { directory.remove() }
        try "---\ntitle: LFS\n---\n![A big photo](photo.jpg)\n\n![Here](real.png)\n".write(
            toFile: directory.appending("index.md"), atomically: true, encoding: .utf8)
        try
            "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
            .write(toFile: directory.appending("photo.jpg"), atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: directory.appending("real.png")))
        let result = try Shell.run([
            try Products.path("nakedblog"), "preview", directory.appending("index.md"), "--plain",
        ])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains("[image: A big photo] photo.jpg (Git LFS pointer: run git lfs pull)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[image: Here] real.png\n"), result.stdout)
    }

}
