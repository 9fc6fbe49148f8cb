import Foundation
import Harness

/// cmark's own pathological inputs (its `test/pathological_tests.py`, 0.31's set, at its sizes)
/// and 10 MB lines, previewed by `nakedblog preview --plain` against the `cmark` CLI on the same
/// file: process against process, each once, time and peak resident memory (`wait4`). The
/// targets: no slower than cmark; at most 1.5× its memory or 64 MiB + 30× the input; the 10 MB
/// lines under 3 s and 300 MB. A run past `limit` seconds is stopped and shown as that limit.
enum PathologicalBench {
    static func cases() -> [(name: String, text: String)] {
        func repeated(_ piece: String, _ count: Int) -> String { String(repeating: piece, count: count) }
        return [
            ("nested strong emphasis", repeated("*a **a ", 65_000) + "b" + repeated(" a** a*", 65_000)),
            ("emphasis closers without openers", repeated("a_ ", 65_000)),
            ("emphasis openers without closers", repeated("_a ", 65_000)),
            ("link closers without openers", repeated("a]", 65_000)),
            ("link openers without closers", repeated("[a", 65_000)),
            ("mismatched openers and closers", repeated("*a_ ", 50_000)),
            ("cmark issue 389", repeated("*a ", 20_000) + repeated("_a*_ ", 20_000)),
            ("openers and closers multiple of 3", "a**b" + repeated("c* ", 50_000)),
            ("link openers and emphasis closers", repeated("[ a_", 50_000)),
            ("[ (]( repeated", repeated("[ (](", 80_000)),
            ("![[]() repeated", repeated("![[]()", 160_000)),
            ("nested brackets", repeated("[", 50_000) + "a" + repeated("]", 50_000)),
            ("nested block quotes", repeated("> ", 50_000) + "a"),
            ("deeply nested lists", (0..<1_000).map { repeated("  ", $0) + "* a\n" }.joined()),
            ("empty lines in deeply nested lists", repeated("- ", 30_000) + "x" + repeated("\n", 30_000)),
            (
                "empty lines in a quote's nested lists",
                "> " + repeated("- ", 30_000) + "x\n" + repeated(">\n", 30_000)
            ),
            ("U+0000 in input", "abc\u{0}de\u{0}"),
            ("backticks", (1..<5_000).map { "e" + repeated("`", $0) }.joined()),
            ("unclosed links A", repeated("[a](<b", 30_000)),
            ("unclosed links B", repeated("[a](b", 30_000)),
            ("unclosed <!--", "</" + repeated("<!--", 300_000)),
            ("tables", repeated("aaa\rbbb\n-\u{0B}\n", 30_000)),
            ("many references", (1..<(50_000 * 16)).map { "[\($0)]: u\n" }.joined() + repeated("[0] ", 50_000)),
            ("emphasis in a deep block quote", repeated("> ", 1_000) + repeated("*a ", 20_000)),
            ("a paragraph of 200 lines of ![[]()", repeated(repeated("![[]()", 1_000) + "\n", 200)),
            ("10 MB line of [", repeated("[", 10_000_000)),
            ("10 MB line of *a", repeated("*a", 5_000_000)),
            ("10 MB line of <", repeated("<", 10_000_000)),
        ]
    }

    static func run(binary: String, limit: Double = 120) throws -> [BenchRow] {
        let scratch = try TemporaryDirectory(prefix: "nb-bench-pathological")
        defer { scratch.remove() }
        var rows: [BenchRow] = []
        for (index, (name, text)) in cases().enumerated() {
            let file = scratch.appending("case-\(index).md")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let bytes = Double(text.utf8.count)
            // A page with a NUL byte is refused as binary (exit 1, one line), as the editor refuses it.
            let refused = name == "U+0000 in input"
            let ours = try measure(
                [binary, "preview", "--plain", "--width", "80", file], limit: limit, expectedStatus: refused ? 1 : 0)
            let cmark = try measure([Measure.path(of: "cmark"), file], limit: limit)
            let memoryAllowance = max(cmark.mebibytes * 1.5, 64 + 30 * bytes / 1_048_576)
            let tenMegabytes = name.hasPrefix("10 MB")
            rows.append(
                BenchRow(
                    name: "pathological: \(name), \(Int(bytes / 1024)) KiB (processes, nakedblog preview --plain)"
                        + (refused ? ": refused as binary" : ""),
                    ours: ours.seconds, reference: cmark.seconds,
                    referenceName: "cmark CLI" + (cmark.stopped ? " (stopped)" : ""),
                    unit: .seconds, target: tenMegabytes ? "≤ cmark, < 3 s" : "≤ cmark",
                    met: ours.failed
                        ? false : ours.seconds <= max(cmark.seconds, 0.05) && (!tenMegabytes || ours.seconds < 3)))
            rows.append(
                BenchRow(
                    name: "pathological: \(name): peak memory", ours: ours.mebibytes, reference: cmark.mebibytes,
                    referenceName: "cmark CLI", unit: .mebibytes,
                    target: tenMegabytes ? "< 300 MiB" : String(format: "≤ %.0f MiB", memoryAllowance),
                    met: ours.failed ? false : tenMegabytes ? ours.mebibytes < 300 : ours.mebibytes <= memoryAllowance))
        }
        return rows
    }

    /// One run of `arguments`, output to /dev/null: its time, then (a second run, through a small
    /// parent: `PeakMemory`) its peak memory; `failed` when it did not exit 0 (its row then says
    /// "no"), `stopped` when it ran past `limit` (its memory is then not measured).
    static func measure(_ arguments: [String], limit: Double, expectedStatus: Int32 = 0) throws
        -> (seconds: Double, mebibytes: Double, failed: Bool, stopped: Bool)
    {
        let started = Date()
        let child = try ChildProcess(arguments)
        while child.isRunning, Date().timeIntervalSince(started) < limit { usleep(2_000) }
        let stopped = child.isRunning
        if stopped { kill(child.pid, SIGKILL) }
        let status = child.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        if stopped || status != expectedStatus { return (seconds, 0, !stopped, stopped) }
        let memory = try PeakMemory.run(arguments, timeout: limit * 2)
        return (seconds, Double(memory.kib) / 1024, memory.status != expectedStatus, false)
    }
}
