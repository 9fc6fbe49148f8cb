import Blog
import Preview
import CCmark
import Foundation
import Harness

/// Preview rendering: a typical 5 KB post (the live preview re-renders on every keystroke), and
/// 1 MiB of real markdown against the cmark CLI making HTML of the same text.
enum PreviewBench {
    static func run(runs: Int, binary: String) throws -> [BenchRow] {
        guard let corpus = PackageRoot.sharedCorpus else { return [] }
        // A typical post: ~5 KB from the demo, repeated to size. Measured first, like the app
        // renders it: in a process that has not just rendered megabytes.
        let demo = try PageText.read(path: PackageRoot.appending("demo/content/posts/welcome-to-nakedblog/index.md")).body
        var post = ""
        while post.utf8.count < 5_000 { post += demo + "\n" }
        for _ in 0..<20 { _ = MarkdownPreview.render(markdown: post, width: 80) }
        var samples: [Double] = []
        for _ in 0..<max(200, runs * 60) { samples.append(Measure.time { _ = MarkdownPreview.render(markdown: post, width: 80) }) }
        let typical = Measure.median(samples)

        var bodies: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: corpus)
        while let item = enumerator?.nextObject() as? String {
            guard item.hasSuffix(".md"), item.contains("/content/"), let page = try? PageText.read(path: corpus + "/" + item) else { continue }
            bodies.append(page.body)
        }
        var megabyte = ""
        while megabyte.utf8.count < 1 << 20 { for body in bodies where megabyte.utf8.count < 1 << 20 { megabyte += body + "\n\n" } }
        let scratch = try TemporaryDirectory(prefix: "nb-bench-preview")
        defer { scratch.remove() }
        let file = scratch.appending("big.md")
        try megabyte.write(toFile: file, atomically: true, encoding: .utf8)
        // Like with like: a process against a process (`nakedblog preview --plain` against the
        // cmark CLI, both started directly, output read the same way), and in-process against
        // cmark's own `cmark_markdown_to_html` called in this process, on one core and on all.
        // Each side takes tens of milliseconds on a shared machine: more runs steady the medians.
        let processes = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = try Shell.check([binary, "preview", "--plain", "--width", "100", file]) },
            reference: { _ = try Shell.check(["cmark", file]) })
        let oneCore = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = MarkdownPreview.renderOnOneCore(markdown: megabyte, width: 100) },
            reference: { cmarkToHTML(megabyte) })
        let allCores = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = MarkdownPreview.render(markdown: megabyte, width: 100) },
            reference: { cmarkToHTML(megabyte) })
        return [
            BenchRow(name: "preview 1 MiB of corpus markdown at width 100 (processes: nakedblog preview --plain)", ours: processes.ours,
                     reference: processes.reference, referenceName: "cmark CLI → HTML", unit: .seconds, target: "≤ 2× cmark",
                     met: processes.ours / processes.reference <= 2),
            BenchRow(name: "preview 1 MiB at width 100, in-process, one core", ours: oneCore.ours, reference: oneCore.reference,
                     referenceName: "cmark_markdown_to_html in-process", unit: .seconds, target: "≤ 2× cmark",
                     met: oneCore.ours / oneCore.reference <= 2),
            BenchRow(name: "preview 1 MiB at width 100, in-process, all cores", ours: allCores.ours, reference: allCores.reference,
                     referenceName: "cmark_markdown_to_html in-process", unit: .seconds, target: "≤ 2× cmark",
                     met: allCores.ours / allCores.reference <= 2),
            BenchRow(name: "preview a typical 5 KB post at width 80 (median of \(samples.count))", ours: typical, reference: nil, referenceName: "—",
                     unit: .seconds, target: "≤ 1 ms", met: typical <= 0.001),
        ]
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
