import Blog
import Foundation
import XCTest
@testable import NakedblogApp
import TestSupport

/// A post that is a symbolic link (or under a linked folder) leading outside the site: a shared
/// server neither lists nor opens it (its contents would leak); an author's own machine lists it
/// with a marker and opens it read-only. A link that stays inside the site is an ordinary post.
final class OutsideLinkTests: XCTestCase {
    private func hostileSite(_ home: TestHome) throws -> String {
        let site = home.path + "/site"
        try PackageRoot.copyDemo(to: site)
        let secrets = home.path + "/secrets"
        try FileManager.default.createDirectory(atPath: secrets + "/bundle", withIntermediateDirectories: true)
        try "---\ntitle: Server secret\n---\nroot password: hunter2\n".write(toFile: secrets + "/secret.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Secret bundle\n---\nprivate key\n".write(toFile: secrets + "/bundle/index.md", atomically: true, encoding: .utf8)
        let posts = site + "/content/posts"
        try FileManager.default.createSymbolicLink(atPath: posts + "/leak.md", withDestinationPath: secrets + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: posts + "/linked", withDestinationPath: secrets + "/bundle")
        try FileManager.default.createSymbolicLink(atPath: posts + "/alias.md", withDestinationPath: "tea-in-kyoto/index.md")
        return site
    }

    private func load(_ site: String, _ home: TestHome, restricted: Bool) -> (EffectRunner, MessageLog, [Post]) {
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.restricted = restricted
        runner.run(.loadSite(site), siteRoot: site)
        var posts: [Post] = []
        XCTAssertTrue(messages.wait { if case .siteLoaded(_, let browse, _) = $0 { posts = browse.posts; return true }; return false })
        return (runner, messages, posts)
    }

    func testARestrictedSessionNeitherListsNorOpensAPostLeadingOutsideTheSite() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = try hostileSite(home)
        let (runner, messages, posts) = load(site, home, restricted: true)
        let paths = Set(posts.map(\.path))
        XCTAssertFalse(paths.contains("content/posts/leak.md"))
        XCTAssertFalse(paths.contains("content/posts/linked/index.md"))
        XCTAssertTrue(paths.contains("content/posts/alias.md"), "a link inside the site is a post")
        for path in ["content/posts/leak.md", "content/posts/linked/index.md"] {
            let before = messages.count
            runner.run(.openPost(path), siteRoot: site)
            XCTAssertTrue(messages.wait(after: before) { if case .postFailed(let text) = $0 { return text.contains("not a post inside the site") }; return false })
            XCTAssertFalse(messages.contains { if case .postOpened(let opened, let text, _) = $0 { return opened == path || text.contains("hunter2") }; return false })
        }
    }

    func testOnAnAuthorsOwnMachineSuchAPostIsMarkedAndReadOnly() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = try hostileSite(home)
        let (runner, messages, posts) = load(site, home, restricted: false)
        XCTAssertEqual(posts.first { $0.path == "content/posts/leak.md" }?.outsideSite, true)
        XCTAssertEqual(posts.first { $0.path == "content/posts/linked/index.md" }?.outsideSite, true)
        XCTAssertEqual(posts.first { $0.path == "content/posts/alias.md" }?.outsideSite, false)
        XCTAssertEqual(posts.first { $0.path == "content/posts/tea-in-kyoto/index.md" }?.outsideSite, false)
        runner.run(.openPost("content/posts/leak.md"), siteRoot: site)
        XCTAssertTrue(messages.wait { if case .postReadOnly(let path, let reason) = $0 { return path == "content/posts/leak.md" && reason.contains("outside the site") }; return false })

        // The editor shows it, and an edit is refused with the reason.
        var state = try AppFixture.browsing()
        _ = App.update(&state, .postOpened(path: "content/posts/leak.md", text: "---\ntitle: x\n---\nbody\n", stamp: nil), now: 0)
        _ = App.update(&state, .postReadOnly(path: "content/posts/leak.md", because: "this post is a link to a file outside the site"), now: 0)
        _ = App.update(&state, .key(.character("x")), now: 0)
        XCTAssertEqual(state.editor?.editor.text, "---\ntitle: x\n---\nbody\n")
        XCTAssertEqual(state.editor?.problem, "Read-only: this post is a link to a file outside the site")
    }
}
