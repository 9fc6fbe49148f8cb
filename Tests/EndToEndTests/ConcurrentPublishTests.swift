import Foundation
import Synchronization
import TestSupport
import XCTest

/// Two people publish from two clones at the same moment, with both cores kept busy: both land,
/// every round, the later one replayed onto the other (no merge commit, nothing forced).
final class ConcurrentPublishTests: XCTestCase {
    func testTwoPublishesAtTheSameMomentBothLandTenRoundsRunning() throws {
        let home = try TestHome()
        defer { home.remove() }
        let remote = home.path + "/remote.git", seed = home.path + "/seed"
        try PackageRoot.copyDemo(to: seed)
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
            ["git", "clone", "-q", "--bare", ".", remote],
        ] {
            try Shell.check(command, in: seed, environment: home.environment)
        }
        let clones = ["ann", "bo"].map { home.path + "/" + $0 }
        for clone in clones {
            try Shell.check(["git", "clone", "-q", "file://" + remote, clone], environment: home.environment)
        }
        // Both cores busy for the whole test.
        let burners = try (0..<2).map { number in
            try BackgroundProcess(["sh", "-c", "while :; do :; done"], logPath: home.path + "/burner-\(number).log")
        }
        defer { burners.forEach { $0.stop() } }
        let nakedblog = try Products.path("nakedblog")
        let posts = ["content/posts/tea-in-kyoto/index.md", "content/posts/cold-brew-ratios/index.md"]
        for round in 1...10 {
            let results = Mutex<[ProcessResult?]>([nil, nil])
            let group = DispatchGroup()
            for (index, clone) in clones.enumerated() {
                let file = clone + "/" + posts[index]
                try (try String(contentsOfFile: file, encoding: .utf8) + "\nRound \(round) by \(index).\n").write(
                    toFile: file, atomically: true, encoding: .utf8)
                let environment = home.environment
                DispatchQueue.global().async(group: group) {
                    let result = try? Shell.run(
                        [nakedblog, "publish", "--no-check", "-m", "Round \(round) by \(index)", posts[index]],
                        in: clone, environment: environment, timeout: 120)
                    results.withLock { $0[index] = result }
                }
            }
            group.wait()
            for (index, result) in results.withLock({ $0 }).enumerated() {
                XCTAssertEqual(result?.status, 0, "round \(round), clone \(index): \(result?.stderr ?? "did not run")")
            }
            let log = try Shell.check(["git", "log", "--format=%s", "main"], in: remote, environment: home.environment)
            for index in 0..<2 {
                XCTAssertTrue(
                    log.contains("Round \(round) by \(index)"), "round \(round): \(index)'s commit landed:\n\(log)")
            }
        }
        XCTAssertEqual(
            try Shell.check(
                ["git", "rev-list", "--merges", "--count", "main"], in: remote, environment: home.environment
            )
            .trimmingCharacters(in: .whitespacesAndNewlines), "0", "no merge commits")
        XCTAssertEqual(
            try Shell.check(["git", "rev-list", "--count", "main"], in: remote, environment: home.environment)
                .trimmingCharacters(in: .whitespacesAndNewlines), "21", "every round's two commits and the first")
    }
}
