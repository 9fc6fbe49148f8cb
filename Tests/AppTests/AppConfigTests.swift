import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// The config file: key bindings and theme, and clear messages for mistakes.
final class AppConfigTests: XCTestCase {
    func testRebindingMovesTheKeyAndTheHintBarFollows() throws {
        let config = try AppConfig.parse(
            """
            theme = "light"
            [keys.browse]
            publish = ["p", "ctrl-p"]
            quit = "Q"
            [keys.editor]
            save = "^W"
            """, file: "config.toml")
        XCTAssertEqual(config.theme, "light")
        XCTAssertEqual(config.keys.browse.action(for: .character("p")), .publish)
        XCTAssertEqual(config.keys.browse.action(for: .control("p")), .publish)
        XCTAssertNil(config.keys.browse.action(for: .character("P")))
        XCTAssertEqual(config.keys.browse.action(for: .character("Q")), .quit)
        XCTAssertNil(config.keys.browse.action(for: .character("q")))
        XCTAssertEqual(config.keys.editor.action(for: .control("w")), .save, "taken from wrap")
        XCTAssertNil(config.keys.editor.action(for: .control("s")))
        var state = try AppFixture.browsing()
        state.keys = config.keys
        XCTAssertTrue(AppFixture.lines(state)[23].contains("p publish"), AppFixture.lines(state)[23])
        XCTAssertEqual(
            AppFixture.send(&state, .character("p")), [.preparePublish(post: state.browse.selectedPost?.path)])
    }

    /// One table: every action has a default key (so the help and hint bar show it) and a config
    /// name, and each config name rebinds its action.
    func testEveryActionHasAKeyAndAConfigName() throws {
        for action in BrowseAction.allCases {
            XCTAssertTrue(Keymaps.browse.bindings.contains { $0.action == action }, "\(action) has no key")
            XCTAssertEqual(BrowseAction.names[action.rawValue], action)
        }
        for action in EditorAction.allCases {
            XCTAssertTrue(Keymaps.editor.bindings.contains { $0.action == action }, "\(action) has no key")
            XCTAssertEqual(EditorAction.names[action.rawValue], action)
        }
        let config = try AppConfig.parse(
            "[keys.browse]\nprevious-section = \"ctrl-b\"\n[keys.editor]\nfind-next = \"f3\"\n", file: "c.toml")
        XCTAssertEqual(config.keys.browse.action(for: .control("b")), .previousSection)
        XCTAssertEqual(config.keys.editor.action(for: .function(3)), .findNext)
    }

    /// `nakedblog --keys` prints the config from the command tables; read back, it is the
    /// defaults, key for key (alt keys included).
    func testTheDefaultConfigIsMadeFromTheTableAndReadsBack() throws {
        let text = KeyBindings.defaultsAsConfig()
        XCTAssertTrue(text.contains("next-misspelling = [\"f7\", \"alt-s\"]  # next misspelled word"), text)
        let config = try AppConfig.parse(text, file: "keys.toml")
        for binding in Keymaps.browse.bindings {
            XCTAssertEqual(config.keys.browse.bindings.first { $0.action == binding.action }?.keys, binding.keys)
        }
        for binding in Keymaps.editor.bindings {
            XCTAssertEqual(config.keys.editor.bindings.first { $0.action == binding.action }?.keys, binding.keys)
        }
    }

    func testMistakesAreExplained() {
        func problem(_ text: String) -> String {
            do { _ = try AppConfig.parse(text, file: "config.toml"); return "" } catch { return error.description }
        }
        XCTAssertTrue(problem("[keys.browse]\npublsh = \"p\"").contains("`publsh` is not an action"))
        XCTAssertTrue(problem("[keys.browse]\npublish = \"ctrl-\"").contains("not a key name"))
        XCTAssertTrue(problem("colour = 1").contains("unknown setting `colour`"))
        XCTAssertTrue(problem("theme = ").contains("not valid TOML"))
        XCTAssertTrue(problem("[keys.viewer]\nx = \"y\"").contains("[keys.browse] or [keys.editor]"))
        XCTAssertTrue(problem("tab_width = 0").contains("from 1 to 16"))
    }

    func testTabWidthReachesTheEditor() throws {
        let config = try AppConfig.parse("tab_width = 8", file: "config.toml")
        XCTAssertEqual(config.tabWidth, 8)
        var state = try AppFixture.browsing()
        state.tabWidth = config.tabWidth
        _ = App.update(
            &state, .postOpened(path: "content/posts/cold-brew-ratios/index.md", text: "\tx", stamp: nil), now: 0)
        XCTAssertEqual(state.editor?.editor.tabWidth, 8)
        XCTAssertTrue(AppFixture.lines(state).contains { $0.contains("        x") })
    }
}
