import Foundation
import Synchronization
import TUI
import XCTest

@testable import NakedblogApp

/// Previews render on a thread of their own at nice 10 (`LowPriorityThread`), so on a busy
/// machine the loop's frame comes first; the loop's thread keeps its priority.
final class LowPriorityThreadTests: XCTestCase {
    func testPreviewsRenderOnALowerPriorityThread() throws {
        let rendered = expectation(description: "rendered")
        // Read on the thread that sends the preview (the worker itself): its nice value and name.
        let seen = Mutex<(nice: Int32, name: String)?>(nil)
        let runner = EffectRunner(environment: [:]) { message in
            if case .previewRendered(_, _, _, _, let words, _) = message, words == 3 {
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
                seen.withLock {
                    $0 = (
                        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0),
                        name.trimmingCharacters(in: .newlines)
                    )
                }
                rendered.fulfill()
            }
        }
        runner.run(
            .renderPreview(
                PreviewJob(
                    path: "p.md", file: "/nonexistent/p.md", buffer: TextBuffer("three small words\n"),
                    revision: 1, width: 40, site: nil)), siteRoot: nil)
        wait(for: [rendered], timeout: 10)
        let worker = try XCTUnwrap(seen.withLock { $0 })
        XCTAssertEqual(worker.nice, 10)
        XCTAssertEqual(worker.name, "nb-preview", "the worker thread is named")
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), 0, "this thread is untouched")
        withExtendedLifetime(runner) {}
    }

    /// The nice value (field 19 of /proc/self/task/TID/stat) of the thread whose name starts with `name`.
    static func niceOfThread(named name: String) -> Int? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        for task in tasks {
            guard let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8),
                comm.hasPrefix(name),
                let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // Fields after the name: state is field 3, nice field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 16 ? Int(fields[16]) : nil
        }
        return nil
    }
}
