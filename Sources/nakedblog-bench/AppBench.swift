import Foundation
import Harness

/// The full-screen app through a pseudo-terminal: time to the browser's first full frame on a
/// large site, and keystroke-to-frame latency in the editor split at 120×40.
enum AppBench {
    static func run(posts: Int, runs: Int, keystrokes: Int, binary: String) throws -> [BenchRow] {
        let fixture = try BlogFixture.make(.init(posts: posts, commits: 20))
        let home = try TestHome()
        defer { home.remove() }
        var environment = home.environment
        environment["TERM"] = "xterm-256color"
        let listed = "\(posts) of \(posts) posts"

        // First frame with the posts listed, from process start (alternating with hugo's listing).
        let frame = try Measure.alternating(
            runs: runs,
            ours: {
                let terminal = try PseudoTerminal([binary, fixture.path], environment: environment, columns: 80, rows: 24)
                defer { terminal.terminate() }
                guard terminal.read(timeout: 30, until: { $0.contains(text: listed) }).satisfied else {
                    throw BenchFailure("the browser never showed \(listed)")
                }
            },
            reference: { try Shell.check(["hugo", "list", "all", "--source", fixture.path], timeout: 600) })

        // Keystrokes in the editor split (a demo post), each timed until its frame arrives.
        let site = try TemporaryDirectory(prefix: "nb-bench-app")
        defer { site.remove() }
        try Shell.check(["cp", "-R", PackageRoot.appending("demo") + "/.", site.path])
        let terminal = try PseudoTerminal([binary, site.path], environment: environment, columns: 120, rows: 40)
        defer { terminal.terminate() }
        guard terminal.read(timeout: 15, until: { $0.contains(text: "Plain Words") }).satisfied else { throw BenchFailure("no browser") }
        terminal.write("/cold\r\r")
        guard terminal.read(timeout: 10, until: { $0.contains(text: "split") }).satisfied else { throw BenchFailure("no editor") }
        _ = terminal.drain(for: 0.3)
        var ours: [Double] = []
        var bytes = 0
        // Letters that never end an escape sequence ncurses sends, so seeing one means its cell arrived.
        let letters = Array("wyzqvx")
        for index in 0..<keystrokes {
            let letter = String(letters[index % letters.count])
            let start = DispatchTime.now().uptimeNanoseconds
            terminal.write(letter)
            // ncurses writes a whole refresh at once: the typed letter arriving means the frame did.
            let result = terminal.read(timeout: 2) { $0.contains(text: letter) }
            ours.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            bytes += result.bytes.count
            _ = terminal.drain(for: 0.002)
        }
        // Reference: the same round trip through a pty to `cat`, which only echoes.
        let echo = try PseudoTerminal(["cat"], environment: environment, columns: 120, rows: 40)
        defer { echo.terminate() }
        var baseline: [Double] = []
        for index in 0..<keystrokes {
            let letter = String(letters[index % letters.count])
            let start = DispatchTime.now().uptimeNanoseconds
            echo.write(letter)
            _ = echo.read(timeout: 2) { $0.contains(text: letter) }
            baseline.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let p99 = percentile(ours, 0.99), median = Measure.median(ours)
        return [
            BenchRow(name: "first browser frame, \(posts) posts, from process start (pty 80×24)", ours: frame.ours,
                     reference: frame.reference, referenceName: "hugo list all", unit: .seconds, target: "≤ 300 ms",
                     met: frame.ours <= 0.3),
            BenchRow(name: "keystroke → frame, editor split 120×40 (pty, median)", ours: median, reference: Measure.median(baseline),
                     referenceName: "pty echo (cat)", unit: .seconds, target: "≤ 16 ms", met: median <= 0.016),
            BenchRow(name: "keystroke → frame, editor split 120×40 (pty, p99)", ours: p99, reference: percentile(baseline, 0.99),
                     referenceName: "pty echo (cat)", unit: .seconds, target: "≤ 16 ms", met: p99 <= 0.016),
            BenchRow(name: "bytes written per keystroke (editor split 120×40)", ours: Double(bytes) / Double(keystrokes), reference: nil,
                     referenceName: "—", unit: .bytes, target: "small (only changed cells)", met: nil),
        ]
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
