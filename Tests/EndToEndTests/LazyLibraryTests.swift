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
        let version = try Shell.run([binary, "--version"], environment: environment, timeout: 20)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stderr.contains("file=libgit2.so.1.5"), "libgit2 loaded on first use")
        XCTAssertTrue(version.stdout.contains("libgit2 1."), version.stdout)
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
