import Foundation
import XCTest
import TestSupport

/// libgit2 and Hunspell are loaded on first use (`CGit2Loader`, `CHunspellLoader`), which keeps
/// them out of every command's start-up that does not need them.
final class LazyLibraryTests: XCTestCase {
    /// libgit2 and Hunspell are loaded when first used, not at start-up: a preview (of a post in
    /// a site) loads neither; `--version` (which asks libgit2 its version) loads libgit2 then.
    func testAPreviewLoadsNeitherLibgit2NorHunspell() throws {
        let post = PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")
        let binary = try Products.path("nakedblog")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let preview = try Shell.run([binary, "preview", "--plain", post], environment: environment, timeout: 20)
        XCTAssertEqual(preview.status, 0, preview.stderr)
        XCTAssertTrue(preview.stderr.contains("file=libcmark"), "the loader's trace is there: \(preview.stderr.prefix(500))")
        XCTAssertFalse(preview.stderr.contains("file=libgit2"), "libgit2 loaded for a preview")
        XCTAssertFalse(preview.stderr.contains("file=libhunspell"), "Hunspell loaded for a preview")
        XCTAssertFalse(preview.stderr.contains("libnakedblog-highlight"), "the highlighter loaded for a preview without colour")
        XCTAssertFalse(preview.stderr.contains("file=libsource-highlight"), "Source-highlight linked at start-up")
        XCTAssertFalse(preview.stderr.contains("file=libicu"), "ICU linked at start-up")
        let version = try Shell.run([binary, "--version"], environment: environment, timeout: 20)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stderr.contains("file=libgit2.so.1.5"), "libgit2 loaded on first use")
        XCTAssertTrue(version.stdout.contains("libgit2 1."), version.stdout)
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
        XCTAssertTrue(FileManager.default.fileExists(atPath: (binary as NSString).deletingLastPathComponent + "/libnakedblog-highlight.so"),
                      "make build puts the highlighter beside the binary")
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        // `script` gives the preview a terminal, so it colours; the loader's trace goes to stderr.
        let traced = directory.appending("trace")
        let result = try Shell.run(["script", "-qec", "\(binary) preview --width 60 \(post) 2>\(traced)", "/dev/null"],
                                   environment: environment, timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout)
        let trace = (try? String(contentsOfFile: traced, encoding: .utf8)) ?? ""
        XCTAssertTrue(trace.contains("libnakedblog-highlight.so"), "opened on first use: \(trace.suffix(800))")
        XCTAssertTrue(result.stdout.contains("func"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\u{1B}[") && result.stdout.contains("func\u{1B}[0m"), "the keyword is coloured: \(result.stdout.debugDescription)")
    }

    /// Without libnakedblog-highlight.so beside it (a binary copied alone), code is shown plain:
    /// no error, no crash, the text all there.
    func testWithoutTheHighlighterCodeIsPlain() throws {
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
        let result = try Shell.run(["script", "-qec", "\(alone) preview --width 60 \(post)", "/dev/null"], environment: environment, timeout: 20)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("func main() { return }"), "the code, plain: \(result.stdout.debugDescription)")
    }

    /// A library that cannot be loaded when first used ends the command with its name and the
    /// loader's reason (exit 127), not a crash.
    func testALibraryThatCannotBeLoadedIsNamed() throws {
        let post = PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")
        let binary = try Products.path("nakedblog")
        let directory = try TemporaryDirectory(prefix: "nb-lazy-lib")
        defer { directory.remove() }
        // An empty file where the dynamic loader looks first.
        FileManager.default.createFile(atPath: directory.appending("libgit2.so.1.5"), contents: Data())
        var environment = ProcessInfo.processInfo.environment
        environment["LD_LIBRARY_PATH"] = directory.path
        let version = try Shell.run([binary, "--version"], environment: environment, timeout: 20)
        XCTAssertEqual(version.status, 127, version.stdout + version.stderr)
        XCTAssertTrue(version.stderr.contains("nakedblog: cannot load libgit2.so.1.5 (dlopen):"), version.stderr)
        // The full-screen app loads it before it takes the screen: the same message, at once.
        let app = try Shell.run([binary, PackageRoot.appending("demo")], environment: environment, timeout: 20)
        XCTAssertEqual(app.status, 127, app.stdout + app.stderr)
        XCTAssertTrue(app.stderr.contains("cannot load libgit2.so.1.5"), app.stderr)
        XCTAssertFalse(app.stdout.contains("\u{1B}["), "the screen was never taken")
        // A preview needs no libgit2: it still works.
        let preview = try Shell.run([binary, "preview", "--plain", post], environment: environment, timeout: 20)
        XCTAssertEqual(preview.status, 0, preview.stderr)
    }

}
