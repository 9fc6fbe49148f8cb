import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// Issue 45.10: a theme's exampleSite (LoveIt's `themesDir = "../.."`) makes new posts from the
/// theme's archetype; a refusal of any length is shown whole.
final class ThemeExampleSiteTests: XCTestCase {
    func testNewPostInAThemesExampleSite() throws {
        let home = try TestHome()
        defer { home.remove() }
        let theme = home.path + "/LoveIt"
        let site = theme + "/exampleSite"
        try FileManager.default.createDirectory(atPath: theme + "/archetypes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: site + "/content/posts", withIntermediateDirectories: true)
        try "---\ntitle: \"{{ .Name }}\"\nsubtitle: \"\"\ndate: {{ .Date }}\n---\n".write(
            toFile: theme + "/archetypes/default.md", atomically: true, encoding: .utf8)
        try "baseURL = 'https://example.org'\nthemesDir = '../..'\ntheme = 'LoveIt'\ntitle = 'LoveIt'\n".write(
            toFile: site + "/hugo.toml", atomically: true, encoding: .utf8)
        let (runner, messages) = AppFixture.runner(home)
        runner.run(.createPost(NewPostRequest(title: "Hello world")), siteRoot: site)
        var created: AppMessage?
        XCTAssertTrue(
            messages.wait {
                if case .postCreated = $0 { created = $0; return true };
                if case .failed = $0 { created = $0; return true }; return false
            })
        guard case .postCreated? = created else { return XCTFail("\(String(describing: created))") }
        let text = try String(contentsOfFile: site + "/content/posts/hello-world/index.md", encoding: .utf8)
        XCTAssertTrue(text.contains("subtitle: \"\""), text)
    }

    func testALongRefusalIsShownWhole() throws {
        var state = try AppFixture.browsing()
        let reason =
            "themesDir ../../../../../some/very/long/path/that/goes/on/and/on/for/a/while/archetypes/default.md: refused: leads into .git. Site only, never .git — and the end of the reason is here"
        _ = App.update(&state, .failed(AppFailure(.publish, reason)), now: 0)
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("reason is here") && screen.contains("default.md: refused"), screen)
    }
}
