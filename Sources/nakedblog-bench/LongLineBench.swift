import Foundation
import TUI

/// A post that is one 50 MB line (issue 18's memory bomb): how long the editor takes to open it,
/// and what one keystroke at the end of the line costs (insert + render an 80×24 frame, CPU
/// time, in-process), next to the same keystroke in a 5 KB post.
enum LongLineBench {
    static func run(megabytes: Int, keystrokes: Int) -> [BenchRow] {
        let words = "lorem ipsum dolor sit amet consectetur adipiscing elit "
        let line = String(repeating: words, count: megabytes * (1 << 20) / words.utf8.count)
        let text = "---\ntitle: long\n---\n" + line + "\n"
        let openStart = Date()
        var state = EditorState(text: text)
        var view = EditorView(softWrap: true, lineNumbers: false)
        var screen = Screen(width: 80, height: 24)
        state.goTo(TextPosition(line: 3, column: Int.max))
        view.render(state, into: &screen, area: screen.bounds)
        let open = Date().timeIntervalSince(openStart)
        let long = typing(&state, &view, keystrokes: keystrokes)
        let textStart = Date()
        let saved = state.text
        let textTime = Date().timeIntervalSince(textStart)
        precondition(saved.utf8.count > (megabytes << 20) - 100)
        var small = EditorState(text: "---\ntitle: small\n---\n" + String(repeating: words, count: 90) + "\n")
        small.goTo(TextPosition(line: 3, column: Int.max))
        var smallView = EditorView(softWrap: true, lineNumbers: false)
        let short = typing(&small, &smallView, keystrokes: keystrokes)
        return [
            BenchRow(
                name: "editor: open a \(megabytes) MB one-line post and draw its end, 80×24 (in-process)", ours: open,
                reference: nil, referenceName: "—", unit: .seconds, target: "≤ 5 s", met: open <= 5),
            BenchRow(
                name: "editor: type + render at the end of a \(megabytes) MB line, 80×24 (median CPU, in-process)",
                ours: long,
                reference: short, referenceName: "same in a 5 KB post", unit: .seconds, target: "≤ 5× the 5 KB post",
                met: long <= 5 * max(short, 0.0001)),
            BenchRow(
                name: "editor: the text of a \(megabytes) MB line as saved or journaled (in-process)", ours: textTime,
                reference: nil, referenceName: "—", unit: .seconds, target: "≤ 1 s", met: textTime <= 1),
        ]
    }

    /// Median CPU time of typing one character and rendering the frame.
    private static func typing(_ state: inout EditorState, _ view: inout EditorView, keystrokes: Int) -> Double {
        var samples: [Double] = []
        for index in 0..<keystrokes {
            let start = cpuTime()
            _ = state.handle(
                .character(index.isMultiple(of: 7) ? " " : "x"), now: Double(index), pageHeight: 22,
                wrapWidth: view.wrapWidth)
            var screen = Screen(width: 80, height: 24)
            view.render(state, into: &screen, area: screen.bounds)
            samples.append(cpuTime() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    private static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
