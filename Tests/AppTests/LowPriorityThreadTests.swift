import Foundation
import TUI
import XCTest

@testable import NakedblogApp

/// Previews render on a thread of their own at nice 10 (`LowPriorityThread`), so on a busy
/// machine the loop's frame comes first; the loop's thread keeps its priority.
final class LowPriorityThreadTests: XCTestCase {
    func testPreviewsRenderOnALowerPriorityThread() throws {
        let rendered = expectation(description: "rendered")
        let runner = EffectRunner(environment: [:]) { message in
            if case .previewRendered(_, _, _, _, let words, _) = message, words == 3 { rendered.fulfill() }
        }
        runner.run(
            .renderPreview(
                PreviewJob(
                    path: "p.md", file: "/nonexistent/p.md", buffer: TextBuffer("three small words\n"),
                    revision: 1, width: 40, site: nil)), siteRoot: nil)
        wait(for: [rendered], timeout: 10)
        // The runner is kept until its thread has been looked at: Swift may end its life after its
        // last use, and its threads end with it (the test failed now and then).
        let nice = try withExtendedLifetime(runner) {
            // Looked for a while: on a loaded machine /proc may list a thread before its name.
            var found = Self.niceOfThread(named: "nb-preview")
            for _ in 0..<100 where found == nil {
                usleep(20_000)
                found = Self.niceOfThread(named: "nb-preview")
            }
            return try XCTUnwrap(found, "the worker thread is named")
        }
        XCTAssertEqual(nice, 10)
        XCTAssertEqual(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0), 0, "this thread is untouched")
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
