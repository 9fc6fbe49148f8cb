import XCTest

@testable import TUI

/// Editor tests as (before, keys, after) triples, `|` marking the cursor (helix's style).
enum EditorCases {
    /// An editor on `marked` without its `|`, the cursor walked there with arrow keys.
    static func editor(_ marked: String) -> EditorState {
        let offset = marked.firstIndex(of: "|").map { marked.distance(from: marked.startIndex, to: $0) } ?? 0
        var state = EditorState(text: marked.replacingOccurrences(of: "|", with: ""))
        // Walk the cursor to the marker with arrow keys (grapheme by grapheme, lines included).
        for _ in 0..<offset { _ = state.handle(.right(), now: 0) }
        return state
    }

    /// The text with `|` at the cursor.
    static func marked(_ state: EditorState) -> String {
        var lines = state.buffer.lines.map { $0 }
        lines[state.cursor.line].insert("|", at: state.cursor.column)
        return lines.map { String($0) }.joined(separator: "\n")
    }

    /// Types `keys` (0.1 s apart) into `before` and compares with `after`.
    static func check(
        _ before: String, _ keys: [KeyEvent], _ after: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        var state = editor(before)
        var time = 10.0
        for key in keys {
            _ = state.handle(key, now: time)
            time += 0.1
        }
        XCTAssertEqual(marked(state), after, "from \(before.debugDescription)", file: file, line: line)
    }
}
