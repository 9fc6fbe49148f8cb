import Foundation
import GitOps
import Harness

/// Clone benchmarks: libgit2 (through GitOps) against `git clone` of the same URL.
enum CloneBench {
    static func run(posts: Int, runs: Int) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, imagesPerPost: 1, imageBytes: 50_000, commits: 30))
        let daemon = try GitDaemonServer()
        defer { daemon.stop() }
        try daemon.createRepository(named: "blog", from: fixture.path)
        let scratch = try TemporaryDirectory(prefix: "nb-bench-clone")
        defer { scratch.remove() }
        let target = scratch.appending("clone")
        let url = daemon.url(for: "blog")
        let result = try Measure.alternating(
            runs: runs,
            setUp: { try? FileManager.default.removeItem(atPath: target) },
            ours: { _ = try Repository.clone(url: url, into: target) },
            reference: { try Shell.check(["git", "clone", "--quiet", url, target], timeout: 600) })
        let ratio = result.ours / result.reference
        return [BenchRow(name: "clone \(posts)-post blog over git:// (plain libgit2, no progress)",
                         ours: result.ours, reference: result.reference, referenceName: "git clone",
                         unit: .seconds, target: "≤ 1.1× git", met: ratio <= 1.1)]
    }
}
