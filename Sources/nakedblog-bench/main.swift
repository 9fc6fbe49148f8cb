import Blog
// `make bench`: measures nakedblog against git / hugo / cmark in the same run and prints one
// Markdown table. `--quick` uses smaller inputs and fewer runs (for a fast look, not for numbers);
// `--only list|search|history|jekyll|check|links|index|preview|pathological|spell|editor|memory|paste|longline|publish|app|clone|pictures` runs one section (`--only frame`: the app's first frame and Ctrl-S; `--only save`: Ctrl-S alone; `--only keys`: keystroke latency alone).
import Foundation
import GitOps
import Harness

let arguments = CommandLine.arguments.dropFirst()
let quick = arguments.contains("--quick")
let runs = quick ? 3 : 5
GitLibrary.initialize()

/// Collects rows section by section; a section that fails is reported, the others still run.
struct BenchRun {
    var rows: [BenchRow] = []
    var failures: [String] = []

    /// `--only NAME` runs one section.
    let only: String? = {
        let args = Array(CommandLine.arguments)
        guard let i = args.firstIndex(of: "--only"), i + 1 < args.count else { return nil }
        return args[i + 1]
    }()

    /// `whenAsked` sections run only with `--only NAME` (a part of another section, for quick checks).
    mutating func section(_ name: String, whenAsked: Bool = false, _ body: () throws -> [BenchRow]) {
        if let only, only != name { return }
        if whenAsked && only == nil { return }
        FileHandle.standardError.write(Data("bench: \(name)…\n".utf8))
        do { rows += try body() } catch { failures.append("\(name): \(error)") }
    }
}

/// The release `nakedblog` beside this benchmark binary.
let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "nakedblog"
).path
guard FileManager.default.isExecutableFile(atPath: binary) else {
    FileHandle.standardError.write(Data("bench: \(binary) is missing; run `make bench` (it builds it)\n".utf8))
    exit(1)
}

var run = BenchRun()
run.section("list") {
    try ListBench.run(
        posts: quick ? 2_000 : 20_000, runs: runs, binary: binary, timeTarget: quick ? 0.05 : 0.25,
        speedupTarget: quick ? nil : 15)
        + (quick ? [] : ListBench.run(posts: 2_000, runs: runs, binary: binary, timeTarget: 0.05, speedupTarget: nil))
        + ListBench.refresh(posts: quick ? 2_000 : 20_000, runs: runs)
}
run.section("check") { try CheckBench.run(runs: runs, binary: binary) }
run.section("links") {
    try LinkBench.run(sizes: quick ? [2_000] : [2_000, 20_000], runs: quick ? 1 : 3, binary: binary)
}
run.section("search") { try SearchBench.run(posts: quick ? 2_000 : 20_000, runs: runs, binary: binary) }
run.section("history") {
    try HistoryBench.run(posts: quick ? 2_000 : 20_000, commits: quick ? 500 : 5_000, runs: runs, binary: binary)
}
run.section("jekyll") { try JekyllListBench.run(posts: quick ? 2_000 : 20_000, runs: runs, binary: binary) }
run.section("index") { try ListBench.inProcess(posts: quick ? 2_000 : 20_000, runs: runs) }
run.section("preview") { try PreviewBench.run(runs: runs, binary: binary) }
run.section("pathological") { try PathologicalBench.run(binary: binary) }
run.section("spell") { try SpellBench.run(runs: runs, binary: binary) }
run.section("editor") { EditorBench.run(keystrokes: quick ? 200 : 2_000) }
run.section("memory") { try MemoryBench.run(binary: binary, characters: quick ? 5_000 : 20_000) }
run.section("paste") { try PasteBench.run(runs: runs, binary: binary) }
run.section("longline") { LongLineBench.run(megabytes: quick ? 5 : 50, keystrokes: quick ? 5 : 20) }
run.section("publish") { try PublishBench.run(posts: quick ? 2_000 : 20_000, runs: runs, binary: binary) }
run.section("app") {
    try AppBench.run(posts: quick ? 2_000 : 20_000, runs: runs, keystrokes: quick ? 50 : 300, binary: binary)
}
run.section("save", whenAsked: true) { try AppBench.save(posts: quick ? 2_000 : 20_000, binary: binary) }
run.section("keys", whenAsked: true) {
    try AppBench.keystrokeRows(runs: runs, keystrokes: quick ? 50 : 300, binary: binary)
}
run.section("frame", whenAsked: true) {
    try AppBench.firstFrame(posts: quick ? 2_000 : 20_000, runs: runs, binary: binary)
}
run.section("pictures") { try PictureBench.run(runs: runs, keystrokes: quick ? 50 : 200, binary: binary) }
run.section("clone") { try CloneBench.run(posts: quick ? 200 : 2_000, runs: runs, binary: binary) }
let rows = run.rows, failures = run.failures

print("## nakedblog benchmarks (\(quick ? "quick" : "full"), median of \(runs) alternating runs)\n")
print(BenchTable.render(rows))
if !failures.isEmpty {
    print("\nFailed to measure:")
    failures.forEach { print("- \($0)") }
    exit(1)
}
