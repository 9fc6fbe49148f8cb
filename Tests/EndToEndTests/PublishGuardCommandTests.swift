import Foundation
import TestSupport
import XCTest

/// `nakedblog publish` refuses a post whose front matter would stop being readable (exit 6,
/// file and line named, nothing committed or pushed), `--force` publishes it, and probable
/// accidents are warned about on stderr without blocking.
final class PublishGuardCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var server: GitDaemonServer!
    private var remote: String!

    override func setUpWithError() throws {
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-publish-guard")
        server = try GitDaemonServer()
        let fixture = try BlogFixture.make(.init(posts: 3, imagesPerPost: 0, imageBytes: 0, commits: 1))
        remote = try server.createRepository(named: "blog", from: fixture.path)
    }

    override func tearDown() {
        server.stop()
        home.remove()
        work.remove()
    }

    /// A clone, its first post's page (relative) and the page's text.
    private func cloneWithPost() throws -> (clone: String, page: String, text: String) {
        let clone = work.appending("blog")
        try home.git(["clone", "--quiet", server.url(for: "blog"), clone])
        let post =
            "content/posts/"
            + (try FileManager.default.contentsOfDirectory(atPath: clone + "/content/posts").sorted()[0])
        let page = post + "/index.md"
        return (clone, page, try String(contentsOfFile: clone + "/" + page, encoding: .utf8))
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 120)
    }

    func testABrokenOpeningLineIsRefusedAndForcePublishesIt() throws {
        let (clone, page, text) = try cloneWithPost()
        XCTAssertTrue(text.hasPrefix("---\n"))
        try ("hello " + text).write(toFile: clone + "/" + page, atomically: true, encoding: .utf8)
        let remoteBefore = try home.git(["rev-parse", "main"], in: remote)
        let localBefore = try home.git(["rev-parse", "HEAD"], in: clone)

        let refused = try nakedblog(["publish", page], in: clone)
        XCTAssertEqual(refused.status, 6, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("\(page):1: front matter does not start with ---"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--force"), refused.stderr)
        XCTAssertEqual(try home.git(["rev-parse", "HEAD"], in: clone), localBefore, "nothing committed")
        XCTAssertEqual(try home.git(["rev-parse", "main"], in: remote), remoteBefore, "nothing pushed")

        let forced = try nakedblog(["publish", "--force", page], in: clone)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertTrue(forced.stderr.contains("published anyway"), forced.stderr)
        XCTAssertNotEqual(try home.git(["rev-parse", "main"], in: remote), remoteBefore)
    }

    func testCheckSaysTheSameWithoutCommitting() throws {
        let (clone, page, text) = try cloneWithPost()
        let ok = try nakedblog(["check", page], in: clone)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.hasPrefix("ok: \((page as NSString).deletingLastPathComponent)\n"), ok.stdout)
        try ("hello " + text).write(toFile: clone + "/" + page, atomically: true, encoding: .utf8)
        let refused = try nakedblog(["check", page], in: clone)
        XCTAssertEqual(refused.status, 6, refused.stderr)
        XCTAssertTrue(
            refused.stdout.hasPrefix("refused: \(page):1: front matter does not start with ---"), refused.stdout)
        let json = try nakedblog(["check", "--json", page], in: clone)
        XCTAssertEqual(json.status, 6)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let parsed = try XCTUnwrap(report["posts"] as? [[String: Any]])
        XCTAssertTrue((parsed.first?["refused"] as? String)?.hasPrefix(page + ":1:") == true, json.stdout)
        XCTAssertEqual(try home.git(["status", "--porcelain"], in: clone), " M \(page)", "check commits nothing")
    }

    func testFrontMatterThatNoLongerParsesIsRefusedWithItsLine() throws {
        let (clone, page, text) = try cloneWithPost()
        let broken = text.replacingOccurrences(of: "\ntitle:", with: "\ntitle: [unclosed\nx:", options: [], range: nil)
        try broken.write(toFile: clone + "/" + page, atomically: true, encoding: .utf8)
        let refused = try nakedblog(["publish", page], in: clone)
        XCTAssertEqual(refused.status, 6, refused.stderr)
        XCTAssertTrue(refused.stderr.contains(page + ":"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("YAML"), refused.stderr)
    }

    func testAnEmptiedTitleIsWarnedAboutAndPublished() throws {
        let (clone, page, text) = try cloneWithPost()
        let lines = text.components(separatedBy: "\n").map { $0.hasPrefix("title:") ? "title: \"\"" : $0 }
        try lines.joined(separator: "\n").write(toFile: clone + "/" + page, atomically: true, encoding: .utf8)
        let result = try nakedblog(["publish", page], in: clone)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: \(page): title emptied (was “"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Published 1 commit"), result.stdout)
    }

    func testAPageThatNeverHadFrontMatterIsNotAffected() throws {
        let (clone, _, _) = try cloneWithPost()
        try "Just words.\n".write(toFile: clone + "/content/about.md", atomically: true, encoding: .utf8)
        try home.git(["add", "content/about.md"], in: clone)
        try home.git(["commit", "--quiet", "-m", "about"], in: clone)
        try "Just more words.\n".write(toFile: clone + "/content/about.md", atomically: true, encoding: .utf8)
        let result = try nakedblog(["publish", "content/about.md"], in: clone)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
    }
}
