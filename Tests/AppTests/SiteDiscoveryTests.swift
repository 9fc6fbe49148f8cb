import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// Issue 45.11: opening a repository whose site is in a folder opens that site, or lets the
/// writer pick among several.
final class SiteDiscoveryTests: XCTestCase {
    func testTheOneSiteBelowOpensAndSeveralAreOffered() throws {
        let home = try TestHome()
        defer { home.remove() }
        let repository = home.path + "/repo"
        try FileManager.default.createDirectory(atPath: repository + "/exampleSite", withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: repository + "/exampleSite")
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.loadSite(repository), siteRoot: repository)
        var loaded: Site?
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded(let site, _, _) = $0 { loaded = site; return true }; return false
            })
        XCTAssertEqual(loaded?.root, StandardPath.of(repository + "/exampleSite"))

        try FileManager.default.createDirectory(atPath: repository + "/docs/_posts", withIntermediateDirectories: true)
        let seen = messages.count
        runner.run(.loadSite(repository), siteRoot: repository)
        var found: [String] = []
        XCTAssertTrue(
            messages.wait(after: seen) {
                if case .sitesFound(_, let sites) = $0 { found = sites; return true }; return false
            })
        XCTAssertEqual(found.map { ($0 as NSString).lastPathComponent }, ["docs", "exampleSite"])

        var state = AppState(columns: 80, rows: 24, page: .browse)
        _ = App.update(&state, .sitesFound(in: repository, found), now: 0)
        XCTAssertEqual(state.page, .start)
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(
            screen.contains("holds 2 sites.") && screen.contains("▸ docs/") && screen.contains("  exampleSite/"), screen
        )
        XCTAssertEqual(App.update(&state, .key(.down()), now: 0), [])
        XCTAssertEqual(App.update(&state, .key(.enter), now: 0), [.loadSite(found[1])])
    }
}

/// Issue 45.7: `/?text` lists the posts whose text has it, searched off the loop.
final class TextFilterTests: XCTestCase {
    func testAQuestionMarkFilterSearchesThePostsText() throws {
        var state = try AppFixture.browsing()
        _ = AppFixture.send(&state, .character("/"))
        var effects: [AppEffect] = []
        for character in "?Steep" { effects = AppFixture.update(&state, .key(.character(character))) }
        guard case .searchBodies(let query, let paths)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(query, "Steep")
        XCTAssertEqual(paths.count, state.browse.posts.count)
        XCTAssertTrue(state.browse.visible.isEmpty)
        XCTAssertTrue(AppFixture.lines(state).joined().contains("Searching the posts' text for “Steep”…"))

        let home = try TestHome()
        defer { home.remove() }
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.searchBodies(query: query, paths: paths), siteRoot: PackageRoot.appending("demo"))
        var answer: AppMessage?
        XCTAssertTrue(
            messages.wait {
                if case .bodyMatches = $0 { answer = $0; return true }; return false
            })
        guard case .bodyMatches(_, let found)? = answer else { return XCTFail() }
        let expected = try paths.filter { path in
            try String(contentsOfFile: PackageRoot.appending("demo/" + path), encoding: .utf8).lowercased().contains(
                "steep")
        }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(found, Set(expected))
        _ = AppFixture.update(&state, answer!)
        XCTAssertEqual(Set(state.browse.visible.map { state.browse.posts[$0].path }), Set(expected))
        XCTAssertEqual(state.browse.selected, 0)
    }

    func testTheByteSearchFoldsCase() {
        XCTAssertTrue(PostTextSearch.contains(Array("A Cup of TEA".utf8), "tea"))
        XCTAssertFalse(PostTextSearch.contains(Array("te".utf8), "tea"))
        XCTAssertTrue(PostTextSearch.contains(Array("Über Tee".utf8), "über"))
    }
}
