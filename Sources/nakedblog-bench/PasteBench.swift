import Foundation
import Harness

/// A bracketed paste of 1 MiB into the editor, through a pseudo-terminal: from the first byte
/// sent until the post, saved by the Ctrl-S typed right after the paste, holds it (the whole
/// paste read, decoded, applied as one edit and saved). Process in a pty; no peer does this.
enum PasteBench {
    static func run(runs: Int, binary: String, megabytes: Int = 1) throws -> [BenchRow] {
        let home = try TestHome()
        defer { home.remove() }
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let line = "Paste this sentence about tea, ratios and patience, then paste it again.\n"
        let count = (megabytes << 20) / line.utf8.count
        let body = Array(String(repeating: line, count: count).replacingOccurrences(of: "\n", with: "\r").utf8)
        var times: [Double] = []
        for _ in 0..<runs {
            let site = home.path + "/site-\(times.count)"
            try PackageRoot.copyDemo(to: site)
            let post = site + "/content/posts/cold-brew-ratios/index.md"
            let original = (try FileManager.default.attributesOfItem(atPath: post)[.size] as? Int) ?? 0
            let terminal = try PseudoTerminal([binary, post], environment: environment, columns: 120, rows: 40)
            defer { terminal.terminate() }
            guard terminal.read(timeout: 30, until: { $0.contains(text: "Ln 1, Col 1") }).satisfied else {
                throw BenchFailure("no editor")
            }
            _ = terminal.drain(for: 0.3)
            // The paste, then Ctrl-S: the file holds the paste once it has landed (the screen's
            // stream is a diff of cells, not text to search).
            let bytes = Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8) + [0x13]
            let start = DispatchTime.now().uptimeNanoseconds
            let descriptor = terminal.descriptor
            let writer = Thread { PseudoTerminal.writeAll(bytes, to: descriptor) }
            writer.start()
            let expected = original + body.count
            func size() -> Int { (try? FileManager.default.attributesOfItem(atPath: post)[.size] as? Int) ?? 0 }
            let deadline = Date().addingTimeInterval(60)
            while size() != expected && Date() < deadline { _ = terminal.drain(for: 0.002) }
            guard size() == expected else {
                throw BenchFailure("the paste never landed (\(size()) of \(expected) bytes)")
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = Measure.median(times)
        return [
            BenchRow(
                name: "paste \(megabytes) MiB into the editor, then Ctrl-S → on disk (pty, median)", ours: median,
                reference: nil,
                referenceName: "—", unit: .seconds, target: "< 1 s", met: median < 1)
        ]
    }
}
