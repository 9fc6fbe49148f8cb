import Foundation
import Harness
import TUI

/// The editor's keystroke cost: insert a character and render a 120×40 frame of a 1 MiB
/// document (p99 of CPU time), and how many cells change per keystroke.
enum EditorBench {
    static func run(keystrokes: Int) -> [BenchRow] {
        let paragraph =
            "Some **markdown** text with a [link](https://example.com) and `code`, written over SSH. 京都でお茶を。\n"
        var text = "---\ntitle: \"Big\"\n---\n\n"
        var section = 0
        while text.utf8.count < 1 << 20 {
            section += 1
            text +=
                "## Section \(section)\n\n" + String(repeating: paragraph, count: 6)
                + "\n- a list item\n- another\n\n```sh\nhugo --minify\n```\n\n"
        }
        var state = EditorState(text: text)
        state.goToLine(state.buffer.lineCount / 2)
        var view = EditorView(softWrap: true, lineNumbers: true)
        var previous: Screen?
        var samples: [Double] = []
        var changedCells: [Int] = []
        for index in 0..<keystrokes {
            let start = clock_ticks()
            _ = state.handle(.character(index.isMultiple(of: 7) ? " " : "x"), now: Double(index))
            var screen = Screen(width: 120, height: 40)
            view.render(state, into: &screen, area: screen.bounds)
            let changes = screen.changes(since: previous)
            samples.append(clock_elapsed(since: start))
            if previous != nil { changedCells.append(changes.reduce(0) { $0 + $1.cells.count }) }
            previous = screen
        }
        samples.sort()
        let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
        changedCells.sort()
        let medianCells = changedCells.isEmpty ? 0 : changedCells[changedCells.count / 2]
        return [
            BenchRow(
                name: "editor: type + render 120×40 of a 1 MiB post (p99 CPU)", ours: p99, reference: nil,
                referenceName: "—",
                unit: .seconds, target: "≤ 1 ms", met: p99 <= 0.001),
            BenchRow(
                name: "editor: cells redrawn per typed character (median; bytes through a pty: see the app rows)",
                ours: Double(medianCells), reference: nil, referenceName: "—", unit: .bytes, target: "≤ 64 bytes",
                met: nil),
        ]
    }

    /// CPU time of this thread.
    private static func clock_ticks() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    private static func clock_elapsed(since start: Double) -> Double { clock_ticks() - start }
}
