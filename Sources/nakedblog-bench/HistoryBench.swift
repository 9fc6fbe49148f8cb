import Foundation
import Harness

/// A post's history on the big bench repository: `nakedblog log POST --json` against
/// `git log --follow --numstat -- PATH`, process against process. The post is edited in 20
/// commits on top of the fixture's (its first commit is deep in the history, so both walk it all).
enum HistoryBench {
    static func run(posts: Int, commits: Int, runs: Int, binary: String) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: commits))
        let copy = try TemporaryDirectory(prefix: "nb-bench-history")
        defer { copy.remove() }
        try Shell.check(["cp", "-R", fixture.path + "/.", copy.path])
        let listed = try Shell.check(["git", "ls-files", "content/posts"], in: copy.path).split(separator: "\n")
        guard let post = listed.first(where: { $0.hasSuffix("/index.md") }).map(String.init) else { return [] }
        let git = { (arguments: [String]) in
            _ = try Shell.check(
                ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com"] + arguments, in: copy.path)
        }
        for edit in 1...20 {
            let file = copy.path + "/" + post
            let text = try String(contentsOfFile: file, encoding: .utf8)
            try (text + "\nEdit \(edit).\n").write(toFile: file, atomically: true, encoding: .utf8)
            try git(["commit", "-q", "-am", "Update \(edit)"])
        }
        let total = try Shell.check(["git", "rev-list", "--count", "HEAD"], in: copy.path)
        let out = copy.appending("../nb-history-out")
        func timed(_ arguments: [String]) throws {
            let child = try ChildProcess(
                [Measure.path(of: arguments[0])] + arguments.dropFirst(), directory: copy.path, standardOutput: out)
            guard child.waitUntilExit() == 0 else { throw Measure.ProcessFailed(arguments: arguments, status: 1) }
        }
        let result = try Measure.alternating(
            runs: runs,
            ours: { try timed([binary, "log", post, "--json"]) },
            reference: { try timed(["git", "log", "--follow", "--numstat", "--", post]) })
        let ratio = result.ours / result.reference
        return [
            BenchRow(
                name: "history of one post, \(posts) posts, \(total) commits (`nakedblog log --json`)",
                ours: result.ours, reference: result.reference, referenceName: "git log --follow --numstat",
                unit: .seconds, target: "≤ 1.5× git", met: ratio <= 1.5)
        ]
    }
}
