import Foundation
import GitOps
import Harness
import Synchronization

/// Clone benchmarks: `nakedblog clone` against `git clone` of the same URL, per transport, and
/// the cost of progress reporting (event stream vs. a plain libgit2 clone).
enum CloneBench {
    static func run(posts: Int, runs: Int, binary: String) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, imagesPerPost: 1, imageBytes: 50_000, commits: 30))
        let home = try TestHome()
        defer { home.remove() }
        let scratch = try TemporaryDirectory(prefix: "nb-bench-clone")
        defer { scratch.remove() }
        let target = scratch.appending("clone")
        let size = try Shell.check(["du", "-sm", fixture.path + "/.git"]).split(separator: "\t").first ?? "?"

        let daemon = try GitDaemonServer()
        defer { daemon.stop() }
        try daemon.createRepository(named: "blog", from: fixture.path)
        let ssh = try SSHServer()
        defer { ssh.stop() }
        try ssh.createRepository(named: "blog", from: fixture.path)
        try ssh.trust(in: home)
        let http = try SmartHTTPServer()
        defer { http.stop() }
        try http.createRepository(named: "blog", from: fixture.path)

        var rows: [BenchRow] = []
        for (name, url) in [
            ("git://", daemon.url(for: "blog")), ("ssh", ssh.url(for: "blog")), ("http", http.url(for: "blog")),
        ] {
            let result = try Measure.alternating(
                runs: runs,
                setUp: { try? FileManager.default.removeItem(atPath: target) },
                ours: { try Shell.check([binary, "clone", url, target], environment: home.environment, timeout: 600) },
                reference: {
                    try Shell.check(
                        ["git", "clone", "--quiet", url, target], environment: home.environment, timeout: 600)
                })
            let ratio = result.ours / result.reference
            rows.append(
                BenchRow(
                    name: "clone \(posts)-post blog (\(size) MB) over \(name)", ours: result.ours,
                    reference: result.reference,
                    referenceName: "git clone", unit: .seconds, target: "≤ 1.1× git", met: ratio <= 1.1))
        }

        // Progress reporting: the event stream (consumed) against libgit2 with no callbacks.
        let url = daemon.url(for: "blog")
        let progress = try Measure.alternating(
            runs: runs,
            setUp: { try? FileManager.default.removeItem(atPath: target) },
            ours: {
                let operation = Cloner.clone(
                    try GitURL(url), into: target, options: .init(environment: home.environment))
                let done = DispatchSemaphore(value: 0)
                let failure = Mutex<(any Error)?>(nil)
                Task {
                    do { for try await _ in operation.events {} } catch { failure.withLock { $0 = error } }
                    done.signal()
                }
                done.wait()
                // A clone that failed is not timed as one that worked.
                if let error = failure.withLock({ $0 }) { throw error }
            },
            reference: { _ = try Repository.clone(url: url, into: target) })
        rows.append(
            BenchRow(
                name: "progress reporting cost (clone with events vs. none, git://)", ours: progress.ours,
                reference: progress.reference, referenceName: "libgit2, no callbacks", unit: .seconds,
                target: "≤ 5% slower", met: progress.ours / progress.reference <= 1.05))
        return rows
    }
}
