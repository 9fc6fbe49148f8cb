import Blog
import Foundation
import TestSupport
import XCTest

@testable import NakedblogApp

/// A post that is a symbolic link (or under a linked folder) leading outside the site or into
/// `.git`: it is never read. A shared server neither lists nor opens it; an author's own machine
/// lists it by its path with a marker, and refuses to open it. A link that stays inside the site
/// is an ordinary post.
final class OutsideLinkTests: XCTestCase {
    private func hostileSite(_ home: TestHome) throws -> String {
        let site = home.path + "/site"
        try PackageRoot.copyDemo(to: site)
        let secrets = home.path + "/secrets"
        try FileManager.default.createDirectory(atPath: secrets + "/bundle", withIntermediateDirectories: true)
        try "---\ntitle: Server secret\n---\nroot password: hunter2\n".write(
            toFile: secrets + "/secret.md", atomically: true, encoding: .utf8)
        try "---\ntitle: Secret bundle\n---\nprivate key\n".write(
            toFile: secrets + "/bundle/index.md", atomically: true, encoding: .utf8)
        let posts = site + "/content/posts"
        try FileManager.default.createSymbolicLink(
            atPath: posts + "/leak.md", withDestinationPath: secrets + "/secret.md")
        try FileManager.default.createSymbolicLink(atPath: posts + "/linked", withDestinationPath: secrets + "/bundle")
        try FileManager.default.createSymbolicLink(
            atPath: posts + "/alias.md", withDestinationPath: "tea-in-kyoto/index.md")
        try FileManager.default.createDirectory(atPath: site + "/.git", withIntermediateDirectories: true)
        try "[remote \"origin\"]\n\turl = https://token-hunter2@example.com/blog.git\n".write(
            toFile: site + "/.git/config", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: posts + "/gitcfg.md", withDestinationPath: "../../.git/config")
        return site
    }

    private func load(_ site: String, _ home: TestHome, restricted: Bool) -> (EffectRunner, MessageLog, [Post]) {
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.restricted = restricted
        runner.run(.loadSite(site), siteRoot: site)
        var posts: [Post] = []
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded(_, let browse, _) = $0 { posts = browse.posts; return true }; return false
            })
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
        XCTAssertFalse(paths.contains("content/posts/gitcfg.md"))
        XCTAssertTrue(paths.contains("content/posts/alias.md"), "a link inside the site is a post")
        for (path, rule) in [
            ("content/posts/leak.md", "refused: outside the site"),
            ("content/posts/linked/index.md", "refused: outside the site"),
            ("content/posts/gitcfg.md", "leads into .git"),
        ] {
            let before = messages.count
            runner.run(.openPost(path), siteRoot: site)
            XCTAssertTrue(
                messages.wait(after: before) {
                    if case .failed(let failure) = $0 {
                        let text = failure.reason; return text.contains(rule) && text.count <= 80
                    }; return false
                }, path)
            XCTAssertFalse(
                messages.contains {
                    if case .postOpened(let opened, let text, _, _) = $0 {
                        return opened == path || text.contains("hunter2")
                    }; return false
                })
        }
    }

    func testOnAnAuthorsOwnMachineSuchAPostIsListedByItsPathNeverRead() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = try hostileSite(home)
        let (runner, messages, posts) = load(site, home, restricted: false)
        for path in ["content/posts/leak.md", "content/posts/linked/index.md", "content/posts/gitcfg.md"] {
            let post = posts.first { $0.path == path }
            XCTAssertEqual(post?.outsideSite, true, path)
            XCTAssertEqual(post?.title, "", "never read: \(path)")
        }
        XCTAssertEqual(posts.first { $0.path == "content/posts/alias.md" }?.outsideSite, false)
        XCTAssertEqual(posts.first { $0.path == "content/posts/tea-in-kyoto/index.md" }?.outsideSite, false)
        for path in ["content/posts/leak.md", "content/posts/gitcfg.md"] {
            let before = messages.count
            runner.run(.openPost(path), siteRoot: site)
            XCTAssertTrue(
                messages.wait(after: before) {
                    if case .failed(let failure) = $0 { let text = failure.reason; return text.contains("refused") };
                    return false
                }, path)
        }
        XCTAssertFalse(
            messages.contains {
                if case .postOpened(_, let text, _, _) = $0 { return text.contains("hunter2") }; return false
            })
        withExtendedLifetime(runner) {}
    }

    /// A save through a link that stays inside the site writes the file it leads to and the link
    /// stays a link; a save through a link into `.git` is refused and writes nothing.
    func testSavingThroughALinkWritesItsTargetOrIsRefused() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = try hostileSite(home)
        let (runner, messages, _) = load(site, home, restricted: true)
        runner.run(
            .save(path: "content/posts/alias.md", text: "---\ntitle: Edited\n---\n", revision: 1), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .saved(let path, _, _) = $0 { return path == "content/posts/alias.md" }; return false
            })
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: site + "/content/posts/alias.md"),
            "tea-in-kyoto/index.md")
        XCTAssertEqual(
            try String(contentsOfFile: site + "/content/posts/tea-in-kyoto/index.md", encoding: .utf8),
            "---\ntitle: Edited\n---\n")

        let config = try String(contentsOfFile: site + "/.git/config", encoding: .utf8)
        let before = messages.count
        runner.run(.save(path: "content/posts/gitcfg.md", text: "overwritten\n", revision: 1), siteRoot: site)
        XCTAssertTrue(
            messages.wait(after: before) {
                if case .failed(let failure) = $0, failure.what == .savePost {
                    let text = failure.reason; return text.contains("refused: leads into .git")
                }; return false
            })
        XCTAssertEqual(try String(contentsOfFile: site + "/.git/config", encoding: .utf8), config)
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: site + "/content/posts/gitcfg.md"),
            "../../.git/config")
    }

    /// Attack 6: a `contentDir` elsewhere on the server. A shared server refuses the site in one
    /// line naming the setting (nothing of the other site is listed); an author's own machine
    /// opens it (the folder is theirs).
    func testAContentDirOutsideTheSiteIsRefusedOnASharedServer() throws {
        let home = try TestHome()
        defer { home.remove() }
        let site = home.path + "/site"
        try PackageRoot.copyDemo(to: site)
        let other = home.path + "/other/content/posts/theirs"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try "---\ntitle: Another site's post\n---\nbody\n".write(
            toFile: other + "/index.md", atomically: true, encoding: .utf8)
        let config = site + "/hugo.toml"
        try ("contentDir = '\(home.path)/other/content'\n" + String(contentsOfFile: config, encoding: .utf8))
            .write(toFile: config, atomically: true, encoding: .utf8)
        for restricted in [true, false] {
            let messages = MessageLog()
            let runner = EffectRunner(environment: home.environment) { messages.append($0) }
            runner.restricted = restricted
            runner.run(.loadSite(site), siteRoot: site)
            if restricted {
                XCTAssertTrue(
                    messages.wait {
                        if case .siteFailed(let failure) = $0 {
                            let text = failure.reason
                            return text.contains("contentDir") && text.contains("refused: outside the site")
                        }; return false
                    })
                XCTAssertFalse(
                    messages.contains {
                        if case .siteLoaded = $0 { return true }; return false
                    })
            } else {
                XCTAssertTrue(
                    messages.wait {
                        if case .siteLoaded(_, let browse, _) = $0 {
                            return browse.posts.contains { $0.title == "Another site's post" }
                        }; return false
                    })
            }
        }
    }
}
