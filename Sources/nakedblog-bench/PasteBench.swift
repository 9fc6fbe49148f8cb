import Foundation
import Harness

/// A bracketed paste of 1 MiB into the editor, through a pseudo-terminal: from the first byte
/// sent until the frame shows the cursor after the pasted text (the whole paste decoded,
/// applied as one edit and drawn). Process in a pty; no peer does this.
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
            let terminal = try PseudoTerminal([binary, site + "/content/posts/cold-brew-ratios/index.md"], environment: environment,
                                              columns: 120, rows: 40)
            defer { terminal.terminate() }
            guard terminal.read(timeout: 30, until: { $0.contains(text: "Ln 1, Col 1") }).satisfied else { throw BenchFailure("no editor") }
            _ = terminal.drain(for: 0.3)
            let bytes = Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
            let start = DispatchTime.now().uptimeNanoseconds
            let descriptor = terminal.descriptor
            let writer = Thread { PseudoTerminal.writeAll(bytes, to: descriptor) }
            writer.start()
            guard terminal.read(timeout: 60, until: { $0.contains(text: "Ln \(count + 1), Col 1") }).satisfied else {
                throw BenchFailure("the paste never landed")
            }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let median = Measure.median(times)
        return [BenchRow(name: "paste \(megabytes) MiB into the editor → drawn (pty, median)", ours: median, reference: nil,
                         referenceName: "—", unit: .seconds, target: "< 1 s", met: median < 1)]
    }
}
