import Foundation
import Harness

/// `nakedblog list` on a generated Jekyll site: against the same on a Hugo site of the same
/// posts, and against the real Jekyll reading it (`jekyll-list`), processes against processes.
enum JekyllListBench {
    static func run(posts: Int, runs: Int, binary: String) throws -> [BenchRow] {
        let root = try TemporaryDirectory(prefix: "nb-bench-jekyll")
        defer { root.remove() }
        let jekyll = root.appending("jekyll"), hugo = root.appending("hugo")
        try write(posts: posts, jekyll: jekyll, hugo: hugo)
        let list = { (site: String) in { () throws -> Void in try Measure.process([binary, "list", "--json", site]) } }
        let versusHugo = try Measure.alternating(runs: runs, ours: list(jekyll), reference: list(hugo))
        var rows = [
            BenchRow(
                name: "list \(posts) posts of a Jekyll site (`nakedblog list --json`)", ours: versusHugo.ours,
                reference: versusHugo.reference, referenceName: "same, \(posts)-post Hugo site", unit: .seconds,
                target: "≤ 1.2× Hugo's", met: versusHugo.ours <= versusHugo.reference * 1.2)
        ]
        // The project's own Jekyll oracle (make bench runs in the package root).
        let tool = PackageRoot.appending("scripts/jekyll-list")
        if FileManager.default.isExecutableFile(atPath: tool),
            (try? Shell.check(["sh", "-c", "command -v jekyll"])) != nil
        {
            // Jekyll takes tens of seconds here: one run of it against the median of ours.
            let reference = try Measure.time { _ = try Shell.check([tool, jekyll], timeout: 1_800) }
            rows.append(
                BenchRow(
                    name: "list \(posts) posts of a Jekyll site", ours: versusHugo.ours, reference: reference,
                    referenceName: "jekyll-list (jekyll 4.3 reading it)", unit: .seconds, target: "≥ 20× faster",
                    met: reference / versusHugo.ours >= 20))
        }
        return rows
    }

    /// The same posts twice: `_posts/DATE-slug.md` under a Jekyll config, `content/posts/slug.md`
    /// under a Hugo one.
    private static func write(posts: Int, jekyll: String, hugo: String) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: jekyll + "/_posts", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: hugo + "/content/posts", withIntermediateDirectories: true)
        try "title: Bench\npermalink: /:categories/:year/:month/:day/:title/\n".write(
            toFile: jekyll + "/_config.yml", atomically: true, encoding: .utf8)
        try "baseURL = 'https://example.org/'\ntitle = 'Bench'\n".write(
            toFile: hugo + "/hugo.toml", atomically: true, encoding: .utf8)
        let body =
            String(
                repeating: "Words of a post that is long enough to count, with a [link](https://example.org). ",
                count: 20) + "\n"
        for index in 0..<posts {
            let day = Date(timeIntervalSince1970: 1_300_000_000 + Double(index) * 9_000)
            let date = ISO8601DateFormatter.string(
                from: day, timeZone: TimeZone(secondsFromGMT: 0)!, formatOptions: [.withFullDate])
            let front =
                "title: \"Post number \(index)\"\ndate: \(date) 10:00:00 +0000\ncategories: [notes, bench]\ntags: [a, b]\n"
            try ("---\n" + front + "---\n" + body).write(
                toFile: "\(jekyll)/_posts/\(date)-post-\(index).md", atomically: false, encoding: .utf8)
            try ("---\n" + front + "---\n" + body).write(
                toFile: "\(hugo)/content/posts/post-\(index).md", atomically: false, encoding: .utf8)
        }
    }
}
