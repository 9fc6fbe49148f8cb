import Foundation
import TestSupport
import XCTest

/// The libraries come from the system the build ran on: libgit2 and Hunspell linked as found by
/// pkg-config (whatever their soname: Debian 12's libgit2 1.5, Debian 13's 1.9), and GNU
/// Source-highlight's large C++ chain (Boost.Regex, ICU) kept out of start-up behind
/// libnakedblog-highlight.so, opened on first use.
final class LibraryLoadingTests: XCTestCase {
    /// `--version` names the libgit2 and libcmark versions pkg-config reports for this build;
    /// a preview of a post loads neither Source-highlight nor ICU.
    func testTheLinkedLibrariesAreTheOnesPkgConfigFoundAndAPreviewLoadsNoHighlighter() throws {
        try requireProgram("pkg-config")
        let binary = try Products.path("nakedblog")
        let version = try Shell.run([binary, "--version"], timeout: 20)
        XCTAssertEqual(version.status, 0, version.stderr)
        let libgit2 = try Shell.check(["pkg-config", "--modversion", "libgit2"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let cmark = try Shell.check(["pkg-config", "--modversion", "libcmark"]).trimmingCharacters(
            in: .whitespacesAndNewlines)
        XCTAssertTrue(version.stdout.contains("libgit2 \(libgit2)"), "\(version.stdout) (pkg-config: \(libgit2))")
        XCTAssertTrue(version.stdout.contains("libcmark \(cmark)"), "\(version.stdout) (pkg-config: \(cmark))")

        let post = PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let preview = try Shell.run([binary, "preview", "--plain", post], environment: environment, timeout: 20)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(
            preview.stderr.contains("file=libcmark"), "the loader's trace is there: \(preview.stderr.prefix(500))")
        XCTAssertFalse(
            preview.stderr.contains("libnakedblog-highlight"), "the highlighter loaded for a preview without colour")
        XCTAssertFalse(preview.stderr.contains("file=libsource-highlight"), "Source-highlight linked at start-up")
        XCTAssertFalse(preview.stderr.contains("file=libicu"), "ICU linked at start-up")
    }

    /// GNU Source-highlight (libnakedblog-highlight.so, beside the binary) is opened when a code
    /// block is first coloured: a preview on a terminal of a post with a fenced block opens it,
    /// and its code comes out in colours.
    func testTheHighlighterIsOpenedWhenCodeIsColoured() throws {
        let directory = try TemporaryDirectory(prefix: "nb-lazy-highlight")
        defer { directory.remove() }
        let post = directory.appending("code.md")
        try "Some code:\n\n```go\nfunc main() { return }\n```\n".write(toFile: post, atomically: true, encoding: .utf8)
        let binary = try Products.path("nakedblog")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: (binary as NSString).deletingLastPathComponent + "/libnakedblog-highlight.so"),
            "make build puts the highlighter beside the binary")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        // `script` gives the preview a terminal, so it colours; the loader's trace goes to stderr.
        let traced = directory.appending("trace")
        let result = try Shell.run(
            ["script", "-qec", "\(binary) preview --width 60 \(post) 2>\(traced)", "/dev/null"],
            environment: environment, timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout)
        let trace = (try? String(contentsOfFile: traced, encoding: .utf8)) ?? ""
        XCTAssertTrue(trace.contains("libnakedblog-highlight.so"), "opened on first use: \(trace.suffix(800))")
        XCTAssertTrue(result.stdout.contains("func"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("\u{1B}[") && result.stdout.contains("func\u{1B}[0m"),
            "the keyword is coloured: \(result.stdout.debugDescription)")
    }

    /// Without libnakedblog-highlight.so beside it (a binary copied alone), code is shown plain:
    /// no error, no crash, the text all there.
    func testWithoutTheHighlighterCodeIsPlain() throws {
        // An installed nakedblog's highlighter is found by any binary (by design): not here.
        for installed in [
            "/usr/lib/nakedblog/libnakedblog-highlight.so", "/usr/local/lib/nakedblog/libnakedblog-highlight.so",
        ]
        where FileManager.default.fileExists(atPath: installed) {
            throw XCTSkip("nakedblog installed: \(installed) is there, so a binary copied alone still finds it")
        }
        let directory = try TemporaryDirectory(prefix: "nb-no-highlight")
        defer { directory.remove() }
        let post = directory.appending("code.md")
        try "Some code:\n\n```go\nfunc main() { return }\n```\n".write(toFile: post, atomically: true, encoding: .utf8)
        let alone = directory.appending("nakedblog")
        let binary = try Products.path("nakedblog")
        if link(binary, alone) != 0 { try FileManager.default.copyItem(atPath: binary, toPath: alone) }
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        let result = try Shell.run(
            ["script", "-qec", "\(alone) preview --width 60 \(post)", "/dev/null"], environment: environment,
            timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(
            result.stdout.contains("func main() { return }"), "the code, plain: \(result.stdout.debugDescription)")
    }

    /// A linked library that cannot be loaded stops the program before it starts: the dynamic
    /// loader names it (exit 127), and the screen is never taken.
    func testALibraryThatCannotBeLoadedIsNamed() throws {
        let binary = try Products.path("nakedblog")
        // The libgit2 this build linked, by the soname the system gave it.
        let linked = try Shell.check(["ldd", binary]).split(separator: "\n").compactMap { line -> String? in
            let name = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? ""
            return name.hasPrefix("libgit2.so") ? name : nil
        }
        let soname = try XCTUnwrap(linked.first, "libgit2 is linked")
        let directory = try TemporaryDirectory(prefix: "nb-lazy-lib")
        defer { directory.remove() }
        // An empty file where the dynamic loader looks first.
        FileManager.default.createFile(atPath: directory.appending(soname), contents: Data())
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = directory.path
        let version = try Shell.run([binary, "--version"], environment: environment, timeout: 20)
        XCTAssertEqual(version.status, 127, version.stdout + version.stderr)
        XCTAssertTrue(version.stderr.contains(soname), version.stderr)
        let app = try Shell.run([binary, PackageRoot.appending("demo")], environment: environment, timeout: 20)
        XCTAssertEqual(app.status, 127, app.stdout + app.stderr)
        XCTAssertFalse(app.stdout.contains("\u{1B}["), "the screen was never taken")
    }
}
