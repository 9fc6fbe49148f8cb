import Foundation
import Spelling
import TUI

extension App {
    /// How long typing pauses before the lines in view are checked again.
    static let spellingPause: TimeInterval = 0.3

    /// Asks for a check of the lines around the cursor (the view and a screen above and below)
    /// when they were not checked at this revision: at once after opening or moving, after a
    /// pause when the text changed (`now` given while typing). At most one check is in flight.
    static func refreshSpelling(_ state: inout AppState, now: TimeInterval? = nil) -> [AppEffect] {
        guard state.spelling, var screen = state.editor, !screen.spelling.inFlight, screen.spelling.problem == nil,
            screen.resolvingConflict == nil, !screen.isLarge
        else { return [] }
        let revision = screen.editor.revision
        let lineCount = screen.editor.buffer.lineCount
        let cursor = screen.editor.cursor.line
        let rows = max(1, state.rows)
        let wanted = max(0, cursor - rows)..<min(lineCount, cursor + 2 * rows)
        let checked = screen.spelling.checkedLines
        if screen.spelling.checkedRevision == revision, checked.lowerBound <= wanted.lowerBound,
            checked.upperBound >= wanted.upperBound
        {
            return []
        }
        if let now, screen.spelling.checkedRevision != revision, now - screen.lastEditTime < spellingPause { return [] }
        screen.spelling.inFlight = true
        state.editor = screen
        let lines = max(0, cursor - 2 * rows)..<min(lineCount, cursor + 3 * rows)
        return [
            .checkSpelling(
                SpellJob(
                    path: screen.path, buffer: screen.editor.buffer, revision: revision, purpose: .marks(lines: lines),
                    site: state.site, ignored: state.ignoredWords))
        ]
    }

    /// F7 / F8: the next (or previous) misspelled word from the cursor, with its suggestions.
    static func findMisspelling(_ state: inout AppState, _ screen: inout EditorScreen, forward: Bool) -> [AppEffect] {
        guard state.spelling else {
            screen.problem = "Spelling is off (spelling = false in the config file)"
            return []
        }
        if let problem = screen.spelling.problem {
            screen.problem = problem
            return []
        }
        if screen.isLarge {
            // A check holds a share of the document; the next keystroke would copy what it shares.
            screen.problem = "Spelling is checked in posts of up to a million characters (nakedblog spell checks any)"
            return []
        }
        screen.problem = "Checking spelling…"
        return [
            .checkSpelling(
                SpellJob(
                    path: screen.path, buffer: screen.editor.buffer, revision: screen.editor.revision,
                    purpose: .next(from: screen.editor.cursor, forward: forward), site: state.site,
                    ignored: state.ignoredWords))
        ]
    }

    /// Spell-checking's results.
    static func handleSpelling(_ state: inout AppState, _ message: SpellingMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .checked(let result): return spellingChecked(&state, result, now: now)
        case .wordAccepted(let word, let file, let problem):
            return wordAccepted(&state, word: word, file: file, problem: problem)
        }
    }

    static func spellingChecked(_ state: inout AppState, _ result: SpellResult, now: TimeInterval) -> [AppEffect] {
        guard var screen = state.editor, screen.path == result.path else { return [] }
        defer { state.editor = screen }
        screen.spelling.language = result.language
        if let problem = result.problem {
            screen.spelling.inFlight = false
            screen.spelling.problem = problem
            screen.problem = "No spell-check: " + problem
            return []
        }
        switch result.purpose {
        case .marks(let lines):
            screen.spelling.inFlight = false
            // Marks for text that has changed since would sit on the wrong words: asked again.
            guard result.revision == screen.editor.revision else {
                state.editor = screen
                return refreshSpelling(&state, now: now)
            }
            screen.spelling.take(result.misspellings, lines: lines)
            screen.spelling.checkedRevision = result.revision
            screen.spelling.checkedLines = lines
            return []
        case .next:
            if screen.problem == "Checking spelling…" { screen.problem = nil }
            guard result.revision == screen.editor.revision else {
                screen.problem = "The text changed while checking: F7 again"
                return []
            }
            guard let found = result.misspellings.first else {
                screen.problem = "No misspelled words (\(result.language))"
                return []
            }
            let range =
                TextPosition(
                    line: found.line, column: found.column)..<TextPosition(
                    line: found.line, column: found.column + found.length)
            screen.editor.goTo(range.lowerBound)
            screen.view.centreOnCursor()
            state.overlay = .spelling(
                SpellingMenu(
                    word: found.word, range: range, suggestions: Array(result.suggestions.prefix(SpellingMenu.most)),
                    total: result.total, language: result.language))
            return []
        }
    }

    /// A key in the suggestions list. Keys it does not use close it and go to the editor, so a
    /// letter typed on is never lost.
    static func handleSpellingMenuKey(_ state: inout AppState, _ menu: SpellingMenu, _ key: KeyEvent, now: TimeInterval)
        -> [AppEffect]
    {
        var menu = menu
        let editorAction = state.keys.editor.action(for: key)
        if var typed = menu.typed {
            // The writer's own replacement: Enter puts it in, Esc goes back to the list.
            switch key {
            case .escape:
                menu.typed = nil
                state.overlay = .spelling(menu)
            case .enter:
                let text = typed.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { return [] }
                state.overlay = nil
                return replaceMisspelling(&state, menu, with: text, now: now)
            default:
                _ = typed.handle(key)
                menu.typed = typed
                state.overlay = .spelling(menu)
            }
            return []
        }
        switch key {
        case .up(false):
            menu.selected = max(0, menu.selected - 1)
            state.overlay = .spelling(menu)
            return []
        case .down(false):
            menu.selected = min(max(0, menu.suggestions.count - 1), menu.selected + 1)
            state.overlay = .spelling(menu)
            return []
        case .escape:
            state.overlay = nil
            return []
        case .enter:
            state.overlay = nil
            return replaceMisspelling(
                &state, menu,
                with: menu.suggestions.indices.contains(menu.selected) ? menu.suggestions[menu.selected] : nil, now: now
            )
        case .character(let character, false) where character.isASCII && character.isNumber && character != "0":
            let index = Int(String(character))! - 1
            guard menu.suggestions.indices.contains(index) else {
                state.editor?.problem = "No suggestion \(character): \(menu.suggestions.count) shown"
                return []
            }
            state.overlay = nil
            return replaceMisspelling(&state, menu, with: menu.suggestions[index], now: now)
        case .character("a", false), .character("p", false):
            state.overlay = nil
            let toSite = key == .character("a")
            if toSite, state.site == nil {
                state.editor?.problem = "No site to add “\(menu.word)” to: p adds it to your own dictionary"
                return []
            }
            // Accepted at once, before the file is written (a check may start first).
            state.ignoredWords.insert(menu.word)
            state.editor?.spelling.accept(menu.word)
            return [.acceptWord(menu.word, language: menu.language, toSite: toSite)]
        case .character("t", false):
            menu.typed = TextField(menu.word)
            state.overlay = .spelling(menu)
            return []
        case .character("i", false):
            state.overlay = nil
            state.ignoredWords.insert(menu.word)
            state.editor?.spelling.accept(menu.word)
            state.editor?.problem = "“\(menu.word)” ignored until you quit"
            return []
        default:
            state.overlay = nil
            if editorAction == .nextMisspelling || editorAction == .previousMisspelling {
                // From the end of this word (next) or its start (previous).
                if editorAction == .nextMisspelling { state.editor?.editor.goTo(menu.range.upperBound) }
            }
            return handleKey(&state, key, now: now)
        }
    }

    private static func replaceMisspelling(
        _ state: inout AppState, _ menu: SpellingMenu, with suggestion: String?, now: TimeInterval
    ) -> [AppEffect] {
        guard let suggestion else {
            state.editor?.problem = "No suggestions for “\(menu.word)”: a adds it to the site's words, i ignores it"
            return []
        }
        guard var screen = state.editor else { return [] }
        state.editor = nil
        if screen.editor.replace(menu.range, expecting: menu.word, with: suggestion, now: now) {
            screen.spelling.edited(line: menu.range.lowerBound.line, lineDelta: 0)
            screen.lastEditTime = now
            screen.problem = nil
        } else {
            screen.problem = "The text changed: F7 finds the word again"
        }
        state.editor = screen
        return refreshPreview(&state, now: now)
    }

    static func wordAccepted(_ state: inout AppState, word: String, file: String?, problem: String?) -> [AppEffect] {
        if let problem {
            state.editor?.problem = "“\(word)” not added: \(problem)"
            return []
        }
        // Checked again with the new word list.
        state.editor?.spelling.checkedRevision = -1
        if let file {
            state.editor?.problem = "“\(word)” added to \(file) (published with the post)"
            return [.refreshGitPaths([file])] + refreshSpelling(&state)
        }
        state.editor?.problem = "“\(word)” added to your dictionary"
        return refreshSpelling(&state)
    }
}
