import Foundation
import Harness

/// Publish benchmarks on a large repository (`publish --no-check`: the build check has rows of its
/// own in `CheckBench`, and git builds nothing): committing one edited post (against `git add` +
/// `git commit`), and commit + push over ssh (against the same with `git push`).
enum PublishBench {
    static func run(posts: Int, runs: Int, binary: String) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let home = try TestHome()
        defer { home.remove() }
        let scratch = try TemporaryDirectory(prefix: "nb-bench-publish")
        defer { scratch.remove() }
        let ssh = try SSHServer()
        defer { ssh.stop() }
        try ssh.trust(in: home)
        // One remote per side, so neither push has to fetch the other's commits first.
        let ours = scratch.appending("ours"), theirs = scratch.appending("git")
        for (name, clone) in [("ours", ours), ("git", theirs)] {
            try ssh.createRepository(named: name, from: fixture.path)
            try home.git(["clone", "--quiet", ssh.url(for: name), clone], timeout: 600)
        }
        let post =
            "content/posts/"
            + (try FileManager.default.contentsOfDirectory(atPath: ours + "/content/posts").sorted()[posts / 2])
        var counter = 0
        func edit(_ clone: String) throws {
            counter += 1
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(clone)/\(post)/index.md"))
            handle.seekToEndOfFile()
            handle.write(Data("\nEdit \(counter).\n".utf8))
            try handle.close()
        }
        let env = home.environment
        let commit = try Measure.alternating(
            runs: runs,
            setUp: {
                try edit(ours); try edit(theirs)
            },
            ours: {
                try Shell.check(
                    [binary, "publish", post, "--no-check", "--no-push", "-m", "Bench"], in: ours, environment: env)
            },
            reference: {
                try Shell.check(["git", "add", post], in: theirs, environment: env)
                try Shell.check(["git", "commit", "-q", "-m", "Bench"], in: theirs, environment: env)
            })
        let push = try Measure.alternating(
            runs: runs,
            setUp: {
                try edit(ours); try edit(theirs)
            },
            ours: {
                try Shell.check(
                    [binary, "publish", post, "--no-check", "-m", "Bench"], in: ours, environment: env, timeout: 120)
            },
            reference: {
                try Shell.check(["git", "add", post], in: theirs, environment: env)
                try Shell.check(["git", "commit", "-q", "-m", "Bench"], in: theirs, environment: env)
                try Shell.check(["git", "push", "-q"], in: theirs, environment: env, timeout: 120)
            })
        // The same publish with libgit2's own push (which walks the remote's whole tree), for the
        // gain of the thin push over ssh in this run.
        var libgit2Env = env
        libgit2Env["NAKEDBLOG_THIN_PUSH"] = "0"
        let thin = try Measure.alternating(
            runs: runs,
            setUp: { try edit(ours) },
            ours: {
                try Shell.check(
                    [binary, "publish", post, "--no-check", "-m", "Bench"], in: ours, environment: env, timeout: 120)
            },
            reference: {
                try Shell.check(
                    [binary, "publish", post, "--no-check", "-m", "Bench"], in: ours, environment: libgit2Env,
                    timeout: 120)
            })
        return [
            BenchRow(
                name: "commit one edited post (\(posts)-post repo)", ours: commit.ours, reference: commit.reference,
                referenceName: "git add + git commit", unit: .seconds, target: "≤ 1.0× git",
                met: commit.ours <= commit.reference),
            BenchRow(
                name: "commit + push one post over ssh (\(posts)-post repo)", ours: push.ours,
                reference: push.reference,
                referenceName: "git add + commit + push", unit: .seconds, target: "≤ 1.0× git",
                met: push.ours <= push.reference),
            BenchRow(
                name: "commit + push over ssh: thin push vs libgit2's push (ours both)", ours: thin.ours,
                reference: thin.reference,
                referenceName: "NAKEDBLOG_THIN_PUSH=0", unit: .seconds, target: "—", met: nil),
        ]
    }
}
