import Foundation
import TUI
import TextSearch

/// The find and replace bar's keys: typing searches as it goes, Enter / ↓ find the next match
/// (in the replacement: replace it and go to the next), ↑ the previous, Tab moves between the
/// query and the replacement, Alt-A replaces all (one undo step), Alt-C / Alt-W / Alt-R / Alt-F
/// toggle case, whole word, regular expression and the front matter, Esc closes (the match
/// stays selected).
extension App {
    static func handleFindKey(
        _ state: inout AppState, _ screen: inout EditorScreen, _ bar: inout FindBar, _ key: KeyEvent, now: TimeInterval
    ) {
        if let author = screen.readOnlyBecause, key == .character("a", alt: true) || (key == .enter && bar.replacing) {
            screen.problem = "Read-only: \(author)"
            screen.findBar = bar
            return
        }
        switch key {
        case .escape:
            screen.lastFind = bar.query.text
            screen.findBar = nil
            return
        case .enter where bar.replacing:
            replaceCurrent(&screen, &bar, now: now)
        case .enter, .down(false), .control("n"):
            step(&screen, &bar, forward: true)
        case .up(false):
            step(&screen, &bar, forward: false)
        case .tab, .backTab:
            if bar.replacement == nil { bar.replacement = TextField() }
            bar.replacing.toggle()
        case .character("a", true), .character("A", true):
            replaceAll(&screen, &bar, now: now)
        case .character("c", true): bar.matchCase.toggle(); search(&screen, &bar)
        case .character("w", true): bar.wholeWord.toggle(); search(&screen, &bar)
        case .character("r", true): bar.isRegex.toggle(); search(&screen, &bar)
        case .character("f", true): bar.inFrontMatter.toggle(); search(&screen, &bar)
        default:
            if bar.replacing {
                if var field = bar.replacement { _ = field.handle(key); bar.replacement = field }
            } else {
                let before = bar.query.text
                _ = bar.query.handle(key)
                if bar.query.text != before { search(&screen, &bar, from: bar.origin) }
            }
        }
        screen.lastFind = bar.query.text
        screen.findBar = bar
    }

    /// Finds the query's matches again and selects the first at or after `from` (the current
    /// selection's start when nil).
    static func search(_ screen: inout EditorScreen, _ bar: inout FindBar, from: TextPosition? = nil) {
        bar.problem = bar.query.text.isEmpty ? nil : bar.searchQuery.problem
        guard let matcher = bar.matcher else {
            bar.matches = []
            bar.current = nil
            return
        }
        bar.matches = screen.editor.matches(
            matcher, skipping: bar.inFrontMatter ? nil : screen.frontMatterLines(), limit: FindBar.limit)
        let start = from ?? screen.editor.selection?.lowerBound ?? screen.editor.cursor
        guard !bar.matches.isEmpty else { bar.current = nil; return }
        let index = bar.matches.firstIndex { $0.range.lowerBound >= start } ?? 0
        bar.current = index
        screen.editor.selectMatch(bar.matches[index])
    }

    /// Selects the next (previous) match, wrapping around.
    static func step(_ screen: inout EditorScreen, _ bar: inout FindBar, forward: Bool) {
        if bar.matches.isEmpty || bar.current == nil { search(&screen, &bar) }
        guard !bar.matches.isEmpty else { return }
        let count = bar.matches.count
        let cursor = screen.editor.selection?.lowerBound ?? screen.editor.cursor
        let index: Int
        if forward {
            index = bar.matches.firstIndex { $0.range.lowerBound > cursor } ?? 0
        } else {
            index = bar.matches.lastIndex { $0.range.lowerBound < cursor } ?? count - 1
        }
        bar.current = index
        screen.editor.selectMatch(bar.matches[index])
    }

    /// Replaces the selected match (when the selection is one) and selects the next.
    static func replaceCurrent(_ screen: inout EditorScreen, _ bar: inout FindBar, now: TimeInterval) {
        guard let matcher = bar.matcher, let template = bar.replacement?.text else { return }
        if let index = bar.current, index < bar.matches.count, screen.editor.selection == bar.matches[index].range,
            screen.editor.replace(bar.matches[index], with: template, matcher: matcher, now: now)
        {
            screen.lastEditTime = now
            let after = screen.editor.cursor
            search(&screen, &bar, from: after)
        } else {
            step(&screen, &bar, forward: true)
        }
    }

    /// Replaces every match as one undo step.
    static func replaceAll(_ screen: inout EditorScreen, _ bar: inout FindBar, now: TimeInterval) {
        guard let matcher = bar.matcher else { return }
        guard let template = bar.replacement?.text else {
            bar.replacement = TextField()
            bar.replacing = true
            return
        }
        search(&screen, &bar)
        let count = screen.editor.replaceAll(bar.matches, with: template, matcher: matcher, now: now)
        screen.lastEditTime = now
        bar.matches = []
        bar.current = nil
        screen.problem =
            count == 1 ? "Replaced 1 match (Ctrl-Z undoes it)" : "Replaced \(count) matches (Ctrl-Z undoes them)"
    }
}

extension EditorScreen {
    /// The lines of the post's front matter (through its closing delimiter), when it has one
    /// that read; find and replace leave them alone unless asked.
    func frontMatterLines() -> Range<Int>? {
        guard let opening = openedOpening else { return nil }
        if let end = frontMatterEnd { return 0..<(end + 1) }
        let closing = opening == "{" ? "}" : opening
        let buffer = editor.buffer
        for index in 1..<max(1, min(buffer.lineCount, 2_000)) where buffer.lineLength(index) <= 16 {
            if buffer.lineText(index).trimmingCharacters(in: .whitespaces) == closing { return 0..<(index + 1) }
        }
        return nil
    }
}
