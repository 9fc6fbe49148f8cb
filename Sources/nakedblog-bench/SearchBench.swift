import Foundation
import Harness

/// `nakedblog search` against `rg --vimgrep` over the same page files of a generated site,
/// process against process, both writing to a file (rg stops at the first match when its output
/// is /dev/null).
enum SearchBench {
    static func run(posts: Int, runs: Int, binary: String) throws -> [BenchRow] {
        guard Shell.has("rg") else {
            return [
                BenchRow(
                    name: "search \(posts) posts", ours: 0, reference: nil, referenceName: "rg (not installed)",
                    unit: .seconds, target: "≤ 1.5× rg", met: nil)
            ]
        }
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let scratch = try TemporaryDirectory(prefix: "nb-bench-search")
        defer { scratch.remove() }
        let output = scratch.appending("out")
        func timed(_ arguments: [String]) throws {
            let child = try ChildProcess(
                [Measure.path(of: arguments[0])] + arguments.dropFirst(), directory: fixture.path,
                standardOutput: output)
            _ = child.waitUntilExit()
        }
        var rows: [BenchRow] = []
        for (word, what) in [("zeppelin", "a word in no post"), ("bicycle", "a word in most posts")] {
            let result = try Measure.alternating(
                runs: runs,
                ours: { try timed([binary, "search", word, fixture.path]) },
                reference: {
                    try timed(["rg", "--vimgrep", "--sort", "path", "-g", "*.md", "-g", "!_index.md", word, "content"])
                })
            let lines =
                (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0
            let ratio = result.ours / result.reference
            rows.append(
                BenchRow(
                    name: "search \(posts) posts for \(what) (`nakedblog search`; last run \(lines) rows)",
                    ours: result.ours, reference: result.reference,
                    referenceName: "rg --vimgrep --sort path", unit: .seconds, target: "≤ 1.5× rg",
                    met: ratio <= 1.5))
        }
        // rg without --sort runs on every core; informational.
        let unsorted = try Measure.alternating(
            runs: runs,
            ours: { try timed([binary, "search", "bicycle", fixture.path]) },
            reference: { try timed(["rg", "--vimgrep", "-g", "*.md", "-g", "!_index.md", "bicycle", "content"]) })
        rows.append(
            BenchRow(
                name: "search \(posts) posts for a word in most posts, rg unsorted (parallel)", ours: unsorted.ours,
                reference: unsorted.reference, referenceName: "rg --vimgrep", unit: .seconds, target: "—", met: nil))
        return rows
    }
}
