import Foundation
import TestSupport
import XCTest

/// `nakedblog spell` through the real binary on Hugo and Jekyll sites, with the real en_US and
/// French Hunspell dictionaries; `hunspell -l` agrees on the words it reports.
final class SpellCommandTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!

    override func setUpWithError() throws {
        try requireEnglishDictionary()
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-spell")
    }

    override func tearDown() {
        home?.remove()
        work?.remove()
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 120)
    }

    private func write(_ text: String, _ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A two-language Hugo site: an English post, its French translation, a clean post.
    private func hugoSite() throws -> String {
        let site = work.appending("hugo")
        try write(
            """
            baseURL = "https://example.org/"
            title = "Blog"
            defaultContentLanguage = "en"
            [languages.en]
            weight = 1
            languageCode = "en-us"
            [languages.fr]
            weight = 2
            languageCode = "fr-fr"
            """, site + "/hugo.toml")
        try write(
            "---\ntitle: \"A postt\"\n---\nThis has a mistaek and `a codde span`.\n\n```\nnot chekced\n```\n",
            site + "/content/posts/a/index.md")
        try write(
            "---\ntitle: \"Un article\"\n---\nAujourd’hui il fait très beauu.\n", site + "/content/posts/a/index.fr.md")
        try write("---\ntitle: Clean\n---\nEverything here is spelled right.\n", site + "/content/posts/clean.md")
        return site
    }

    func testReportsLikeACompilerAndExitsSeven() throws {
        let site = try hugoSite()
        let result = try nakedblog(["spell"], in: site)
        XCTAssertEqual(result.status, 7, result.stderr)
        XCTAssertEqual(
            Set(result.stdout.split(separator: "\n").map(String.init)),
            [
                "content/posts/a/index.md:2:11: postt",
                "content/posts/a/index.md:4:12: mistaek",
                "content/posts/a/index.fr.md:4:26: beauu",
            ])
        let clean = try nakedblog(["spell", "content/posts/clean.md"], in: site)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
        let folder = try nakedblog(["spell", "content/posts/a/index.md", "--suggest"], in: site)
        XCTAssertEqual(folder.status, 7)
        XCTAssertTrue(folder.stdout.contains("content/posts/a/index.md:4:12: mistaek → mistake"), folder.stdout)
    }

    func testJSON() throws {
        let site = try hugoSite()
        let result = try nakedblog(["spell", "--json", "content/posts/a/index.md"], in: site)
        XCTAssertEqual(result.status, 7, result.stderr)
        let items = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(try items.at(1)["path"] as? String, "content/posts/a/index.md")
        XCTAssertEqual(try items.at(1)["line"] as? Int, 4)
        XCTAssertEqual(try items.at(1)["column"] as? Int, 12)
        XCTAssertEqual(try items.at(1)["word"] as? String, "mistaek")
        XCTAssertEqual((try items.at(1)["suggestions"] as? [String])?.first, "mistake")
    }

    func testAcceptedWordsFromTheSiteAndTheHomeDictionary() throws {
        let site = try hugoSite()
        try write("{\n  // shared\n  \"words\": [\"postt\"]\n}\n", site + "/.cspell.json")
        try write("mistaek/S\n", home.path + "/.hunspell_en_US")
        let result = try nakedblog(["spell", "content/posts/a/index.md"], in: site)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testChangedOnly() throws {
        try requireProgram("git")
        let site = try hugoSite()
        try home.git(["init", "--quiet", "--initial-branch=main", site])
        try home.git(["add", "-A"], in: site)
        try home.git(["commit", "--quiet", "-m", "posts"], in: site)
        XCTAssertEqual(try nakedblog(["spell", "--changed"], in: site).status, 0)
        try write("---\ntitle: Clean\n---\nNow with a speling mistake.\n", site + "/content/posts/clean.md")
        let result = try nakedblog(["spell", "--changed"], in: site)
        XCTAssertEqual(result.status, 7, result.stderr)
        XCTAssertEqual(result.stdout, "content/posts/clean.md:4:12: speling\n")
    }

    func testJekyllPosts() throws {
        let site = work.appending("jekyll")
        try write("title: Blog\nlang: en-US\n", site + "/_config.yml")
        try write(
            "---\nlayout: post\ntitle: Helo\n---\nA {% include note.html word=\"zzkq\" %} post with a typpo.\n",
            site + "/_posts/2024-01-02-hello.md")
        let result = try nakedblog(["spell"], in: site)
        XCTAssertEqual(result.status, 7, result.stderr)
        XCTAssertEqual(result.stdout, "_posts/2024-01-02-hello.md:3:8: Helo\n_posts/2024-01-02-hello.md:5:51: typpo\n")
    }

    func testMissingDictionaryAndMissingFileExitTwo() throws {
        let site = try hugoSite()
        try write("---\ntitle: X\nlang: xx-yy\n---\nWords.\n", site + "/content/posts/x.md")
        let missing = try nakedblog(["spell", "content/posts/x.md"], in: site)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            missing.stderr.contains("no xx_YY dictionary") && missing.stderr.contains("apt-get install hunspell-xx-yy"),
            missing.stderr)
        let noFile = try nakedblog(["spell", "content/posts/nope.md"], in: site)
        XCTAssertEqual(noFile.status, 2)
        XCTAssertTrue(noFile.stderr.contains("no such file"), noFile.stderr)
        XCTAssertEqual(try nakedblog(["spell", "--bogus"], in: site).status, 2)
    }

    /// The attack: a file name with terminal escapes is printed as text.
    func testHostileFileNameIsShownAsText() throws {
        let site = try hugoSite()
        try write("---\ntitle: X\n---\nzzkqq\n", site + "/content/posts/\u{1B}]0;pwned\u{07}.md")
        let result = try nakedblog(["spell"], in: site)
        XCTAssertEqual(result.status, 7)
        XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
        XCTAssertTrue(result.stdout.contains("zzkqq"), result.stdout)
    }

    /// The words reported are those `hunspell -l` reports for the same prose.
    func testAgreesWithHunspell() throws {
        try requireProgram("hunspell")
        let prose =
            "Their is a smal mistake in this sentense, and anothr one here. Don't worry about well-known colour or recieve.\n"
        let site = try hugoSite()
        try write("---\ntitle: Clean\n---\n" + prose, site + "/content/posts/clean.md")
        let ours = try nakedblog(["spell", "content/posts/clean.md"], in: site).stdout
            .split(separator: "\n").map { String($0.split(separator: " ").last!) }
        let theirs = try Shell.check(
            ["sh", "-c", "printf '%s' \"$1\" | hunspell -d en_US -l", "sh", prose], timeout: 60
        )
        .split(separator: "\n").map(String.init)
        XCTAssertEqual(ours, theirs)
    }
}
