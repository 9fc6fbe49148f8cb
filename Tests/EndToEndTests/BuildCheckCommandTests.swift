import Foundation
import TestSupport
import XCTest

/// `publish` and `check` build the site with its own generator before committing: a post that
/// breaks the build is refused with the generator's message; a site broken before does not block.
final class BuildCheckCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var remote: String!

    override func setUpWithError() throws {
        try requireProgram("hugo")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-build-check")
    }

    override func tearDown() {
        home?.remove()
        work?.remove()
    }

    /// A clone of `source` (a site folder) with a local bare remote.
    private func site(from source: String) throws -> String {
        let seed = work.appending("seed"), clone = work.appending("site")
        let bare = work.appending("remote.git")
        remote = bare
        try Shell.check(["cp", "-R", source, seed])
        try Shell.check(["chmod", "-R", "u+w", seed])  // the corpus may be read-only
        for command in [
            ["init", "-q", "-b", "main", seed], ["-C", seed, "add", "-A"], ["-C", seed, "commit", "-qm", "Start"],
            ["clone", "-q", "--bare", seed, bare], ["clone", "-q", bare, clone],
        ] {
            try home.git(command)
        }
        return clone
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 180)
    }

    private func remoteHead() throws -> String { try home.git(["rev-parse", "main"], in: remote) }

    private func write(_ text: String, _ path: String, in site: String) throws {
        try FileManager.default.createDirectory(
            atPath: ((site + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: site + "/" + path, atomically: true, encoding: .utf8)
    }

    func testAnUnknownShortcodeIsRefusedWithHugosMessageAndNoCheckPublishesIt() throws {
        let site = try site(from: PackageRoot.appending("demo"))
        try write(
            "---\ntitle: Broken\ndate: 2026-11-20\n---\nHello\n\n{{< nosuch >}}\n", "content/posts/broken/index.md",
            in: site)
        let before = try remoteHead()
        let refused = try nakedblog(["publish", "content/posts/broken/index.md"], in: site)
        XCTAssertEqual(refused.status, 6, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("content/posts/broken/index.md:7:1"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("shortcode \"nosuch\" not found"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--no-check"), refused.stderr)
        XCTAssertEqual(try remoteHead(), before, "nothing pushed")
        XCTAssertEqual(try home.git(["rev-list", "--count", "HEAD"], in: site), "1", "nothing committed")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: site + "/public/posts/broken"), "nothing built into the site")
        XCTAssertEqual(
            try home.git(["status", "--porcelain", "--untracked-files=all"], in: site),
            "?? content/posts/broken/index.md",
            "the check wrote nothing into the site")

        let check = try nakedblog(["check", "content/posts/broken/index.md"], in: site)
        XCTAssertEqual(check.status, 6, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("build: The site does not build with hugo"), check.stdout)

        let forced = try nakedblog(["publish", "--no-check", "content/posts/broken/index.md"], in: site)
        XCTAssertEqual(forced.status, 0, forced.stderr)
        XCTAssertNotEqual(try remoteHead(), before)
    }

    func testTheCheckIsOffForASiteOrWithoutItsGenerator() throws {
        let site = try site(from: PackageRoot.appending("demo"))
        try write("---\ntitle: Broken\n---\n{{< nosuch >}}\n", "content/posts/broken/index.md", in: site)
        // No hugo on PATH: said once, published as before.
        var environment = home.environment
        environment["PATH"] = "/nonexistent"
        let without = try Shell.run(
            [try Products.path("nakedblog"), "publish", "--no-push", "content/posts/broken/index.md"], in: site,
            environment: environment, timeout: 60)
        XCTAssertEqual(without.status, 0, without.stderr)
        XCTAssertTrue(without.stderr.contains("hugo is not installed: the build check is skipped."), without.stderr)
        // A site that turned the check off.
        try write("---\ntitle: Broken too\n---\n{{< nosuch >}}\n", "content/posts/broken-too/index.md", in: site)
        try home.git(["config", "nakedblog.check", "off"], in: site)
        let off = try nakedblog(["publish", "content/posts/broken-too/index.md"], in: site)
        XCTAssertEqual(off.status, 0, off.stderr)
        XCTAssertFalse(off.stderr.contains("does not build"), off.stderr)
    }

    func testASiteAlreadyBrokenDoesNotBlockAGoodPost() throws {
        let site = try site(from: PackageRoot.appending("demo"))
        try write("---\ntitle: Old break\n---\n{{< gone >}}\n", "content/posts/old-break/index.md", in: site)
        try home.git(["add", "-A"], in: site)
        try home.git(["commit", "-qm", "Broken earlier"], in: site)
        try home.git(["push", "-q"], in: site)
        try write("---\ntitle: Fine\ndate: 2026-11-21\n---\nA good post.\n", "content/posts/fine/index.md", in: site)
        let published = try nakedblog(["publish", "content/posts/fine/index.md"], in: site)
        XCTAssertEqual(published.status, 0, published.stderr)
        XCTAssertTrue(published.stderr.contains("already broken"), published.stderr)
        XCTAssertTrue(published.stderr.contains("old-break/index.md"), published.stderr)
        XCTAssertEqual(try home.git(["log", "-1", "--format=%s", "main"], in: remote), "Publish: Fine")
    }

    func testCheckSaysWhereAndWhenAndItsURLsAreHugosOnTwoCorpusSites() throws {
        guard let corpus = PackageRoot.sharedCorpus else {
            throw XCTSkip("no corpus: ../shared/corpus is not present beside the checkout")
        }
        var compared = 0
        let names = ["adityatelange__hugo-PaperMod", "luizdepra__hugo-coder"]
        for (folder, name) in try requireHugos().flatMap({ folder in names.map { (folder, $0) } }) {
            try? FileManager.default.removeItem(atPath: work.appending("seed"))
            try? FileManager.default.removeItem(atPath: work.appending("site"))
            try? FileManager.default.removeItem(atPath: work.appending("remote.git"))
            let site = try site(from: corpus + "/" + name)
            let rows = try HugoListing(site: site, hugo: folder + "/hugo", timeout: 120).rows
            let pages = rows.map(\.path)
            let check = try nakedblog(["check", "--json", "--no-build"] + pages, in: site)
            XCTAssertEqual(check.status, 0, check.stderr)
            let report = try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as! [String: Any]
            let posts = report["posts"] as! [[String: Any]]
            let byPage = Dictionary(posts.map { ($0["path"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
            for row in rows {
                let key = byPage[row.path] == nil ? (row.path as NSString).deletingLastPathComponent : row.path
                XCTAssertEqual(byPage[key]?["url"] as? String, row.url, "\(name) with \(folder): \(row.path)")
                compared += 1
            }
            XCTAssertEqual(report["build"] as? String, "skipped")
        }
        print("BuildCheckCommandTests: \(compared) URLs from check agree with hugo list all")
    }

    func testJekyllPostWithAnUnknownTagIsRefused() throws {
        try requireProgram("jekyll")
        let site = try site(from: PackageRoot.appending("demo-jekyll"))
        try write("---\nlayout: post\ntitle: Oops\n---\nBefore\n\n{% nosuch %}\n", "_drafts/oops.md", in: site)
        let refused = try nakedblog(["publish", "--undraft", "_drafts/oops.md"], in: site)
        XCTAssertEqual(refused.status, 6, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("Unknown tag 'nosuch'"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("-oops.md"), refused.stderr)
        let good = try nakedblog(["check", "--undraft", "_drafts/ideas-for-winter.md"], in: site)
        XCTAssertEqual(good.status, 0, good.stdout + good.stderr)
        XCTAssertTrue(good.stdout.contains("build: The site builds with jekyll"), good.stdout)
        XCTAssertNotNil(
            good.stdout.range(
                of: #"_posts/\d{4}-\d\d-\d\d-ideas-for-winter.md: appears at /\d{4}/\d\d/ideas-for-winter/ now"#,
                options: .regularExpression), good.stdout)
    }
}
