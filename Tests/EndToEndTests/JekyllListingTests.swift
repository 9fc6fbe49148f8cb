import Foundation
import TestSupport
import XCTest

/// `nakedblog list --json` on Jekyll sites against the real Jekyll 4.3 (`scripts/jekyll-list`):
/// every post and draft Jekyll reads, with the same path, title, instant, draft flag and URL.
final class JekyllListingTests: XCTestCase {
    private var home: TestHome!

    override func setUpWithError() throws {
        try requireProgram("jekyll")
        home = try TestHome()
    }

    override func tearDown() { home?.remove() }

    func testListAgreesWithJekyllOnEveryCorpusSite() throws {
        guard let corpus = PackageRoot.sharedCorpus else {
            throw XCTSkip("no corpus: ../shared/corpus is not present beside the checkout")
        }
        var compared = 0
        // Every site Jekyll would build: a folder with _posts/ or _drafts/.
        let sites = try FileManager.default.contentsOfDirectory(atPath: corpus).sorted().filter { name in
            ["_posts", "_drafts"].contains { FileManager.default.fileExists(atPath: corpus + "/" + name + "/" + $0) }
        }
        XCTAssertGreaterThanOrEqual(sites.count, 4)
        for name in sites {
            let copy = try Corpus.copy(corpus + "/" + name)
            defer { copy.remove() }
            compared += try assertAgreement(site: copy.path, name: name)
        }
        print("JekyllListingTests: \(compared) posts and drafts of \(sites.count) corpus sites agree with jekyll")
        XCTAssertGreaterThanOrEqual(compared, 33)
    }

    /// The bundled Jekyll demo (`nakedblog demo --jekyll`) builds with jekyll, and is listed as jekyll reads it.
    func testTheJekyllDemoBuildsAndIsListedAsJekyllReadsIt() throws {
        let copy = try Corpus.copy(PackageRoot.appending("demo-jekyll"))
        defer { copy.remove() }
        let destination = copy.appending("_site")
        let build = try Shell.run(
            ["jekyll", "build", "--source", copy.path, "--destination", destination], in: copy.path,
            environment: home.environment, timeout: 300)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        for page in [
            "index.html", "about/index.html", "2026/09/bread-on-sundays/index.html",
            "2026/10/a-walk-by-the-river/index.html",
            "2026/11/notes-from-a-terminal/index.html", "assets/images/river.png",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: destination + "/" + page), page)
        }
        try FileManager.default.removeItem(atPath: destination)
        XCTAssertEqual(try assertAgreement(site: copy.path, name: "demo-jekyll"), 4)
    }

    /// Time zones, every permalink style and placeholder, defaults, categories from folders and
    /// front matter, slugs, dates in all their spellings, non-markdown posts, skipped names.
    func testListAgreesWithJekyllOnItsHardCases() throws {
        let configs = [
            "timezone: America/New_York\npermalink: pretty\n",
            "timezone: Asia/Kolkata\npermalink: weekdate\n",
            "permalink: ordinal\n",
            "permalink: none\n",
            "timezone: Pacific/Auckland\npermalink: /:categories/:year/:i_month/:i_day/:short_year/:hour-:minute-:second/:month/:day/:slug/:name/:title_:output_ext\n",
            "collections:\n  posts:\n    permalink: /p/:path/:slugified_categories/:w_year-:week-:w_day-:long_day-:short_month-:long_month/\n",
        ]
        var compared = 0
        for (number, config) in configs.enumerated() {
            let site = try TemporaryDirectory(prefix: "nb-jekyll-hard")
            defer { site.remove() }
            try writeHardCases(into: site.path, config: config)
            compared += try assertAgreement(site: site.path, name: "hard cases \(number)")
        }
        print("JekyllListingTests: \(compared) hard-case posts agree with jekyll")
    }

    private func writeHardCases(into root: String, config: String) throws {
        let defaults = """
            defaults:
              - scope: {path: "", type: posts}
                values: {author: someone}
              - scope: {path: "news"}
                values: {category: press}
              - scope: {path: "_posts/2021-*"}
                values: {title: From the defaults}

            """
        let files: [String: String] = [
            "_config.yml": "title: Hard cases\n" + config + defaults,
            "_posts/2016-05-19-no-title-here.md": "---\nlayout: post\n---\nBody\n",
            "_posts/2016-5-1-one-digit.md": "---\n---\nshort date in the name\n",
            "_posts/2017-01-02-utc-time.md": "---\ntitle: Unquoted time\ndate: 2017-01-02 23:30:00\n---\n",
            "_posts/2017-01-03-quoted-time.md": "---\ntitle: Quoted time\ndate: \"2017-01-03 23:30:00\"\n---\n",
            "_posts/2017-01-04-offset.md": "---\ntitle: With offset\ndate: 2017-01-04 23:30:00 -0800\n---\n",
            "_posts/2017-01-05-date-only.md": "---\ntitle: Date only\ndate: 2018-02-06\n---\n",
            "_posts/2017-01-06-no-seconds.md": "---\ntitle: No seconds\ndate: 2017-01-06 22:15\n---\n",
            "_posts/2017-02-01-cats.md": "---\ntitle: Cats\ncategories: Big Small\ncategory: extra\ntags: a b\n---\n",
            "_posts/2017-02-02-cat-list.md": "---\ntitle: Cat list\ncategories: [Web Development, \"Ünïcode\"]\n---\n",
            "_posts/2017-02-03-slugged.md": "---\ntitle: Slugged\nslug: My Own Slug!\n---\n",
            "_posts/2017-02-04-own-permalink.md":
                "---\ntitle: Own permalink\npermalink: /fixed/:year/:title.html\n---\n",
            "_posts/2017-02-05-unpublished.md": "---\ntitle: Not published\npublished: false\n---\n",
            "_posts/2099-01-01-future.md": "---\ntitle: In the future\n---\n",
            "_posts/2017-02-06-dots.in.slug...md": "---\ntitle: Dots\n---\n",
            "_posts/2017-02-07-web-page.html": "---\ntitle: An HTML post\n---\n<p>hi</p>\n",
            "_posts/2017-02-08-textile.textile": "---\ntitle: Textile\n---\nh1. hi\n",
            "_posts/2017-02-09-Mixed-CASE-Name.md": "---\n---\n",
            "_posts/2017-02-10-spaces and ümlauts.md": "---\ntitle: Spaces\n---\n",
            "_posts/2021-03-04-defaulted.md": "---\n---\n",
            // YAML's document end closes the front matter (issue 45.11).
            "_posts/2017-02-16-document-end.md": "---\ntitle: Ended by dots\ntags: [a]\n...\nBody\n",
            "_posts/2017-02-11-no-front-matter.md": "Jekyll still reads this one.\n",
            "_posts/sub dir/2017-02-12-in-a-folder.md": "---\ntitle: In a folder\n---\n",
            "_posts/_skipped/2017-02-13-underscore-folder.md": "---\ntitle: skipped\n---\n",
            "_posts/#2017-02-14-hash.md": "---\ntitle: skipped\n---\n",
            "_posts/2017-02-15-backup.md~": "---\ntitle: skipped\n---\n",
            "_posts/not-dated.md": "---\ntitle: not a post\n---\n",
            "news/_posts/2017-03-01-press-release.md": "---\ntitle: Press release\n---\n",
            "news/world/_posts/2017-03-02-deep.md": "---\ntitle: Deep\ncategories: [local]\n---\n",
            "_drafts/a-draft.md": "---\ntitle: A draft\n---\n",
            "_drafts/dated-draft.md": "---\ntitle: Dated draft\ndate: 2017-04-01 10:00:00 +0200\n---\n",
            "_drafts/nested/deeper-draft.markdown": "---\n---\n",
            // A post made a draft keeps its date in its name (Jekyll reads it from there).
            "_drafts/2020-04-03-introducing-lanyon.md": "---\nlayout: post\n---\n",
            "_site/_posts/2017-01-01-built.md": "---\ntitle: skipped\n---\n",
        ]
        for (path, text) in files {
            let file = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: false, encoding: .utf8)
        }
        // Drafts without a date take their file's time: one fixed, whole second.
        for draft in ["_drafts/a-draft.md", "_drafts/nested/deeper-draft.markdown"] {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: root + "/" + draft)
        }
    }

    /// Dates as Ruby reads them (YAML timestamps, then `Time.parse`), in two zones, against the oracle.
    static let rubyDates = [
        "2023-01-29", "2023-01-29 18:30:22", "2023-01-29T18:30:22Z", "2023-01-29 18:30:22.5 -08:00",
        "2023-01-29 18:30:22 2023 -0800", "Jan 29 2023", "29 January 2023 6:30pm", "2023-01-29 18:30",
        "\"2023-01-29 18:30:22\"", "2023-01-29 18:30:22 -0800", "Sunday, January 29, 2023", "2023/01/29 10:00",
        "2023-01-29 18:30:22 +0530", "January 29, 2023 at 6pm", "2023-01-29T18:30:22+01:00", "Feb 3rd, 2021 9:05 am",
        "3 Mar 2022 23:59:59 UTC",
    ]

    func testDatesAreReadAsJekyllReadsThem() throws {
        var compared = 0
        for config in ["", "timezone: America/New_York\n", "timezone: Asia/Kolkata\n"] {
            let site = try TemporaryDirectory(prefix: "nb-jekyll-dates")
            defer { site.remove() }
            try FileManager.default.createDirectory(atPath: site.appending("_posts"), withIntermediateDirectories: true)
            if !config.isEmpty {
                try config.write(toFile: site.appending("_config.yml"), atomically: true, encoding: .utf8)
            }
            for (number, date) in Self.rubyDates.enumerated() {
                let day = String(format: "%02d", number + 1)
                try "---\ntitle: \"\(number)\"\ndate: \(date)\n---\nx\n".write(
                    toFile: site.appending("_posts/2020-01-\(day)-d\(number).md"),
                    atomically: true, encoding: .utf8)
            }
            compared += try assertAgreement(site: site.path, name: "dates with config \(config.debugDescription)")
        }
        XCTAssertEqual(compared, Self.rubyDates.count * 3)
    }

    /// Jekyll stops its build on a date it cannot read: the list still shows the post, dated from
    /// its file name, with a warning in the table's stderr and in the JSON.
    func testADateJekyllCannotReadIsAWarningNotASilentFallback() throws {
        let site = try TemporaryDirectory(prefix: "nb-jekyll-bad-date")
        defer { site.remove() }
        try FileManager.default.createDirectory(atPath: site.appending("_posts"), withIntermediateDirectories: true)
        try "---\ntitle: Bad\ndate: not a date\n---\nx\n".write(
            toFile: site.appending("_posts/2021-05-06-bad.md"), atomically: true, encoding: .utf8)
        try "---\ntitle: Huge\ndate: 9999999999-01-01\n---\nx\n".write(
            toFile: site.appending("_posts/2021-05-07-huge.md"), atomically: true, encoding: .utf8)
        let listing = try Shell.run(
            [try Products.path("nakedblog"), "list", "--json", site.path], in: "/", environment: home.environment,
            timeout: 60)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let rows = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as! [[String: Any]]
        let bad = try XCTUnwrap(rows.first { $0["path"] as? String == "_posts/2021-05-06-bad.md" })
        XCTAssertEqual((bad["date"] as? String)?.prefix(10), "2021-05-06")
        XCTAssertTrue((bad["warning"] as? String)?.contains("not a date Jekyll can read") == true, "\(bad)")
        XCTAssertTrue(listing.stderr.contains("warning: _posts/2021-05-06-bad.md: date \"not a date\""), listing.stderr)
        XCTAssertTrue(listing.stderr.contains("_posts/2021-05-07-huge.md"), listing.stderr)
    }

    /// A folder with `_posts/` and no `_config.yml` is a site (Jekyll builds it with its defaults).
    func testASiteWithoutAConfigFileIsListedWithJekyllsDefaults() throws {
        let site = try TemporaryDirectory(prefix: "nb-jekyll-no-config")
        defer { site.remove() }
        for (path, text) in [
            "_posts/2022-02-02-hello.md": "---\ntitle: Hello\ncategories: [a, b]\n---\nHi\n",
            "_posts/2022-02-03-second.markdown": "---\n---\nNo title\n",
            "_drafts/draft.md": "---\ntitle: Draft\n---\n",
        ] {
            try FileManager.default.createDirectory(
                atPath: (site.appending(path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: site.appending(path), atomically: true, encoding: .utf8)
        }
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)],
            ofItemAtPath: site.appending("_drafts/draft.md"))
        XCTAssertEqual(try assertAgreement(site: site.path, name: "no _config.yml"), 3)
        // A folder that is neither says what it looked for.
        let empty = try TemporaryDirectory(prefix: "nb-not-a-site")
        defer { empty.remove() }
        let refused = try Shell.run(
            [try Products.path("nakedblog"), "list", empty.path], in: "/", environment: home.environment, timeout: 60)
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(
            refused.stderr.contains("no _posts/ or _drafts/ folder (Jekyll)") && refused.stderr.contains("hugo.toml"),
            refused.stderr)
    }

    /// Several config files, as `jekyll build --config a.yml,b.yml` reads them (later ones win).
    func testSeveralConfigFilesAreReadInOrder() throws {
        let site = try TemporaryDirectory(prefix: "nb-jekyll-configs")
        defer { site.remove() }
        try FileManager.default.createDirectory(atPath: site.appending("_posts"), withIntermediateDirectories: true)
        try "---\ntitle: Hello\ndate: 2022-02-02 10:00:00\n---\n".write(
            toFile: site.appending("_posts/2022-02-02-hello.md"), atomically: true, encoding: .utf8)
        try "permalink: pretty\ntimezone: Asia/Tokyo\n".write(
            toFile: site.appending("a.yml"), atomically: true, encoding: .utf8)
        try "permalink: /:year/:title/\n".write(toFile: site.appending("b.yml"), atomically: true, encoding: .utf8)
        let listing = try Shell.run(
            [try Products.path("nakedblog"), "list", "--json", "--config", "a.yml,b.yml", "."], in: site.path,
            environment: home.environment, timeout: 60)
        XCTAssertEqual(listing.status, 0, listing.stderr)
        let oracle = try Shell.check(
            [PackageRoot.appending("scripts/jekyll-list"), site.path, "--config", "a.yml,b.yml"], in: site.path,
            timeout: 120)
        let ours = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as! [[String: Any]]
        let theirs = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as! [[String: Any]]
        XCTAssertEqual(ours.first?["url"] as? String, "/2022/hello/")
        XCTAssertEqual(ours.first?["url"] as? String, theirs.first?["url"] as? String)
        XCTAssertEqual(instant(ours.first?["date"] as? String), instant(theirs.first?["date"] as? String))
    }

    /// Compares the two listings of `site`; returns how many posts were compared.
    private func assertAgreement(site: String, name: String) throws -> Int {
        let oracle = try Shell.check([PackageRoot.appending("scripts/jekyll-list"), site], timeout: 120)
        let expected = try JSONSerialization.jsonObject(with: Data(oracle.utf8)) as! [[String: Any]]
        let listing = try Shell.run(
            [try Products.path("nakedblog"), "list", "--json", site], in: "/", environment: home.environment,
            timeout: 60)
        XCTAssertEqual(listing.status, 0, "\(name): \(listing.stderr)")
        let ours = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as! [[String: Any]]
        let byPath = Dictionary(ours.map { ($0["path"] as! String, $0) }, uniquingKeysWith: { a, _ in a })
        let documents = Set(ours.filter { ($0["kind"] as? String) != "page" }.map { $0["path"] as! String })
        XCTAssertEqual(documents, Set(expected.map { $0["path"] as! String }), "\(name): the posts and drafts")
        for row in expected {
            let path = row["path"] as! String
            guard let post = byPath[path] else { continue }
            XCTAssertEqual(post["title"] as? String, row["title"] as? String, "\(name): title of \(path)")
            XCTAssertEqual(post["draft"] as? Bool, row["draft"] as? Bool, "\(name): draft of \(path)")
            XCTAssertEqual(post["url"] as? String, row["url"] as? String, "\(name): url of \(path)")
            XCTAssertEqual(
                post["kind"] as? String, (row["draft"] as? Bool) == true ? "draft" : "post", "\(name): kind of \(path)")
            XCTAssertEqual(
                instant(post["date"] as? String), instant(row["date"] as? String),
                "\(name): date of \(path): \(post["date"] ?? "nil") vs \(row["date"] ?? "nil")")
        }
        return expected.count
    }

    private func instant(_ text: String?) -> Date? {
        guard var text else { return nil }
        if text.count == 25, text[text.index(text.endIndex, offsetBy: -3)] == ":" {
            text.remove(at: text.index(text.endIndex, offsetBy: -3))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ssZ"
        return formatter.date(from: text.replacingOccurrences(of: "Z", with: "+0000"))
    }
}
