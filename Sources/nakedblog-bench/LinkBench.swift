import Foundation
import Harness

/// `nakedblog check --links` on the bench site with links written into every post, against the
/// same site built by `hugo` and checked by html-proofer (`--disable-external`): processes
/// against processes. The issue's target is linear time, ≤ 1 s for 2,000 pages.
enum LinkBench {
    static func run(sizes: [Int], runs: Int, binary: String) throws -> [BenchRow] {
        guard Shell.has("hugo"), Shell.has("htmlproofer") else { return [] }
        return try sizes.map { try row(posts: $0, runs: runs, binary: binary) }
    }

    private static func row(posts: Int, runs: Int, binary: String) throws -> BenchRow {
        let scratch = try TemporaryDirectory(prefix: "nb-bench-links")
        defer { scratch.remove() }
        let site = scratch.appending("site")
        try Shell.check(["cp", "-R", try BlogFixture.make(.init(posts: posts, commits: 3)).path, site])
        try addLinks(site)
        var ours = "", reference = ""
        let output = scratch.appending("public")
        let times = try Measure.alternating(
            runs: runs,
            ours: {
                let result = try Shell.run([binary, "check", "--links", "."], in: site, timeout: 600)
                // 6: it found the broken ones written on purpose; anything else failed.
                guard result.status == 6 else {
                    throw BenchFailure("check --links exited \(result.status): \(result.stderr.prefix(300))")
                }
                ours = result.stderr.split(separator: ":").last.map { String($0).trimmed } ?? ""
            },
            reference: {
                // Refs to drafts make hugo log errors and still write the pages: its status is not the point.
                try? FileManager.default.removeItem(atPath: output)
                _ = try Shell.run(["hugo", "--quiet", "--source", site, "--destination", output], timeout: 600)
                let proofer = try Shell.run(["htmlproofer", output, "--disable-external"], timeout: 1800)
                // hugo leaves out drafts and posts dated after today: html-proofer sees fewer pages.
                let said = (proofer.stdout + proofer.stderr).split(separator: "\n")
                let files = said.first { $0.hasPrefix("Ran on ") }.map { $0.dropFirst(7).prefix { $0 != " " } } ?? "?"
                let failures =
                    said.last { $0.contains("failures") }.flatMap { $0.split(separator: " ").dropFirst(2).first }
                    ?? "no"
                reference = "\(files) pages built, \(failures) failures"
            })
        return BenchRow(
            name: "link check, \(posts.formatted())-post site, 5 links a post (`nakedblog check --links`: \(ours))",
            ours: times.ours, reference: times.reference,
            referenceName: "hugo + htmlproofer --disable-external (\(reference))", unit: .seconds,
            target: "≤ \(posts / 2_000) s (1 s per 2,000 pages)", met: times.ours <= Double(posts) / 2_000)
    }

    /// Each post gets a link to the one before it (some are drafts), a `ref` to a published
    /// one, an anchor of its own first heading, a missing page and a missing picture.
    private static func addLinks(_ site: String) throws {
        let folder = site + "/content/posts"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let texts = try names.map { try String(contentsOfFile: folder + "/" + $0 + "/index.md", encoding: .utf8) }
        // A ref to a draft is an error to hugo, which then leaves pages unwritten: refs name
        // published posts, so both checkers see the whole site.
        let published = names.indices.filter { !texts[$0].contains("\ndraft: true") }
        for (index, name) in names.enumerated() {
            let file = folder + "/" + name + "/index.md"
            var text = texts[index]
            let heading = text.split(separator: "\n").first { $0.hasPrefix("## ") }.map {
                $0.dropFirst(3).lowercased().split(separator: " ").joined(separator: "-")
            }
            let previous = names[(index + names.count - 1) % names.count]
            let other = names[published[(index * 7 + 3) % published.count]]
            text +=
                "\n\nSee [the one before](/posts/\(previous)/), {{< ref \"\(other)\" >}}"
                + (heading.map { ", [above](#\($0))" } ?? "")
                + ", [a missing one](/posts/nope-\(index)/) and ![a picture](/images/p\(index).png).\n"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
