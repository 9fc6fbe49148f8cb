import Foundation
import TestSupport
import XCTest

/// `nakedblog tags` (issue 62, the taxonomies' first part): every term with its posts and the
/// page hugo makes of it — hugo's own output is the oracle for the addresses and for which
/// spellings are one page.
final class TagsCommandTests: XCTestCase {
    func testTermsCountsAndPagesAsHugoMakesThem() throws {
        try requireProgram("hugo")
        let work = try TemporaryDirectory(prefix: "nb-tags")
        let home = try TestHome()
        defer { work.remove(); home.remove() }
        let site = work.appending("site")
        try PackageRoot.copyDemo(to: site)
        let tagged: [(String, String)] = [
            ("one", #"["Swift", "C++", "Hello World", "café", "recipes"]"#),
            ("two", #"["swift", "Cafe", "recipe"]"#),
            ("three", #"["Swift", "Hello World"]"#),
        ]
        for (name, tags) in tagged {
            try "---\ntitle: \(name)\ndate: 2026-01-01\ntags: \(tags)\n---\nText.\n".write(
                toFile: site + "/content/posts/tagged-\(name).md", atomically: true, encoding: .utf8)
        }
        let result = try Shell.run(
            [try Products.path("nakedblog"), "tags", site, "--taxonomy", "tags", "--json"],
            environment: home.environment)
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

        let text = try Shell.run([try Products.path("nakedblog"), "tags", site], environment: home.environment)
        XCTAssertTrue(text.stdout.contains("3     Swift  (also swift)  /tags/swift/"), text.stdout)
        XCTAssertTrue(text.stdout.contains("⚠ used once; like Cafe"), text.stdout)
        let unknown = try Shell.run(
            [try Products.path("nakedblog"), "tags", site, "--taxonomy", "series"], environment: home.environment)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("it has: "), unknown.stderr)
    }
}
