import Foundation
import Harness

/// Resident memory through typing: 20,000 characters typed in bursts into a 200 KB post, the
/// app in a pty (its /proc VmRSS after a warm-up and at the end). No peer does this.
enum MemoryBench {
    static func run(binary: String, characters: Int) throws -> [BenchRow] {
        let home = try TestHome()
        defer { home.remove() }
        let result = try TypingMemory.measure(binary: binary, characters: characters, environment: home.environment)
        let megabytes = characters >= 20_000 ? 50 : 5
        let huge = try HugePostMemory.measure(binary: binary, megabytes: megabytes, environment: home.environment)
        let line = try HugePostMemory.measure(
            binary: binary, megabytes: megabytes, oneLine: true, environment: home.environment)
        return [
            BenchRow(
                name: "resident memory growth typing \(characters) chars into a 200 KB post (pty, MiB)",
                ours: result.growthMiB,
                reference: nil, referenceName: "—", unit: .mebibytes, target: "≤ 2 MiB", met: result.growthMiB <= 2),
            BenchRow(
                name:
                    "peak resident opening a \(huge.megabytes) MB post, preview shown (pty at 120×40; processes, MiB)",
                ours: huge.ours, reference: huge.cmark, referenceName: "cmark's peak on the same file",
                unit: .mebibytes,
                target: "below cmark's peak", met: huge.ours < huge.cmark),
            BenchRow(
                name:
                    "peak resident opening a \(line.megabytes) MB post that is one line, preview shown (pty at 120×40; processes, MiB)",
                ours: line.ours, reference: line.cmark, referenceName: "cmark's peak on the same file",
                unit: .mebibytes,
                target: "below cmark's peak", met: line.ours < line.cmark),
        ]
    }
}
