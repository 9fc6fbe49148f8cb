import Foundation
import TestSupport
import XCTest

/// The bad-input catalogue: each gets a clear message, the right exit code, nothing changed on
/// disk — and never a crash or a broken terminal.
final class BadInputCatalogueTests: XCTestCase {
    private var home: TestHome!
    private var site: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        home = try TestHome()
        site = try TemporaryDirectory(prefix: "nb-bad-input")
        try PackageRoot.copyDemo(to: site.path)
    }

    override func tearDown() {
        session?.kill()
        home.remove()
        site.remove()
    }

    private func nakedblog(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = home.environment
        environment.merge(extra) { $1 }
        return try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: site.path, environment: environment, timeout: 60)
    }

    func testATenMegabytePostIsListedPreviewedAndEdited() throws {
        let directory = site.appending("content/posts/huge")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paragraph = String(repeating: "All work and no play makes a very long post. ", count: 20) + "\n\n"
        let body = String(repeating: paragraph, count: 10_500_000 / paragraph.utf8.count)
        try ("---\ntitle: \"Huge\"\ndate: 2024-01-01\n---\n" + body).write(
            toFile: directory + "/index.md", atomically: true, encoding: .utf8)
        let list = try nakedblog(["list", "--json"])
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertTrue(list.stdout.contains("\"Huge\""))
        let meta = try nakedblog(["meta", "content/posts/huge/index.md", "title", "Still huge"])
        XCTAssertEqual(meta.status, 0, meta.stderr)
        let preview = try nakedblog(["preview", "content/posts/huge/index.md", "--plain", "--width", "60"])
        XCTAssertEqual(preview.status, 0, preview.stderr)
    }

    func testAFullFileSystemAtSaveChangesNothing() throws {
        try requireRoot("a private tmpfs")
        try requireProgram("unshare")
        let file = site.appending("content/posts/tea-in-kyoto/index.md")
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let bundle = site.appending("content/posts/tea-in-kyoto")
        // A tiny tmpfs over the bundle (in a private mount namespace), pre-filled with the post and
        // then filled up. The app writes into that tmpfs, so the file is compared there, inside
        // the namespace, with the copy it started from; what the folder holds afterwards is listed.
        let quotedBundle = TestHome.shellQuote(bundle), quotedFile = TestHome.shellQuote(file)
        let script = """
            cp -a \(quotedBundle) /tmp/nb-full-copy-$$ && mount -t tmpfs -o size=12k tmpfs \(quotedBundle) \
            && cp -a /tmp/nb-full-copy-$$/. \(quotedBundle) \
            && (head -c 100000 /dev/zero > \(quotedBundle)/filler 2>/dev/null; true) || exit 99
            "$0" meta \(quotedFile) description "\(String(repeating: "x", count: 4000))"; status=$?
            if cmp -s \(quotedFile) /tmp/nb-full-copy-$$/index.md; then echo "post: unchanged"; else echo "post: changed"; fi
            echo "folder: $(ls -A \(quotedBundle) | tr '\\n' ' ')"
            rm -rf /tmp/nb-full-copy-$$
            exit $status
            """
        let result = try Shell.run(
            ["unshare", "-m", "sh", "-c", script, try Products.path("nakedblog")], environment: home.environment,
            timeout: 30)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("index.md"), result.stderr)
        XCTAssertTrue(result.stderr.lowercased().contains("space"), result.stderr)
        XCTAssertTrue(
            result.stdout.contains("post: unchanged"), "the file on the full disk was changed: \(result.stdout)")
        XCTAssertFalse(result.stdout.contains("nakedblog-"), "a temporary file was left behind: \(result.stdout)")
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), before, "outside the namespace too")
    }

    func testATitleCannotEscapeTheContentDirectory() throws {
        let result = try nakedblog(["new", "../../../../tmp/escape attempt"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let created = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(created.contains("content/posts/"), created)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/escape attempt"))
        XCTAssertFalse(created.contains(".."), created)
    }

    func testATinyTerminalTheCLocaleAndABinaryPostInTheApp() throws {
        try requireProgram("tmux")
        try Data([0x2D, 0x2D, 0x2D, 0x0A, 0x00, 0xFF, 0xFE, 0x00, 0x01]).write(
            to: URL(fileURLWithPath: site.appending("content/posts/cold-brew-ratios/index.md")))
        var environment = home.environment
        environment["LANG"] = "C"
        environment["LC_ALL"] = "C"
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site.path], width: 20, height: 5, environment: environment)
        self.session = session
        try session.waitFor("Terminal too", timeout: 15)
        try session.resize(width: 80, height: 24)
        try session.waitFor("1 problem (!)", timeout: 10)
        XCTAssertTrue(
            try session.screen().contains { $0.contains("京都でお茶を") }, "wide characters draw even in the C locale")
        try session.send(keys: "!")
        try session.waitFor("cold-brew-ratios/index.md", timeout: 10)
        try session.send(keys: "Enter", "q")
        XCTAssertEqual(try session.waitForExit(), 0)
        XCTAssertFalse(try session.isInAlternateScreen())
    }
}
