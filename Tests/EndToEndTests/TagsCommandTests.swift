import Foundation
import TestSupport
import XCTest

/// `nakedblog tags` (issue 62, the taxonomies' first part): every term with its posts and the
/// page hugo makes of it — hugo's own output is the oracle for the addresses and for which
/// spellings are one page.
final class TagsCommandTests: XCTestCase {
    private var work: TemporaryDirectory!
    private var home: TestHome!
    private var site = ""

    override func setUpWithError() throws {
        work = try TemporaryDirectory(prefix: "nb-tags")
        home = try TestHome()
        site = work.appending("site")
        try PackageRoot.copyDemo(to: site)
    }

    override func tearDown() {
        work.remove()
        home.remove()
    }

    private func tags(_ arguments: [String]) throws -> ProcessResult {
        try Shell.run([try Products.path("nakedblog"), "tags"] + arguments, environment: home.environment)
    }

    func testTermsCountsAndPagesAsHugoMakesThem() throws {
        try requireProgram("hugo")
        let tagged: [(String, String)] = [
            ("one", #"["Swift", "C++", "Hello World", "café", "recipes"]"#),
            ("two", #"["swift", "Cafe", "recipe"]"#),
            ("three", #"["Swift", "Hello World"]"#),
        ]
        for (name, tags) in tagged {
            try "---\ntitle: \(name)\ndate: 2026-01-01\ntags: \(tags)\n---\nText.\n".write(
                toFile: site + "/content/posts/tagged-\(name).md", atomically: true, encoding: .utf8)
        }
        let result = try tags([site, "--taxonomy", "tags", "--json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let terms = try XCTUnwrap(json.first?["terms"] as? [[String: Any]])
        func term(_ name: String) -> [String: Any]? { terms.first { $0["name"] as? String == name } }
        // Swift and swift are one page: one term, its two spellings, the most used first.
        XCTAssertEqual(term("Swift")?["spellings"] as? [String], ["Swift", "swift"])
        XCTAssertEqual((term("Swift")?["posts"] as? [String])?.count, 3)
        XCTAssertEqual(term("Hello World")?["addresses"] as? [String], ["/tags/hello-world/"])
        XCTAssertEqual(term("café")?["near"] as? [String], ["Cafe"], "accents and case set aside")
        XCTAssertEqual(term("recipes")?["near"] as? [String], ["recipe"], "a plural")

        // hugo's pages: exactly the addresses we give, one per term.
        try Shell.check(["hugo", "--source", site, "--destination", work.appending("out"), "--quiet"])
        let built = Set(
            try FileManager.default.contentsOfDirectory(atPath: work.appending("out/tags"))
                .filter { FileManager.default.fileExists(atPath: work.appending("out/tags/\($0)/index.html")) }
                .map { "/tags/\($0)/" })
        let ours = Set(
            terms.filter { $0["onSite"] as? Bool == true }.flatMap { $0["addresses"] as? [String] ?? [] }
                .filter { !$0.hasPrefix("/fr/") })
        XCTAssertEqual(ours, built)

        let text = try tags([site])
        XCTAssertTrue(text.stdout.contains("3     Swift  (also swift)  /tags/swift/"), text.stdout)
        XCTAssertTrue(text.stdout.contains("⚠ used once; like Cafe"), text.stdout)
        let unknown = try tags([site, "--taxonomy", "series"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("it has: "), unknown.stderr)
    }

    /// `tags rename`: each post changes by the one item holding the term (YAML flow and block
    /// lists, TOML), every other byte as it was; a merge keeps the term once; the old page's
    /// address is said.
    func testRenameChangesOnlyTheItemThatHoldsTheTerm() throws {
        let files: [(String, String)] = [
            ("flow.md", "---\ntitle: Flow # a comment\ntags: [ Swift,  \"tea\" , hugo ]\n---\nSwift text.\n"),
            ("block.md", "---\ntitle: Block\ntags:\n  - 'swift'   # ours\n  - tea\ndraft: false\n---\nBody.\n"),
            ("toml.md", "+++\ntitle = \"Toml\"\ntags = [\"SWIFT\", \"tea\"]\n+++\nBody.\n"),
            ("both.md", "---\ntitle: Both\ntags: [swift, Swift-lang, tea]\n---\n"),
            ("other.md", "---\ntitle: Other\ntags: [tea]\n---\nSwift.\n"),
        ]
        for (name, text) in files {
            try text.write(toFile: site + "/content/posts/" + name, atomically: true, encoding: .utf8)
        }
        let result = try tags(["rename", "swift", "Swift-lang", site])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(
            result.stdout,
            ["both", "block", "flow", "toml"].sorted().map { "content/posts/\($0).md\n" }.joined())
        XCTAssertTrue(result.stderr.contains("4 posts changed; gone from the site: /tags/swift/"), result.stderr)
        func read(_ name: String) throws -> String {
            try String(contentsOfFile: site + "/content/posts/" + name, encoding: .utf8)
        }
        // A flow list is one line: that line changes (its spacing as nakedblog writes lists).
        XCTAssertEqual(
            try read("flow.md"), "---\ntitle: Flow # a comment\ntags: [Swift-lang, \"tea\", hugo]\n---\nSwift text.\n")
        XCTAssertEqual(
            try read("block.md"),
            "---\ntitle: Block\ntags:\n  - 'Swift-lang'   # ours\n  - tea\ndraft: false\n---\nBody.\n")
        XCTAssertEqual(try read("toml.md"), "+++\ntitle = \"Toml\"\ntags = [\"Swift-lang\", \"tea\"]\n+++\nBody.\n")
        XCTAssertEqual(try read("both.md"), "---\ntitle: Both\ntags: [Swift-lang, tea]\n---\n", "merged: once")
        XCTAssertEqual(try read("other.md"), "---\ntitle: Other\ntags: [tea]\n---\nSwift.\n", "untouched")
        let missing = try tags(["rename", "nosuch", "x", site])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("no post has the tags term “nosuch”"), missing.stderr)
    }

    /// The attack: a term with terminal escapes is printed as text, in the list and in JSON.
    func testAHostileTermIsShownAsText() throws {
        try "---\ntitle: X\ntags: [\"\u{1B}]0;pwned\u{07}evil\"]\n---\nText.\n".write(
            toFile: site + "/content/posts/hostile.md", atomically: true, encoding: .utf8)
        for arguments in [[site], [site, "--json"]] {
            let result = try tags(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stdout.contains("\u{1B}"), result.stdout)
            XCTAssertTrue(result.stdout.contains("evil"), result.stdout)
        }
    }
}
