import Blog
import CCmark
import Foundation
import Harness
import Preview

/// Preview rendering: a typical 5 KB post (the live preview re-renders on every keystroke), and
/// 1 MiB of real markdown against the cmark CLI making HTML of the same text.
enum PreviewBench {
    static func run(runs: Int, binary: String) throws -> [BenchRow] {
        guard let corpus = PackageRoot.sharedCorpus else { return [] }
        // A typical post: ~5 KB from the demo, repeated to size. Measured first, like the app
        // renders it: in a process that has not just rendered megabytes.
        let demo = try PageText.read(path: PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md"))
            .body
        var post = ""
        while post.utf8.count < 5_000 { post += demo + "\n" }
        for _ in 0..<20 { _ = MarkdownPreview.render(markdown: post, width: 80) }
        var samples: [Double] = []
        for _ in 0..<max(200, runs * 60) {
            samples.append(Measure.time { _ = MarkdownPreview.render(markdown: post, width: 80) })
        }
        let typical = Measure.median(samples)

        var bodies: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus)
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".md"), item.contains("/content/"),
                let page = try? PageText.read(path: corpus + "/" + item)
            else { continue }
            bodies.append(page.body)
        }
        var megabyte = ""
        while megabyte.utf8.count < 1 << 20 {
            for body in bodies where megabyte.utf8.count < 1 << 20 { megabyte += body + "\n\n" }
        }
        let scratch = try TemporaryDirectory(prefix: "nb-bench-preview")
        defer { scratch.remove() }
        let file = scratch.appending("big.md")
        try megabyte.write(toFile: file, atomically: true, encoding: .utf8)
        // Like with like: a process against a process (`nakedblog preview --plain` against the
        // cmark CLI and lowdown, each started directly, its output to /dev/null, waited for in
        // wait4), and in-process against cmark's own `cmark_markdown_to_html` called in this
        // process, on one core and on all. Each side takes tens of milliseconds on a shared
        // machine: more runs steady the medians. Three renderers in turn.
        let processes = try Measure.rotating(
            runs: runs * 4 + 1,
            [
                { try Measure.process([binary, "preview", "--plain", "--width", "100", file]) },
                { try Measure.process(["cmark", file]) },
                { try Measure.process(["lowdown", "-tterm", "--term-width=100", file]) },
            ])
        // Start-up: a one-line file, and --version.
        let oneLine = scratch.appending("one.md")
        try "Hello, *world*.\n".write(toFile: oneLine, atomically: true, encoding: .utf8)
        let startUp = try Measure.rotating(
            runs: runs * 4 + 1,
            [
                { try Measure.process([binary, "preview", "--plain", oneLine]) },
                { try Measure.process(["cmark", oneLine]) },
                { try Measure.process(["lowdown", "-tterm", oneLine]) },
                { try Measure.process([binary, "--version"]) },
            ])
        let oneCore = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = MarkdownPreview.render(markdown: megabyte, width: 100, cores: .one) },
            reference: { cmarkToHTML(megabyte) })
        let allCores = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = MarkdownPreview.render(markdown: megabyte, width: 100) },
            reference: { cmarkToHTML(megabyte) })
        let stageRows = try stages(file: file, runs: runs * 4 + 1)
        let edits = retyping(post: post, codeBlocks: 2, runs: max(200, runs * 60))
        let bigBlock = codeBlock(lines: 10_000)
        let blockTime = Measure.median(
            (0..<runs).map { run in
                Measure.time {
                    _ = MarkdownPreview.render(markdown: "```swift\n// run \(run)\n" + bigBlock + "```\n", width: 100)
                }
            })
        return [
            BenchRow(
                name:
                    "preview 1 MiB of corpus markdown at width 100 (processes, output to /dev/null: nakedblog preview --plain)",
                ours: processes[0],
                reference: processes[1], referenceName: "cmark CLI → HTML", unit: .seconds, target: "≤ 2× cmark",
                met: processes[0] / processes[1] <= 2),
            BenchRow(
                name: "preview 1 MiB at width 100 (processes, same run)", ours: processes[0], reference: processes[2],
                referenceName: "lowdown -tterm --term-width=100", unit: .seconds, target: "faster than lowdown",
                met: processes[0] < processes[2]),
            BenchRow(
                name: "start-up: nakedblog preview of a one-line file (processes)", ours: startUp[0],
                reference: startUp[1],
                referenceName: "cmark CLI, same file", unit: .seconds, target: "—", met: nil),
            BenchRow(
                name: "start-up: nakedblog preview of a one-line file (processes)", ours: startUp[0],
                reference: startUp[2],
                referenceName: "lowdown -tterm, same file", unit: .seconds, target: "—", met: nil),
            BenchRow(
                name: "start-up: nakedblog --version (process)", ours: startUp[3], reference: startUp[1],
                referenceName: "cmark CLI, one-line file", unit: .seconds, target: "—", met: nil),
            BenchRow(
                name:
                    "preview re-render of a 5 KB post with two code blocks after a keystroke in prose (median of \(edits.count))",
                ours: Measure.median(edits), reference: nil, referenceName: "—", unit: .seconds, target: "≤ 2 ms",
                met: Measure.median(edits) <= 0.002),
            BenchRow(
                name: "preview of a 10,000-line Swift code block, highlighted (in-process, not cached)",
                ours: blockTime, reference: nil,
                referenceName: "—", unit: .seconds, target: "≤ 0.5 s", met: blockTime <= 0.5),
            BenchRow(
                name: "preview 1 MiB at width 100, in-process, one core", ours: oneCore.ours,
                reference: oneCore.reference,
                referenceName: "cmark_markdown_to_html in-process", unit: .seconds, target: "≤ 2× cmark",
                met: oneCore.ours / oneCore.reference <= 2),
            BenchRow(
                name: "preview 1 MiB at width 100, in-process, all cores", ours: allCores.ours,
                reference: allCores.reference,
                referenceName: "cmark_markdown_to_html in-process", unit: .seconds, target: "≤ 2× cmark",
                met: allCores.ours / allCores.reference <= 2),
            BenchRow(
                name: "preview a typical 5 KB post at width 80 (median of \(samples.count))", ours: typical,
                reference: nil, referenceName: "—",
                unit: .seconds, target: "≤ 1 ms", met: typical <= 0.001),
        ] + stageRows
    }

    /// Where `nakedblog preview --plain` of the 1 MiB file spends its time, stage by stage, in
    /// this process on all cores (median of `runs` each; the process's start-up is its own row).
    static func stages(file: String, runs: Int) throws -> [BenchRow] {
        var read: [Double] = []
        var ends: [PreviewStage: [Double]] = [:]
        for _ in 0..<runs {
            var last = DispatchTime.now().uptimeNanoseconds
            let page = try PageText.read(path: file)
            let afterRead = DispatchTime.now().uptimeNanoseconds
            read.append(Double(afterRead - last) / 1e9)
            last = afterRead
            let out = MarkdownPreview.terminalOutput(page, width: 100, context: PreviewContext(), colour: false) {
                stage in
                let now = DispatchTime.now().uptimeNanoseconds
                ends[stage, default: []].append(Double(now - last) / 1e9)
                last = now
            }
            withExtendedLifetime(out) {}
        }
        let names: [PreviewStage: String] = [
            .split: "cut into pieces (serial)", .rewritten: "rewrite shortcodes and tables (all cores)",
            .parsed: "find link definitions and probe the pieces (all cores)",
            .laidOut: "parse and lay out into bytes (all cores)",
        ]
        return [
            BenchRow(
                name: "preview 1 MiB stage: read the file (in-process)", ours: Measure.median(read), reference: nil,
                referenceName: "—", unit: .seconds, target: "—", met: nil)
        ]
            + PreviewStage.allCases.map { stage in
                BenchRow(
                    name: "preview 1 MiB stage: \(names[stage] ?? stage.rawValue) (in-process)",
                    ours: Measure.median(ends[stage] ?? [0]),
                    reference: nil, referenceName: "—", unit: .seconds, target: "—", met: nil)
            }
    }

    /// Times of rendering `post` with `codeBlocks` code blocks after a one-character change in
    /// its prose each time (as the app's preview does after a keystroke; code tokens cached).
    static func retyping(post: String, codeBlocks: Int, runs: Int) -> [Double] {
        var text = post
        for index in 0..<codeBlocks {
            text +=
                "\n```\(index.isMultiple(of: 2) ? "go" : "yaml")\n"
                + (index.isMultiple(of: 2)
                    ? "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hello\", 42) // greet\n}\n"
                    : "title: \"Hello\"\ndraft: false\ntags: [a, b]\nweight: 10 # order\n") + "```\n"
        }
        text += "\nThe end of the post, where the writer types.\n"
        _ = MarkdownPreview.render(markdown: text, width: 80)
        var samples: [Double] = []
        for run in 0..<runs {
            text.removeLast()
            text += run.isMultiple(of: 2) ? "x\n" : "\n"
            samples.append(Measure.time { _ = MarkdownPreview.render(markdown: text, width: 80) })
        }
        return samples
    }

    /// A Swift block of `lines` lines (keywords, strings, comments, numbers on each).
    static func codeBlock(lines: Int) -> String {
        (0..<lines).map { "let value\($0) = compute(\"text \($0)\", \($0)) // note \($0)\n" }.joined()
    }

    /// cmark's whole markdown → HTML in this process (the C library nakedblog links).
    static func cmarkToHTML(_ markdown: String) {
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let html = cmark_markdown_to_html(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT) { free(html) }
            }
        }
    }
}
