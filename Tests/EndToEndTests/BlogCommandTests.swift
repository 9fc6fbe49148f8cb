import Foundation
import TestSupport
import XCTest

/// `list`, `new` and `meta` through the real binary, checked with hugo where it matters.
final class BlogCommandTests: XCTestCase {
    private var home: TestHome!
    private var site: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        site = try TemporaryDirectory(prefix: "nb-cli-site")
        try PackageRoot.copyDemo(to: site.path)
    }

    override func tearDown() {
        home.remove()
        site.remove()
    }

    private func run(_ arguments: [String], in directory: String? = nil) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory ?? site.path, environment: home.environment,
            timeout: 30)
    }

    /// Issue 45.11: a repository whose site is in a folder (GitHub Pages' `docs/`, a theme's
    /// `exampleSite/`) is found from its root; two sites are named, not guessed between.
    func testASiteInAFolderIsFoundFromTheRepositoryRoot() throws {
        let repository = try TemporaryDirectory(prefix: "nb-cli-repo")
        defer { repository.remove() }
        try PackageRoot.copyDemo(to: repository.path + "/exampleSite")
        try FileManager.default.createDirectory(
            atPath: repository.path + "/node_modules/x/_posts", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: repository.path + "/.git/_posts", withIntermediateDirectories: true)
        let one = try run(["list", "--json"], in: repository.path)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(one.stdout.utf8)) as? [Any])?.count, 9, one.stdout)

        try FileManager.default.createDirectory(
            atPath: repository.path + "/docs/_posts", withIntermediateDirectories: true)
        try "---\ntitle: Hi\n---\n".write(
            toFile: repository.path + "/docs/_posts/2020-01-01-hi.md", atomically: true, encoding: .utf8)
        let two = try run(["list"], in: repository.path)
        XCTAssertNotEqual(two.status, 0)
        XCTAssertTrue(two.stderr.contains("holds 2 sites: docs, exampleSite"), two.stderr)
        let docs = try run(["list", "--json"], in: repository.path + "/docs")
        XCTAssertTrue(docs.stdout.contains("_posts/2020-01-01-hi.md"), docs.stdout + docs.stderr)
    }

    /// Issue 58.2: the CLI opens a site as the app does (`SiteOpening`): a `contentDir` that
    /// leads into `.git` is refused before anything is listed, as the app refuses it.
    func testTheCommandLineRefusesAContentFolderInsideGit() throws {
        try HostileSite.declareContentInsideGit(site.path)
        let config = site.path + "/hugo.toml"
        let list = try run(["list", "--json"])
        XCTAssertNotEqual(list.status, 0, list.stdout)
        XCTAssertFalse(list.stdout.contains("Secret") || list.stdout.contains("a.md"), list.stdout)
        XCTAssertTrue(list.stderr.contains(".git"), list.stderr)
        // The refusal names the folder as the text it is: no escape reaches the terminal.
        try (try String(contentsOfFile: config, encoding: .utf8)).replacingOccurrences(
            of: "contentDir = \".git/c\"", with: "contentDir = \".git/\\u001b]0;pwned\\u0007\""
        ).write(toFile: config, atomically: true, encoding: .utf8)
        let hostile = try run(["list"])
        XCTAssertNotEqual(hostile.status, 0)
        XCTAssertTrue(hostile.stderr.contains("pwned") && hostile.stderr.contains(".git"), hostile.stderr)
        XCTAssertFalse(hostile.stderr.contains("\u{1B}"), hostile.stderr.debugDescription)
    }

    func testListTableAndJSON() throws {
        let table = try run(["list"])
        XCTAssertEqual(table.status, 0, table.stderr)
        let lines = table.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, 10, table.stdout)
        XCTAssertTrue(try lines.at(0).hasPrefix("STATUS"))
        XCTAssertTrue(table.stdout.contains("draft       2026-11-01  en    Half-written ideas"), table.stdout)
        XCTAssertTrue(table.stdout.contains("京都でお茶を — tea in Kyoto"))

        let json = try run(["list", "--json", "--lang", "fr"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let posts = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        XCTAssertEqual(posts.count, 1)
        XCTAssertEqual(posts[0]["path"] as? String, "content/posts/bread-every-sunday/index.fr.md")
        XCTAssertEqual(posts[0]["date"] as? String, "2026-08-23T10:15:00+02:00")
        XCTAssertEqual(posts[0]["bundle"] as? Bool, true)
        XCTAssertEqual(posts[0]["status"] as? String, "published")
        for key in ["title", "draft", "lang", "section", "tags", "categories"] { XCTAssertNotNil(posts[0][key], key) }

        let drafts = try run(["list", "--json", "--drafts", site.path], in: "/")
        XCTAssertEqual((try JSONSerialization.jsonObject(with: Data(drafts.stdout.utf8)) as! [Any]).count, 1)
    }

    func testJSONEscapesEveryTitleAndSpansItsBatches() throws {
        // Titles that need escaping, and enough posts for several batches on every core.
        let titles = ["Quote \" and back\\slash", "Tab\there", "New\nline", "Bell \u{1}", "京都 🍣 — \"mixed\""]
        for (index, title) in titles.enumerated() {
            let yaml = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
                .replacingOccurrences(of: "\u{1}", with: "\\x01")
            try "---\ntitle: \"\(yaml)\"\ndate: 2030-01-0\(index + 1)\n---\n".write(
                toFile: site.appending("content/posts/escape-\(index).md"), atomically: true, encoding: .utf8)
        }
        for index in 0..<2_500 {
            try "---\ntitle: Filler \(index)\ndate: 2001-01-01T00:00:00Z\n---\nword\n".write(
                toFile: site.appending("content/posts/filler-\(index).md"), atomically: true, encoding: .utf8)
        }
        let json = try run(["list", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let posts = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(posts.count, 2_500 + titles.count + 9)
        XCTAssertEqual(
            Array(posts.prefix(titles.count).compactMap { $0["title"] as? String }), titles.reversed(),
            "newest first, every title intact")
        XCTAssertEqual(Set(posts.compactMap { $0["path"] as? String }).count, posts.count, "no post twice")
        XCTAssertEqual(posts.filter { ($0["title"] as? String)?.hasPrefix("Filler") ?? false }.count, 2_500)
    }

    func testListRemembersUnchangedDirectoriesAndSeesEveryChange() throws {
        Thread.sleep(forTimeInterval: 2.2)  // only directories that have settled are remembered
        let first = try run(["list", "--json"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let listings = home.path + "/.cache/nakedblog/listings"
        let files = try FileManager.default.contentsOfDirectory(atPath: listings)
        XCTAssertEqual(files.count, 1, "one cache file for the site")
        XCTAssertEqual(try run(["list", "--json"]).stdout, first.stdout, "listed from what was remembered")
        try FileManager.default.createDirectory(
            atPath: site.appending("content/posts/late-addition"), withIntermediateDirectories: true)
        try "---\ntitle: Late addition\ndate: 2026-11-20\n---\nNew.\n".write(
            toFile: site.appending("content/posts/late-addition/index.md"), atomically: true, encoding: .utf8)
        try Data("png".utf8).write(
            to: URL(fileURLWithPath: site.appending("content/posts/summit-in-the-fog/valley.png")))
        let after = try run(["list", "--json"])
        XCTAssertTrue(after.stdout.contains("content/posts/late-addition/index.md"), after.stdout)
        XCTAssertTrue(after.stdout.contains("\"valley.png\""), after.stdout)
        var uncached = home.environment
        uncached["NAKEDBLOG_LISTING_CACHE"] = "0"
        let read = try Shell.run(
            [try Products.path("nakedblog"), "list", "--json"], in: site.path, environment: uncached, timeout: 30)
        XCTAssertEqual(after.stdout, read.stdout)
    }

    func testListReportsBrokenFilesWithLineAndStillLists() throws {
        try "---\ntitle: ok\ntags: [a, b\n---\n".write(
            toFile: site.appending("content/posts/bad.md"), atomically: true, encoding: .utf8)
        let result = try run(["list"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("content/posts/bad.md:3"), result.stderr)
        XCTAssertTrue(result.stdout.contains("Summit in the fog"))
    }

    func testListOutsideASiteExplainsWhatWasLookedFor() throws {
        let result = try run(["list"], in: home.path)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("not inside a Hugo or Jekyll site: no hugo.toml"), result.stderr)
    }

    func testNewCreatesABundleHugoBuilds() throws {
        try requireProgram("hugo")
        let result = try run(["new", "A post about 東京 & emoji 🍣"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "content/posts/a-post-about-東京-emoji/index.md\n")
        let hugo = try Shell.check(["hugo", "list", "all", "--source", site.path])
        XCTAssertTrue(hugo.contains("content/posts/a-post-about-東京-emoji/index.md,,A post about 東京 & emoji 🍣,"), hugo)
        let escape = try run(["new", "x", "--section", "../../tmp"])
        XCTAssertEqual(escape.status, 1)
        XCTAssertTrue(escape.stderr.contains("would leave the content directory"), escape.stderr)
    }

    func testMetaReadsSetsAndUnsetsInPlace() throws {
        let file = "content/posts/terminal-only-week/index.md"
        let before = try String(contentsOfFile: site.appending(file), encoding: .utf8)
        XCTAssertEqual(try run(["meta", file, "tags"]).stdout, "terminal\ntools\n")
        XCTAssertEqual(try run(["meta", file, "title", "A week in the console"]).status, 0)
        XCTAssertEqual(try run(["meta", file, "--unset", "description"]).status, 0)
        XCTAssertEqual(try run(["meta", file, "draft", "true"]).status, 0)
        let after = try String(contentsOfFile: site.appending(file), encoding: .utf8)
        XCTAssertEqual(
            after,
            before
                .replacingOccurrences(
                    of: "title = \"A week with only a terminal\"", with: "title = \"A week in the console\""
                )
                .replacingOccurrences(of: "description = \"Seven days without a graphical desktop.\"\n", with: "")
                .replacingOccurrences(of: "draft = false", with: "draft = true"))
        XCTAssertTrue(after.contains("# TOML front matter, with a comment that must survive every edit."))
        let json = try run(["meta", file, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["title"] as? String, "A week in the console")
    }

    func testMetaBadInputChangesNothing() throws {
        let file = "content/posts/tea-in-kyoto/index.md"
        let before = try Data(contentsOf: URL(fileURLWithPath: site.appending(file)))
        let bad = try run(["meta", file, "draft", "perhaps"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("\(file): the value `perhaps` for `draft` is not true or false"), bad.stderr)
        let missing = try run(["meta", "content/posts/nope.md", "title"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(
            missing.stderr.contains("content/posts/nope.md: cannot read the file. It does not exist"), missing.stderr)
        let usage = try run(["meta", file, "--bool", "--list", "draft", "x"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site.appending(file))), before)
    }

    func testMetaInAReadOnlyFolderIsAPermissionErrorAndChangesNothing() throws {
        try requireNonRoot("root writes into a read-only folder")
        let file = "content/posts/tea-in-kyoto/index.md"
        let before = try Data(contentsOf: URL(fileURLWithPath: site.appending(file)))
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: site.appending("content/posts/tea-in-kyoto"))
        defer {
            try? FileManager.default.setAttributes(
                [.posixPermissions: 0o755], ofItemAtPath: site.appending("content/posts/tea-in-kyoto"))
        }
        let readOnly = try run(["meta", file, "title", "x"])
        XCTAssertEqual(readOnly.status, 1)
        XCTAssertTrue(readOnly.stderr.contains("permission denied"), readOnly.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: site.appending(file))), before)
    }
}
