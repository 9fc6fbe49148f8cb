import Foundation
import Harness

/// The publish check (`nakedblog check`: a copy of the site built by hugo in memory) against a
/// plain `hugo --quiet` build of the same site, processes against processes.
enum CheckBench {
    static func run(runs: Int, binary: String) throws -> [BenchRow] {
        guard (try? Shell.check(["sh", "-c", "command -v hugo"])) != nil else { return [] }
        var rows: [BenchRow] = []
        var sites: [(name: String, path: String, post: String)] = []
        let scratch = try TemporaryDirectory(prefix: "nb-bench-check")
        defer { scratch.remove() }
        if let corpus = PackageRoot.sharedCorpus {
            let site = scratch.appending("papermod")
            try Shell.check(["cp", "-R", corpus + "/adityatelange__hugo-PaperMod", site])
            for command in [
                ["init", "-q", "-b", "main"], ["add", "-A"],
                ["-c", "user.name=b", "-c", "user.email=b@b", "commit", "-qm", "x"],
            ] {
                try Shell.check(["git", "-C", site] + command)
            }
            sites.append(("PaperMod corpus site", site, "content/posts/papermod/papermod-features/index.md"))
        }
        let fixture = try BlogFixture.make(.init(posts: 2_000, commits: 5))
        let first = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/content/posts").sorted()[0]
        sites.append(("2,000-post site", fixture.path, "content/posts/\(first)/index.md"))
        for site in sites {
            let output = scratch.appending("public-" + UUID().uuidString)
            let result = try Measure.alternating(
                runs: runs,
                ours: { _ = try Shell.check([binary, "check", site.post], in: site.path, timeout: 600) },
                reference: {
                    _ = try Shell.check(
                        ["hugo", "--quiet", "--source", site.path, "--destination", output], timeout: 600)
                })
            rows.append(
                BenchRow(
                    name: "publish check, \(site.name) (`nakedblog check POST`: copy + build in memory)",
                    ours: result.ours,
                    reference: result.reference, referenceName: "hugo --quiet", unit: .seconds, target: "≤ 1.2× hugo",
                    met: result.ours <= result.reference * 1.2))
        }
        return rows
    }
}
