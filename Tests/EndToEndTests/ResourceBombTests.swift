import Foundation
import TestSupport
import XCTest

/// Input built to make time or memory explode: each command ends within seconds under a 2 GiB
/// address-space limit, names the file it could not read, and still lists the rest of the site.
final class ResourceBombTests: XCTestCase {
    private var home: TestHome!
    private var site: TemporaryDirectory!

    override func setUpWithError() throws {
        home = try TestHome()
        site = try TemporaryDirectory(prefix: "nb-bombs")
        try "title = 'bombs'\nbaseURL = 'https://example.org/'\n".write(
            toFile: site.appending("hugo.toml"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(
            atPath: site.appending("content/posts"), withIntermediateDirectories: true)
        try "---\ntitle: Fine\n---\nhello\n".write(
            toFile: site.appending("content/posts/fine.md"), atomically: true, encoding: .utf8)
    }

    override func tearDown() {
        home.remove()
        site.remove()
    }

    /// Runs nakedblog under `ulimit -v 2 GiB`.
    private func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> (ProcessResult, TimeInterval) {
        let started = Date()
        let result = try Shell.run(
            ["sh", "-c", "ulimit -v 2097152; exec \"$@\"", "sh", try Products.path("nakedblog")] + arguments,
            in: site.path, environment: home.environment, timeout: timeout)
        XCTAssertFalse(result.timedOut, "\(arguments) ran out of time")
        XCTAssertFalse(
            result.stderr.contains("Program crashed") || result.status > 128,
            "\(arguments) crashed: \(result.stderr.prefix(2000))")
        return (result, Date().timeIntervalSince(started))
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(toFile: site.appending("content/posts/" + name), atomically: true, encoding: .utf8)
    }

    static func billionLaughs() -> String {
        var lines = [
            "---", "title: lol", "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]",
        ]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
            previous = name
        }
        return (lines + ["---", "body"]).joined(separator: "\n") + "\n"
    }

    func testYAMLAliasExpansionIsLimited() throws {
        let laughs = Self.billionLaughs()
        XCTAssertLessThan(laughs.utf8.count, 500)
        try write("laughs.md", laughs)
        for command in [["list"], ["list", "--json"], ["meta", "content/posts/laughs.md"]] {
            let (result, seconds) = try run(command)
            XCTAssertLessThan(seconds, 20, "\(command)")
            XCTAssertTrue(result.stderr.contains("content/posts/laughs.md"), "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("aliases"), "\(command): \(result.stderr)")
            if command.first == "list" {
                XCTAssertTrue(result.stdout.contains("Fine") || result.stdout.contains("fine.md"), result.stdout)
            }
        }
    }

    func testAHundredThousandBlockTagsListInLinearTime() throws {
        func tags(_ count: Int) -> String {
            "---\ntitle: tags\ntags:\n" + (0..<count).map { "  - t\($0)\n" }.joined() + "---\nbody\n"
        }
        try write("tags.md", tags(25_000))
        let (small, smallSeconds) = try run(["list", "--json"])
        XCTAssertEqual(small.status, 0, small.stderr)
        try write("tags.md", tags(100_000))
        let (big, bigSeconds) = try run(["list", "--json"])
        XCTAssertEqual(big.status, 0, big.stderr)
        XCTAssertTrue(big.stdout.contains("\"t99999\""))
        XCTAssertLessThan(bigSeconds, 20)
        // Four times the tags: about four times the time (quadratic would be sixteen), with slack
        // for process start and a noisy machine.
        XCTAssertLessThan(
            bigSeconds, max(1.0, smallSeconds * 8), "25,000 tags: \(smallSeconds) s, 100,000: \(bigSeconds) s")
    }

    func testDeeplyNestedMarkdownPreviewsQuickly() throws {
        try write(
            "nested.md",
            "---\ntitle: nested\n---\n"
                + (0..<1_000).map { String(repeating: "  ", count: $0) + "- level \($0)\n" }.joined())
        try write("quotes.md", "---\ntitle: quotes\n---\n" + String(repeating: ">", count: 10_000) + " deep\n")
        try write(
            "emphasis.md",
            "---\ntitle: emphasis\n---\n" + String(repeating: "*a _b ", count: 5_000) + "x"
                + String(repeating: "_ b* a", count: 5_000) + "\n")
        // cmark's "empty lines in deeply nested lists": 19 s in libcmark 0.30 unguarded (issue 56.4).
        try write(
            "empty-lines.md",
            "---\ntitle: empty lines\n---\n" + String(repeating: "- ", count: 30_000) + "x"
                + String(repeating: "\n", count: 30_000))
        for file in ["nested.md", "quotes.md", "emphasis.md", "empty-lines.md"] {
            for plain in [true, false] {
                let (result, seconds) = try run(
                    ["preview", "--width", "80"] + (plain ? ["--plain"] : []) + ["content/posts/" + file])
                XCTAssertEqual(result.status, 0, "\(file): \(result.stderr.prefix(1000))")
                XCTAssertLessThan(seconds, 10, file)
            }
        }
        let (quotes, _) = try run(["preview", "--plain", "--width", "80", "content/posts/quotes.md"])
        XCTAssertTrue(quotes.stdout.contains("deep"), quotes.stdout)
        let (nested, _) = try run(["preview", "--plain", "--width", "80", "content/posts/nested.md"])
        XCTAssertTrue(nested.stdout.contains("level 999"), "deeper levels are shown flat, not dropped")
    }

    /// Attack 7: 10 MB lines of `[`, `*a` and `<` (libcmark 0.30 alone takes 2–9 s and 1.6–1.9 GB
    /// on them) and a paragraph of 200 lines of `![[]()` (quadratic there: 40 s and more) are
    /// previewed as their literal text, wrapped, in under 300 MB; the time is `make bench`'s.
    func testPathologicalParagraphsPreviewAsTheirTextInLittleMemory() throws {
        let images = String(repeating: String(repeating: "![[]()", count: 1_000) + "\n", count: 200)
        let cases = [
            ("brackets", String(repeating: "[", count: 10_000_000)),
            ("emphasis", String(repeating: "*a", count: 5_000_000)),
            ("angles", String(repeating: "<", count: 10_000_000)), ("images", images),
        ]
        for (name, text) in cases {
            try write(name + ".md", text + "\n")
            let output = site.appending("preview.txt")
            let run = try PeakMemory.run(
                [
                    try Products.path("nakedblog"), "preview", "--plain", "--width", "80",
                    site.appending("content/posts/\(name).md"),
                ],
                output: output, environment: home.environment, timeout: 60)
            XCTAssertEqual(run.status, 0, name)
            XCTAssertLessThan(run.kib, 300 * 1024, "\(name): peak resident memory in KiB")
            let shown = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n", maxSplits: 2)
            XCTAssertEqual(shown.first.map(String.init), String(text.prefix(80)), "\(name): shown as its text")
        }
    }

    func testAFiftyMegabyteLinePreviewsWithinTheLimit() throws {
        let line = String(repeating: "word ", count: 10_000_000)
        try write("long.md", "---\ntitle: long\n---\n" + line + "\n")
        let (result, seconds) = try run(["preview", "--plain", "--width", "80", "content/posts/long.md"], timeout: 120)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(1000)))
        XCTAssertLessThan(seconds, 60)
        let (listed, _) = try run(["list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
    }
}
