import Blog
import Foundation
import GitOps
import TestSupport
import XCTest

@testable import NakedblogApp

/// The app on a Jekyll blog: `d` moves a post between `_posts/` and `_drafts/`, the publish
/// sheet offers "publish as a post" for a draft and commits the move as one rename.
final class JekyllAppTests: XCTestCase {
    private func makeSite(_ home: TestHome) throws -> (site: String, remote: String) {
        GitLibrary.setGlobalConfigDirectory(home.path)
        let site = home.path + "/site", remote = home.path + "/remote.git"
        // The project's own Jekyll blog: these tests run on a clone with nothing beside it.
        try PackageRoot.copyPlainJekyllSite(to: site)
        try FileManager.default.createDirectory(atPath: site + "/_drafts", withIntermediateDirectories: true)
        try "---\nlayout: post\ntitle: Still a draft\n---\nWords.\n".write(
            toFile: site + "/_drafts/still-a-draft.md", atomically: true, encoding: .utf8)
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
            ["git", "clone", "-q", "--bare", ".", remote], ["git", "remote", "add", "origin", "file://" + remote],
            ["git", "fetch", "-q", "origin"], ["git", "branch", "-q", "--set-upstream-to=origin/main"],
        ] {
            try Shell.check(command, in: site, environment: home.environment)
        }
        return (site, remote)
    }

    /// A runner that has read the site.
    private func loadedRunner(_ site: String, _ home: TestHome) throws -> (EffectRunner, MessageLog) {
        let messages = MessageLog()
        let runner = EffectRunner(environment: home.environment) { messages.append($0) }
        runner.run(.loadSite(site), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .siteLoaded = $0 { return true }; return false
            })
        return (runner, messages)
    }

    /// The publish sheet the runner prepares for `post`.
    private func preparedSheet(_ post: String, _ site: String, _ runner: EffectRunner, _ messages: MessageLog) throws
        -> PublishSheet
    {
        let seen = messages.count
        runner.run(.preparePublish(post: post), siteRoot: site)
        var ready: PublishSheet?
        XCTAssertTrue(
            messages.wait(after: seen) {
                if case .publish(.sheetReady(let sheet)) = $0 { ready = sheet; return true }; return false
            })
        return try XCTUnwrap(ready)
    }

    /// Publishes what `sheet` says and waits for the publish to end.
    private func publish(
        _ sheet: PublishSheet, setDraftFalse: Bool, _ site: String, _ runner: EffectRunner,
        _ messages: MessageLog
    ) throws {
        let seen = messages.count
        runner.run(
            .publish(
                commitPath: sheet.commitPath, post: sheet.post, message: sheet.message.text,
                setDraftFalse: setDraftFalse,
                resolve: nil), siteRoot: site)
        XCTAssertTrue(
            messages.wait(after: seen) {
                if case .publish(.finished) = $0 { return true }; return false
            })
    }

    func testDraftKeyMovesThePostAndTheListFollowsIt() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, _) = try makeSite(home)
        let (runner, messages) = try loadedRunner(site, home)
        runner.run(.toggleDraft("_posts/2020-04-01-whats-jekyll.md"), siteRoot: site)
        XCTAssertTrue(
            messages.wait {
                if case .draftToggled(let path, let from) = $0 {
                    return path == "_drafts/2020-04-01-whats-jekyll.md" && from == "_posts/2020-04-01-whats-jekyll.md"
                }
                return false
            })
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site + "/_drafts/2020-04-01-whats-jekyll.md"),
            "the date stays in the name")

        // The update asks for both paths to be read again and selects the post where it went.
        var state = AppState(columns: 80, rows: 24)
        state.site = try Site.open(containing: site)
        state.browse.posts = PostIndex.build(state.site!).posts
        let effects = App.update(
            &state, .draftToggled(path: "_drafts/whats-jekyll.md", movedFrom: "_posts/2020-04-01-whats-jekyll.md"),
            now: 0)
        guard case .refreshPosts(_, let paths, _)? = effects.first else { return XCTFail("\(effects)") }
        XCTAssertEqual(Set(paths), ["_drafts/whats-jekyll.md", "_posts/2020-04-01-whats-jekyll.md"])
        XCTAssertEqual(state.browse.selectAfterLoad, "_drafts/whats-jekyll.md")
    }

    /// Issue 45.2: `d` twice gives back the same file; a post made a draft and published again
    /// under another date is committed as a move, so the remote never has both.
    func testDraftTwiceKeepsTheDateAndAMovedPostIsPublishedAsAMove() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, remote) = try makeSite(home)
        let original = try Data(contentsOf: URL(fileURLWithPath: site + "/_posts/2020-04-01-whats-jekyll.md"))
        let (runner, messages) = try loadedRunner(site, home)
        for path in ["_posts/2020-04-01-whats-jekyll.md", "_drafts/2020-04-01-whats-jekyll.md"] {
            let seen = messages.count
            runner.run(.toggleDraft(path), siteRoot: site)
            XCTAssertTrue(
                messages.wait(after: seen) {
                    if case .draftToggled = $0 { return true }; return false
                })
        }
        XCTAssertEqual(
            try Data(contentsOf: URL(fileURLWithPath: site + "/_posts/2020-04-01-whats-jekyll.md")), original)
        XCTAssertEqual(try Shell.check(["git", "status", "--porcelain"], in: site, environment: home.environment), "")

        // Moved by hand to another date: the publish commits the move, and its check sees one post.
        try FileManager.default.moveItem(
            atPath: site + "/_posts/2020-04-01-whats-jekyll.md", toPath: site + "/_posts/2020-04-02-whats-jekyll.md")
        let sheet = try preparedSheet("_posts/2020-04-02-whats-jekyll.md", site, runner, messages)
        XCTAssertEqual(
            Set(sheet.files.map(\.path)), ["_posts/2020-04-02-whats-jekyll.md", "_posts/2020-04-01-whats-jekyll.md"],
            "\(sheet.files)")
        try publish(sheet, setDraftFalse: false, site, runner, messages)
        let status = try Shell.check(
            ["git", "show", "-M", "--name-status", "--format=", "main"], in: remote, environment: home.environment)
        XCTAssertEqual(status, "R100\t_posts/2020-04-01-whats-jekyll.md\t_posts/2020-04-02-whats-jekyll.md")
        XCTAssertEqual(try Shell.check(["git", "status", "--porcelain"], in: site, environment: home.environment), "")
    }

    /// Issue 45.3: moving a published post to another month changes its address: the sheet
    /// names both, and Ctrl-K keeps the old one as a redirect when the site has the plugin.
    func testTheSheetNamesAChangedAddressAndCanKeepTheOldOne() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, _) = try makeSite(home)
        let config = try String(contentsOfFile: site + "/_config.yml", encoding: .utf8)
        try (config + "plugins: [jekyll-redirect-from]\n").write(
            toFile: site + "/_config.yml", atomically: true, encoding: .utf8)
        for command in [["git", "commit", "-qam", "Redirects"], ["git", "push", "-q"]] {
            try Shell.check(command, in: site, environment: home.environment)
        }
        try FileManager.default.moveItem(
            atPath: site + "/_posts/2020-04-01-whats-jekyll.md", toPath: site + "/_posts/2020-05-01-whats-jekyll.md")
        let (runner, messages) = try loadedRunner(site, home)
        var sheet = try preparedSheet("_posts/2020-05-01-whats-jekyll.md", site, runner, messages)
        let change = try XCTUnwrap(sheet.review.addressChange)
        XCTAssertEqual([change.old, change.new], ["/2020/04/01/whats-jekyll/", "/2020/05/01/whats-jekyll/"])
        XCTAssertTrue(
            sheet.review.warnings.contains { $0.contains(change.old) && $0.contains(change.new) },
            "\(sheet.review.warnings)")

        var state = try AppFixture.browsing()
        state.showPublish(sheet)
        XCTAssertTrue(AppFixture.lines(state).joined(separator: "\n").contains("Ctrl-K keeps the old address"))
        XCTAssertEqual(
            App.handlePublishKey(&state, &sheet, .control("k"), now: 0),
            [.perform(.keepOldAddress(post: "_posts/2020-05-01-whats-jekyll.md", change: change))])
        let seen = messages.count
        runner.run(.perform(.keepOldAddress(post: "_posts/2020-05-01-whats-jekyll.md", change: change)), siteRoot: site)
        XCTAssertTrue(
            messages.wait(after: seen) {
                if case .changed = $0 { return true }; return false
            })
        guard case .changed(let landing)? = messages.all.last(where: { if case .changed = $0 { true } else { false } })
        else { return XCTFail("no result") }
        XCTAssertEqual(landing.apply(&state, 0), [.preparePublish(post: "_posts/2020-05-01-whats-jekyll.md")])
        XCTAssertEqual(state.toast?.text, "The old address is kept in redirect_from: it redirects to the new one")
        let text = try String(contentsOfFile: site + "/_posts/2020-05-01-whats-jekyll.md", encoding: .utf8)
        XCTAssertTrue(text.contains("redirect_from: [\(change.old)]"), text)
    }

    /// Issue 45.10: Jekyll's new-post dialog asks for a title only (a draft has no section or
    /// kind); a site named with `name:` and no `title:` shows that name.
    func testJekyllsNewPostDialogAndASiteNamedWithName() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, _) = try makeSite(home)
        let config = try String(contentsOfFile: site + "/_config.yml", encoding: .utf8)
        try config.replacingOccurrences(of: "title: Plain Jekyll\n", with: "name: Named Only\n")
            .write(toFile: site + "/_config.yml", atomically: true, encoding: .utf8)
        let opened = try Site.open(containing: site)
        var state = AppState(columns: 80, rows: 24, page: .browse)
        _ = App.update(&state, .siteLoaded(opened, .prepared(PostIndex.build(opened)), readAt: Date()), now: 0)
        XCTAssertTrue(AppFixture.lines(state)[0].contains("Named Only"), AppFixture.lines(state)[0])
        _ = App.update(&state, .key(.character("n")), now: 0)
        for character in "Hello there" { _ = App.update(&state, .key(.character(character)), now: 0) }
        let screen = AppFixture.lines(state).joined(separator: "\n")
        XCTAssertTrue(screen.contains("A draft: _drafts/hello-there.md"), screen)
        XCTAssertFalse(screen.contains("Section:") || screen.contains("page bundle"), screen)
        _ = App.update(&state, .key(.tab), now: 0)
        guard case .newPost(let dialog)? = state.overlay else { return XCTFail("the dialog stays") }
        XCTAssertEqual(dialog.focus, 0, "nothing else to go to")
    }

    func testPublishingADraftAsAPostCommitsTheRename() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, remote) = try makeSite(home)
        let (runner, messages) = try loadedRunner(site, home)
        let sheet = try preparedSheet("_drafts/still-a-draft.md", site, runner, messages)
        XCTAssertTrue(sheet.wasDraft && sheet.draftMoves && sheet.setDraftFalse)
        XCTAssertEqual(
            sheet.message.text, "Publish: Still a draft",
            "a draft made a post is a first publish, though the draft was pushed")
        try publish(sheet, setDraftFalse: true, site, runner, messages)
        let status = try Shell.check(
            ["git", "show", "-M", "--name-status", "--format=", "main"], in: remote, environment: home.environment)
        let lines = status.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, status)
        let renamed = try lines.at(0)
        XCTAssertTrue(
            renamed.hasPrefix("R100\t_drafts/still-a-draft.md\t_posts/") && renamed.hasSuffix("-still-a-draft.md"),
            status)
        XCTAssertTrue(
            messages.contains {
                if case .draftToggled(_, let from) = $0 { return from == "_drafts/still-a-draft.md" }; return false
            })
    }

    func testAnImageGoesIntoTheSitesImageFolderAndItsLinkWorksOnTheBuiltSite() throws {
        let home = try TestHome()
        defer { home.remove() }
        let (site, _) = try makeSite(home)
        let photo = home.path + "/Holiday Photo.JPG"
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: photo))
        let (runner, messages) = try loadedRunner(site, home)
        runner.run(.copyImage(source: photo, post: "_posts/2020-04-01-whats-jekyll.md"), siteRoot: site)
        var copied: (name: String, link: String, folder: String)?
        XCTAssertTrue(
            messages.wait {
                if case .imageCopied(_, let name, let link, let folder, _) = $0 {
                    copied = (name, link, folder); return true
                }
                return false
            })
        // The demo has a baseurl of "": links are root paths.
        XCTAssertEqual(copied?.folder, "assets/images")
        XCTAssertEqual(copied?.name, "holiday-photo.jpg")
        XCTAssertEqual(copied?.link, "/assets/images/holiday-photo.jpg")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/assets/images/holiday-photo.jpg"))
    }
}
