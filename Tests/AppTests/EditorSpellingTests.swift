import Blog
import Foundation
import Spelling
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Spell-checking in the editor through `App.update`, with spell jobs run in line on the real
/// en_US dictionary (off the loop in the app).
final class EditorSpellingTests: XCTestCase {
    private let checkers = SpellCheckers()
    private let summit = "content/posts/summit-in-the-fog/index.md"

    override func setUpWithError() throws {
        // Whether the file is there decides the skip; the product's locator finding it is tested.
        try requireEnglishDictionary()
        guard case .success = checkers.dictionary(for: "en_US") else {
            return XCTFail("the en_US dictionary is installed but was not found")
        }
    }

    /// `AppFixture.update`, and the spell jobs among the effects run as the runner runs them.
    private func update(_ state: inout AppState, _ message: AppMessage, now: TimeInterval = 0) -> [AppEffect] {
        var pending = AppFixture.update(&state, message, now: now)
        var others: [AppEffect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if case .checkSpelling(let job) = effect {
                pending += AppFixture.update(&state, job.run(checkers, personal: .none), now: now)
            } else {
                others.append(effect)
            }
        }
        return others
    }

    private func open(_ path: String, text: String? = nil) throws -> AppState {
        var state = try AppFixture.browsing()
        let content = try text ?? String(contentsOfFile: PackageRoot.path + "/demo/" + path, encoding: .utf8)
        _ = update(&state, .postOpened(path: path, text: content, stamp: nil))
        return state
    }

    /// The underlined cells of the frame, as the words they spell.
    private func underlined(_ state: AppState) -> [String] {
        var copy = state
        let screen = Render.frame(&copy).screen
        var words: [String] = []
        for y in 0..<screen.height {
            var current = ""
            for x in 0..<screen.width {
                let cell = screen[x, y]
                if cell.style.underline {
                    current += cell.text
                } else if !current.isEmpty {
                    words.append(current); current = ""
                }
            }
            if !current.isEmpty { words.append(current) }
        }
        return words
    }

    func testMisspelledWordsInViewAreUnderlinedOnOpening() throws {
        let state = try open(
            summit, text: "---\ntitle: \"Fogg\"\n---\nWe saw the ridge and a cairnn.\n\n`codde` is not checked.\n")
        XCTAssertEqual(underlined(state), ["Fogg", "cairnn"])
        XCTAssertEqual(state.editor?.spelling.count, 2)
        XCTAssertTrue(AppFixture.lines(state)[22].contains("F7 2 misspelled"), AppFixture.lines(state)[22])
    }

    func testTypingWaitsForAPauseAndMarksFollowTheirLines() throws {
        var state = try open(summit, text: "First line.\nSecnd line.\n")
        XCTAssertEqual(underlined(state), ["Secnd"])
        // A new line above moves the mark down with its word, at once; the check waits for a pause.
        _ = update(&state, .key(.end), now: 10)
        let typed = update(&state, .key(.enter), now: 10)
        XCTAssertFalse(
            typed.contains {
                if case .checkSpelling = $0 { return true }; return false
            })
        XCTAssertEqual(state.editor?.spelling.byLine[2], [0..<5])
        _ = update(&state, .tick(10.1), now: 10.1)
        XCTAssertEqual(state.editor?.spelling.byLine[2], [0..<5])
        for character in "Thrid" { _ = update(&state, .key(.character(character)), now: 10.2) }
        XCTAssertEqual(underlined(state), ["Secnd"], "not checked while typing")
        _ = update(&state, .tick(10.6), now: 10.6)
        XCTAssertEqual(underlined(state), ["Thrid", "Secnd"])
    }

    func testF7OffersSuggestionsAndANumberReplacesTheWord() throws {
        var state = try open(summit, text: "It was very quiete and very cold.\n")
        _ = update(&state, .key(.function(7)))
        guard case .spelling(let menu) = state.overlay else {
            return XCTFail("no menu: \(String(describing: state.overlay))")
        }
        XCTAssertEqual(menu.word, "quiete")
        XCTAssertEqual(state.editor?.editor.cursor, TextPosition(line: 0, column: 12))
        XCTAssertTrue(menu.suggestions.contains("quiet"), "\(menu.suggestions)")
        assertSnapshot(AppFixture.lines(state), named: "spelling-menu")
        let index = try XCTUnwrap(menu.suggestions.firstIndex(of: "quiet"))
        _ = update(&state, .key(.character(Character(String(index + 1)))), now: 5)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.text, "It was very quiet and very cold.\n")
        XCTAssertEqual(underlined(state), [])
        // One undo step brings the word back.
        _ = update(&state, .key(.control("z")), now: 6)
        XCTAssertEqual(state.editor?.editor.text, "It was very quiete and very cold.\n")
    }

    /// Issue 45.9: every suggestion the dictionary has, a typing slip's first; `t` types your own.
    func testAllSuggestionsASwapFirstAndYourOwnReplacement() throws {
        var state = try open(summit, text: "Teh fog lifted slowely.\n")
        _ = update(&state, .key(.function(7)))
        guard case .spelling(let menu) = state.overlay else { return XCTFail("no menu") }
        XCTAssertEqual(menu.suggestions.first, "The", "\(menu.suggestions)")
        XCTAssertGreaterThan(menu.suggestions.count, 5)
        _ = update(&state, .key(.enter), now: 5)
        XCTAssertEqual(state.editor?.editor.text, "The fog lifted slowely.\n")
        _ = update(&state, .key(.function(7)), now: 6)
        guard case .spelling(let second) = state.overlay else { return XCTFail("no menu") }
        XCTAssertEqual(second.word, "slowely")
        _ = update(&state, .key(.character("t")), now: 7)
        XCTAssertTrue(AppFixture.lines(state).joined(separator: "\n").contains("Replace with"))
        _ = update(&state, .key(.control("u")), now: 7)
        for character in "gently" { _ = update(&state, .key(.character(character)), now: 7) }
        _ = update(&state, .key(.enter), now: 8)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.text, "The fog lifted gently.\n")
    }

    func testF7WrapsAroundAndF8GoesBack() throws {
        var state = try open(summit, text: "Onee and twoo.\n")
        _ = update(&state, .key(.function(7)))
        guard case .spelling(let first) = state.overlay else { return XCTFail("no menu") }
        XCTAssertEqual(first.word, "Onee")
        // F7 in the menu: the next word.
        _ = update(&state, .key(.function(7)))
        guard case .spelling(let second) = state.overlay else { return XCTFail("no menu") }
        XCTAssertEqual(second.word, "twoo")
        _ = update(&state, .key(.function(8)))
        guard case .spelling(let back) = state.overlay else { return XCTFail("no menu") }
        XCTAssertEqual(back.word, "Onee")
    }

    func testALetterTypedWhileTheMenuIsOpenIsNotLost() throws {
        var state = try open(summit, text: "A wrod.\n")
        _ = update(&state, .key(.function(7)))
        XCTAssertNotNil(state.overlay)
        _ = update(&state, .key(.character("x")), now: 3)
        XCTAssertNil(state.overlay)
        XCTAssertEqual(state.editor?.editor.text, "A xwrod.\n")
    }

    func testIgnoreAndAddToWords() throws {
        var state = try open(summit, text: "Zorp and Blarg.\n")
        _ = update(&state, .key(.function(7)))
        _ = update(&state, .key(.character("i")))
        XCTAssertEqual(underlined(state), ["Blarg"])
        XCTAssertTrue(state.editor?.problem?.contains("ignored") == true)
        // Checked again later: still ignored.
        state.editor?.spelling.checkedRevision = -1
        _ = update(&state, .tick(100), now: 100)
        XCTAssertEqual(underlined(state), ["Blarg"])

        _ = update(&state, .key(.function(7)))
        let effects = update(&state, .key(.character("a")))
        XCTAssertEqual(effects, [.acceptWord("Blarg", language: "en_US", toSite: true)])
        XCTAssertEqual(underlined(state), [])
        let added = update(&state, .spelling(.wordAccepted(word: "Blarg", file: ".cspell.json", problem: nil)))
        XCTAssertEqual(added, [.refreshGitPaths([".cspell.json"])])
        XCTAssertTrue(state.editor?.problem?.contains(".cspell.json") == true)
        _ = update(&state, .key(.function(7)))
        XCTAssertEqual(state.editor?.problem, "No misspelled words (en_US)")
    }

    /// Ignored until the app quits: in every post, and left out of the publish sheet's count.
    func testAnIgnoredWordStaysIgnoredInOtherPostsAndOnTheSheet() throws {
        var state = try open(summit, text: "Zorp here.\n")
        _ = update(&state, .key(.function(7)))
        _ = update(&state, .key(.character("i")))
        _ = update(&state, .key(.escape))
        _ = update(
            &state,
            .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: "More zorp and Blarg.\n", stamp: nil))
        XCTAssertEqual(underlined(state), ["Blarg"])
        let publish = update(&state, .key(.control("p")), now: 5)
        XCTAssertTrue(
            publish.contains(.preparePublish(post: "content/posts/cold-brew-ratios/index.md", ignoringWords: ["Zorp"])),
            "\(publish)")
    }

    func testAMissingDictionaryIsSaidOnceAndTheEditorWorks() throws {
        var state = try open(summit, text: "---\ntitle: X\nlang: xx-yy\n---\nWords.\n")
        XCTAssertTrue(state.editor?.problem?.contains("no xx_YY dictionary") == true, state.editor?.problem ?? "")
        let effects = update(&state, .tick(50), now: 50)
        XCTAssertFalse(
            effects.contains {
                if case .checkSpelling = $0 { return true }; return false
            })
        _ = update(&state, .key(.character("a")), now: 51)
        XCTAssertEqual(state.editor?.editor.text.hasPrefix("a---"), true)
    }

    func testSpellingOffInTheConfig() throws {
        var state = try AppFixture.browsing()
        state.spelling = false
        let effects = App.update(&state, .postOpened(path: summit, text: "Wrod.\n", stamp: nil), now: 0)
        XCTAssertFalse(
            effects.contains {
                if case .checkSpelling = $0 { return true }; return false
            })
        XCTAssertEqual(try AppConfig.parse("spelling = false\n", file: "c.toml").spelling, false)
    }
}

/// Where the effect runner keeps the words a writer accepts: the site's list, and the personal
/// dictionary — in the state folder for a restricted author, never the home.
final class AcceptedWordsRunnerTests: XCTestCase {
    func testPersonalWordsOfARestrictedAuthorStayOutOfHome() throws {
        let home = try TemporaryDirectory(prefix: "nb-words-home")
        let state = try TemporaryDirectory(prefix: "nb-words-state")
        let site = try TemporaryDirectory(prefix: "nb-words-site")
        defer { home.remove(); state.remove(); site.remove() }
        let log = MessageLog()
        let runner = EffectRunner(environment: ["HOME": home.path, "XDG_STATE_HOME": state.path]) { log.append($0) }
        runner.restricted = true
        runner.run(.acceptWord("Zorpf", language: "en_US", toSite: false), siteRoot: site.path)
        XCTAssertTrue(
            log.wait(after: 0) {
                if case .spelling(.wordAccepted(_, nil, nil)) = $0 { return true }; return false
            })
        XCTAssertEqual(
            try String(contentsOfFile: state.appending("nakedblog/hunspell_en_US"), encoding: .utf8), "Zorpf\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.appending(".hunspell_en_US")))

        runner.run(.acceptWord("Blarg", language: "en_US", toSite: true), siteRoot: site.path)
        XCTAssertTrue(
            log.wait(after: 1) {
                if case .spelling(.wordAccepted(_, ".nakedblog/words.txt", nil)) = $0 { return true }; return false
            })
        XCTAssertEqual(try String(contentsOfFile: site.appending(".nakedblog/words.txt"), encoding: .utf8), "Blarg\n")
    }

    func testThePublishSheetCountLeavesOutIgnoredWords() throws {
        let root = try TemporaryDirectory(prefix: "nb-words-count")
        defer { root.remove() }
        try FileManager.default.createDirectory(
            atPath: root.appending("content/posts"), withIntermediateDirectories: true)
        try "---\ntitle: Hello\n---\nZorp and Blarg.\n".write(
            toFile: root.appending("content/posts/a.md"), atomically: true, encoding: .utf8)
        let site = Site(root: root.path, config: try Site.open(containing: PackageRoot.path + "/demo").config)
        let runner = EffectRunner(environment: ["HOME": root.path]) { _ in }
        XCTAssertEqual(runner.misspelledWords(in: "content/posts/a.md", site: site), 2)
        XCTAssertEqual(runner.misspelledWords(in: "content/posts/a.md", site: site, ignoring: ["zorp"]), 1)
    }

    func testPersonalWordsGoHomeOtherwise() throws {
        let home = try TemporaryDirectory(prefix: "nb-words-home")
        defer { home.remove() }
        let log = MessageLog()
        let runner = EffectRunner(environment: ["HOME": home.path]) { log.append($0) }
        runner.run(.acceptWord("Zorpf", language: "en_US", toSite: false), siteRoot: home.path)
        XCTAssertTrue(
            log.wait(after: 0) {
                if case .spelling(.wordAccepted(_, nil, nil)) = $0 { return true }; return false
            })
        XCTAssertEqual(try String(contentsOfFile: home.appending(".hunspell_en_US"), encoding: .utf8), "Zorpf\n")
    }
}
