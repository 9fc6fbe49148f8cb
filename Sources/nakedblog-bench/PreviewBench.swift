import Blog
import Foundation
import Harness

/// Preview rendering: a typical 5 KB post (the live preview re-renders on every keystroke), and
/// 1 MiB of real markdown against the cmark CLI making HTML of the same text.
enum PreviewBench {
    static func run(runs: Int) throws -> [BenchRow] {
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
        // Each side takes tens of milliseconds on a shared machine: more runs steady the medians.
        let big = try Measure.alternating(
            runs: runs * 4 + 1,
            ours: { _ = MarkdownPreview.render(markdown: megabyte, width: 100) },
            reference: { try Shell.check(["sh", "-c", "cmark \(file) > /dev/null"]) })
        return [
            BenchRow(name: "preview 1 MiB of corpus markdown at width 100", ours: big.ours, reference: big.reference,
                     referenceName: "cmark → HTML", unit: .seconds, target: "≤ 2× cmark", met: big.ours / big.reference <= 2),
            BenchRow(name: "preview a typical 5 KB post at width 80 (median of \(samples.count))", ours: typical, reference: nil, referenceName: "—",
                     unit: .seconds, target: "≤ 1 ms", met: typical <= 0.001),
        ]
    }
}
