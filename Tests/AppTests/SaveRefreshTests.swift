import Blog
import Foundation
import TUI
import TestSupport
import XCTest

@testable import NakedblogApp

/// Ctrl-S re-reads the saved page only, not the site: through the whole app headless (`AppLoop`,
/// the real effect runner and files), every other page is changed on disk before the save; after
/// it the browser still shows their old titles (not one was read again) and the saved one's new
/// title.
final class SaveRefreshTests: XCTestCase {
    func testCtrlSReadsOnlyTheSavedPage() throws {
        let site = try TemporaryDirectory(prefix: "nb-save-refresh")
        defer { site.remove() }
        try PackageRoot.copyDemo(to: site.appending("blog"))
        let root = site.appending("blog")
        let saved = "content/posts/tea-in-kyoto/index.md"
        let terminal = CorpusEditorRoundTripTests.ScriptedTerminal()
        var state = AppState(columns: 80, rows: 24, page: .browse)
        state.today = AppFixture.today
        let environment = [
            "HOME": site.path, "XDG_STATE_HOME": site.appending("state"), "XDG_CONFIG_HOME": site.appending("config"),
            "XDG_CACHE_HOME": site.appending("cache"),
        ]
        let loop = AppLoop(terminal: terminal, state: state, environment: environment)
        var before: [String: String] = [:], others: [String] = []
        func titles() -> [String: String] {
            Dictionary(loop.state.browse.posts.map { ($0.path, $0.title) }, uniquingKeysWith: { a, _ in a })
        }
        let changeEveryOtherPage = {
            before = titles()
            others = before.keys.filter { $0 != saved }
            for path in others {
                // The same page with another title: a re-read would show it.
                let file = root + "/" + path
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
                let changed = text.replacingOccurrences(of: "title: ", with: "title: REREAD ")
                    .replacingOccurrences(of: "title = ", with: "title = 'REREAD' #")
                    .replacingOccurrences(of: "\"title\": \"", with: "\"title\": \"REREAD ")
                try? changed.write(toFile: file, atomically: true, encoding: .utf8)
            }
        }
        terminal.steps = [
            .init(
                name: "listed", until: { !loop.state.browse.posts.isEmpty }, keys: [],
                action: { loop.runner.run(.openPost(saved), siteRoot: loop.state.site?.root) }),
            .init(
                name: "opened", until: { loop.state.editor?.path == saved },
                keys: [.down(shift: false), .end, .left(shift: false)],
                action: changeEveryOtherPage),
            .init(
                name: "typed", until: { true }, keys: Array(" again".map { KeyEvent.character($0) }) + [.control("s")],
                action: nil),
            .init(
                name: "refreshed", until: { titles()[saved]?.hasSuffix(" again") == true }, keys: [.escape], action: nil
            ),
        ]
        loop.run(initial: [.loadSite(root)])
        XCTAssertNil(terminal.failure, terminal.failure ?? "")
        XCTAssertGreaterThan(others.count, 5)
        let after = titles()
        for path in others {
            XCTAssertEqual(after[path], before[path], "\(path) was read again by a save of another page")
        }
        XCTAssertTrue(
            others.contains {
                (try? String(contentsOfFile: root + "/" + $0, encoding: .utf8))?.contains("REREAD") == true
            })
        XCTAssertEqual(after[saved], (before[saved] ?? "") + " again")
    }
}
