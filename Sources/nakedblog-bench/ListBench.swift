import Blog
import Foundation
import Harness

/// Listing benchmarks: `nakedblog list` against `hugo list all` on generated sites, and the
/// index refresh after one file changed.
enum ListBench {
    static func run(posts: Int, runs: Int, binary: String, timeTarget: Double, speedupTarget: Double?) throws
        -> [BenchRow]
    {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let result = try Measure.alternating(
            runs: runs,
            ours: { try Measure.process([binary, "list", "--json", fixture.path]) },
            reference: { try Shell.check(["hugo", "list", "all", "--source", fixture.path], timeout: 600) })
        // The same listing with every directory opened and read (the first listing of a site, or
        // NAKEDBLOG_LISTING_CACHE=0): informational, against hugo's time above.
        var uncached = ProcessInfo.processInfo.environment
        uncached["NAKEDBLOG_LISTING_CACHE"] = "0"
        let fresh = try Measure.alternating(
            runs: runs,
            ours: { try Measure.process([binary, "list", "--json", fixture.path], environment: uncached) },
            reference: { try Measure.process([binary, "list", "--json", fixture.path]) })
        let speedup = result.reference / result.ours
        let meetsSpeedup = speedupTarget.map { speedup >= $0 } ?? true
        var rows = [
            BenchRow(
                name: "list \(posts) posts (`nakedblog list --json`)", ours: result.ours, reference: result.reference,
                referenceName: "hugo list all", unit: .seconds,
                target: "≤ \(BenchTable.format(timeTarget, .seconds))"
                    + (speedupTarget.map { " and ≥ \(Int($0))× faster" } ?? ""),
                met: result.ours <= timeTarget && meetsSpeedup)
        ]
        rows.append(
            BenchRow(
                name: "list \(posts) posts, every directory read (`NAKEDBLOG_LISTING_CACHE=0`)", ours: fresh.ours,
                reference: result.reference, referenceName: "hugo list all", unit: .seconds, target: "—", met: nil))
        if posts >= 10_000 {
            let peak = try PeakMemory.run([binary, "list", "--json", fixture.path], timeout: 600).kib
            rows.append(
                BenchRow(
                    name: "list \(posts) posts: peak memory", ours: Double(peak) / 1024, reference: nil,
                    referenceName: "—", unit: .mebibytes, target: "≤ 50 MiB", met: Double(peak) / 1024 <= 50))
        }
        return rows
    }

    /// Refreshing the index after one post changed, against rebuilding it.
    static func refresh(posts: Int, runs: Int) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let copy = try TemporaryDirectory(prefix: "nb-bench-refresh")
        defer { copy.remove() }
        try Shell.check(["cp", "-R", fixture.path + "/.", copy.path])
        let site = try Site.open(containing: copy.path)
        var index = PostIndex.build(site)
        guard let post = index.posts.first else { return [] }
        let absolute = site.absolute(post.path)
        var counter = 0
        var refreshTimes: [Double] = []
        var rebuildTimes: [Double] = []
        for _ in 0..<runs {
            counter += 1
            let text = try String(contentsOfFile: absolute, encoding: .utf8)
            try (text + "\nEdit \(counter).\n").write(toFile: absolute, atomically: true, encoding: .utf8)
            refreshTimes.append(Measure.time { index.refresh(paths: [post.path]) })
            rebuildTimes.append(Measure.time { _ = PostIndex.build(site) })
        }
        let ours = Measure.median(refreshTimes)
        return [
            BenchRow(
                name: "refresh index of \(posts) posts after one file changed", ours: ours,
                reference: Measure.median(rebuildTimes), referenceName: "full re-read (ours)", unit: .seconds,
                target: "≤ 10 ms", met: ours <= 0.010)
        ]
    }

    /// Building the index in this process (no process start, no output): the part of the
    /// listing that the app's first frame waits for. Informational; best of `runs`.
    static func inProcess(posts: Int, runs: Int) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let site = try Site.open(containing: fixture.path)
        var times: [Double] = []
        for _ in 0..<max(3, runs) {
            var index: PostIndex?
            times.append(Measure.time { index = PostIndex.build(site) })  // freed outside the timing
            _ = index
        }
        return [
            BenchRow(
                name: "index \(posts) posts in process (best run)", ours: times.min() ?? 0, reference: nil,
                referenceName: "—", unit: .seconds, target: "—", met: nil)
        ]
    }
}
