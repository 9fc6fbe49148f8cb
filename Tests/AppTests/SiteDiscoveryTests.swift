import Blog
import Foundation
@testable import NakedblogApp
import TestSupport
import XCTest

/// Issue 45.11: opening a repository whose site is in a folder opens that site, or lets the
/// writer pick among several.
final class SiteDiscoveryTests: XCTestCase {
    func testTheOneSiteBelowOpensAndSeveralAreOffered() throws {
        let home = try TestHome()
        defer { home.remove() }
        let repository = home.path + "/repo"
        try FileManager.default.createDirectory(atPath: repository + "/exampleSite", withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: repository + "/exampleSite")
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.run(.loadSite(repository), siteRoot: repository)
        var loaded: Site?
        XCTAssertTrue(messages.wait { if case .siteLoaded(let site, _, _) = $0 { loaded = site; return true }; return false })
        XCTAssertEqual(loaded?.root, StandardPath.of(repository + "/exampleSite"))

        try FileManager.default.createDirectory(atPath: repository + "/docs/_posts", withIntermediateDirectories: true)
        let seen = messages.count
        runner.run(.loadSite(repository), siteRoot: repository)
        var found: [String] = []
        XCTAssertTrue(messages.wait(after: seen) { if case .sitesFound(_, let sites) = $0 { found = sites; return true }; return false })
        XCTAssertEqual(found.map { ($0 as NSString).lastPathComponent }, ["docs", "exampleSite"])

        var state = AppState(columns: 80, rows: 24, page: .browse)
        _ = App.update(&state, .sitesFound(in: repository, found), now: 0)
        XCTAssertEqual(state.page, .start)
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("holds 2 sites.") && screen.contains("▸ docs/") && screen.contains("  exampleSite/"), screen)
        XCTAssertEqual(App.update(&state, .key(.down()), now: 0), [])
        XCTAssertEqual(App.update(&state, .key(.enter), now: 0), [.loadSite(found[1])])
    }
}
