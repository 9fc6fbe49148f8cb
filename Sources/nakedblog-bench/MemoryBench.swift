import Foundation
import Harness

/// Resident memory through typing: 20,000 characters typed in bursts into a 200 KB post, the
/// app in a pty (its /proc VmRSS after a warm-up and at the end). No peer does this.
enum MemoryBench {
    static func run(binary: String, characters: Int) throws -> [BenchRow] {
        let home = try TestHome()
        defer { home.remove() }
        let result = try TypingMemory.measure(binary: binary, characters: characters, environment: home.environment)
        return [BenchRow(name: "resident memory growth typing \(characters) chars into a 200 KB post (pty, MiB)", ours: result.growthMiB,
                         reference: nil, referenceName: "—", unit: .mebibytes, target: "≤ 2 MiB", met: result.growthMiB <= 2)]
    }
}
