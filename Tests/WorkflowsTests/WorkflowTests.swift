import Blog
import Foundation
import GitOps
import TestSupport
import XCTest

@testable import Workflows

/// The use cases both front ends call, tested as plain functions: no runner, no messages.
final class WorkflowTests: XCTestCase {
    private var home: TestHome!

    override func setUpWithError() throws { home = try TestHome() }
    override func tearDown() { home.remove() }

    /// A repository whose site is the demo, in the folder `blog/` of it.
    private func repository() throws -> (Repository, Site) {
        let work = home.path + "/repo"
        try FileManager.default.createDirectory(atPath: work + "/blog", withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: work + "/blog")
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
        ] {
            try Shell.check(command, in: work, environment: home.environment)
        }
        return (try Repository.open(at: work), try Site.open(containing: work + "/blog"))
    }

    func testSitePathsAndUniqueNames() {
        let paths = SitePath(prefix: "blog/")
        XCTAssertEqual(paths.inRepository("content/posts/x"), "blog/content/posts/x")
        XCTAssertEqual(paths.inSite("blog/content/posts/x"), "content/posts/x")
        XCTAssertNil(paths.inSite("README.md"))
        XCTAssertEqual(paths.inSite(["blog/a", "b", "blog/c"]), ["a", "c"])
        XCTAssertEqual(UniqueName.first("tea") { ["tea", "tea-2"].contains($0) }, "tea-3")
        XCTAssertEqual(
            UniqueName.first("photo.jpg", made: { _, n in "photo-\(n).jpg" }) { $0 == "photo.jpg" }, "photo-2.jpg")
    }

    func testPublishPreparationSaysWhatTheSheetShows() throws {
        let (repository, site) = try repository()
        let post = "content/posts/half-written-ideas/index.md"
        let text = try String(contentsOfFile: site.absolute(post), encoding: .utf8)
        try (text + "\nMore, see [the ratios](/posts/cold-brew-ratio/).\n").write(
            toFile: site.absolute(post), atomically: true, encoding: .utf8)
        let prepared = try PublishPreparation.prepare(post: post, site: site, repository: repository)
        XCTAssertEqual(
            prepared.brokenLinks.map(\.description),
            [
                "\(post):\(text.split(separator: "\n", omittingEmptySubsequences: false).count + 1):24: no page at /posts/cold-brew-ratio/ (did you mean /posts/cold-brew-ratios/?)"
            ],
            "the sheet names a broken link")
        XCTAssertEqual(prepared.pictureWarnings, [])
        // Pictures without alt text, and heavy ones, are named.
        let heavy = site.absolute("content/posts/half-written-ideas/heavy.png")
        try Data(count: 1_200_000).write(to: URL(fileURLWithPath: heavy))
        XCTAssertEqual(
            PublishPreparation.pictureWarnings(
                post: post, text: "---\ntitle: x\n---\n![](cup.png) ![A cup](cup.png) ![Big](heavy.png)\n", site: site),
            [
                "line 4: the picture cup.png has no alt text",
                "heavy.png is 1.2 MB: heavy for a page (Ctrl-R fits a picture)",
            ])
        try FileManager.default.removeItem(atPath: heavy)
        XCTAssertEqual(prepared.paths.prefix, "blog/")
        XCTAssertEqual(prepared.commitPath, "blog/content/posts/half-written-ideas")
        XCTAssertEqual(prepared.files.map(\.path), [post])
        XCTAssertEqual(prepared.files.map(\.change), ["modified"])
        XCTAssertTrue(prepared.wasDraft)
        XCTAssertEqual(prepared.message, "Publish: Half-written ideas")
        XCTAssertNil(prepared.review.refusal)
        XCTAssertTrue(prepared.keepsOldAddress)

        let summary = SiteGitStatus.summary(siteRoot: site.root)
        XCTAssertEqual(summary.branch, "main")
        XCTAssertEqual(summary.changes[post], .modified)
        XCTAssertEqual(
            SiteGitStatus.changes(under: ["content/posts/half-written-ideas"], siteRoot: site.root), [post: .modified])
    }

    func testOutsideARepositoryNothingIsPrepared() throws {
        let folder = home.path + "/plain"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try PackageRoot.copyDemo(to: folder)
        XCTAssertThrowsError(try Repository.discover(from: folder))
        XCTAssertEqual(SiteGitStatus.summary(siteRoot: folder).problem, "not a git repository")
    }

    func testUndraftingAJekyllDraftCommitsTheMove() throws {
        let work = home.path + "/jekyll"
        try PackageRoot.copyPlainJekyllSite(to: work)
        try FileManager.default.createDirectory(atPath: work + "/_drafts", withIntermediateDirectories: true)
        try "---\ntitle: Soon\n---\nWords.\n".write(
            toFile: work + "/_drafts/soon.md", atomically: true, encoding: .utf8)
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
        ] {
            try Shell.check(command, in: work, environment: home.environment)
        }
        let made = try Undraft.publishable(
            "_drafts/soon.md", site: try Site.open(containing: work), repository: try Repository.open(at: work))
        XCTAssertEqual(made.result.movedFrom, "_drafts/soon.md")
        XCTAssertTrue(made.result.path.hasPrefix("_posts/") && made.result.path.hasSuffix("-soon.md"), made.result.path)
        XCTAssertEqual(made.movePaths, [made.result.path, "_drafts/soon.md"])
        XCTAssertEqual(Array(made.commitPaths.prefix(2)), made.movePaths)
    }

    /// A plain Jekyll site in `folder` of the test home with `text` at `post`, all committed.
    private func committedJekyllSite(_ folder: String, post: String, _ text: String) throws -> String {
        let work = home.path + "/" + folder
        try PackageRoot.copyPlainJekyllSite(to: work)
        try text.write(toFile: work + "/" + post, atomically: true, encoding: .utf8)
        for command in [
            ["git", "init", "-q", "-b", "main"], ["git", "add", "-A"], ["git", "commit", "-qm", "Start"],
        ] {
            try Shell.check(command, in: work, environment: home.environment)
        }
        return work
    }

    /// Issue 60.2: a post made a draft (`d`) since its last commit is published as what it now
    /// is — taken off the site, `Unpublish: <title>` — never made a post again by default; a
    /// Jekyll post without `title:` is named by the title Jekyll gives it, not its file name.
    func testAPostMadeADraftSinceItsLastCommitIsPublishedAsAnUnpublish() throws {
        let work = try committedJekyllSite(
            "jekyll", post: "_posts/2013-12-10-xas-software.md", "---\nlayout: post\n---\nWords.\n")
        let site = try Site.open(containing: work), jekyll = try Repository.open(at: work)
        let made = try DraftSwitch.set("_posts/2013-12-10-xas-software.md", draft: true, site: site)
        let prepared = try PublishPreparation.prepare(post: made.path, site: site, repository: jekyll)
        XCTAssertTrue(prepared.wasDraft)
        XCTAssertTrue(prepared.takesOffSite)
        XCTAssertEqual(prepared.message, "Unpublish: Xas Software")
        XCTAssertEqual(
            prepared.plan.commitPaths.prefix(2).sorted(),
            ["_drafts/2013-12-10-xas-software.md", "_posts/2013-12-10-xas-software.md"])
        // A draft that was never on the site is still a first publish.
        try "---\ntitle: Soon\n---\nWords.\n".write(
            toFile: work + "/_drafts/soon.md", atomically: true, encoding: .utf8)
        let fresh = try PublishPreparation.prepare(post: "_drafts/soon.md", site: site, repository: jekyll)
        XCTAssertFalse(fresh.takesOffSite)
        XCTAssertEqual(fresh.message, "Publish: Soon")

        // Hugo: draft: true since the last commit.
        let (hugoRepository, hugo) = try repository()
        let post = "content/posts/cold-brew-ratios/index.md"
        _ = try DraftSwitch.set(post, draft: true, site: hugo)
        let hugoPrepared = try PublishPreparation.prepare(post: post, site: hugo, repository: hugoRepository)
        XCTAssertTrue(hugoPrepared.takesOffSite)
        XCTAssertEqual(hugoPrepared.message, "Unpublish: Cold brew ratios")
    }

    /// A Jekyll draft that says its date keeps it: made a post, its name carries that day (not
    /// today's), as `jekyll-compose`'s publish does.
    func testADatedJekyllDraftBecomesAPostOfItsOwnDay() throws {
        let work = home.path + "/jekyll-dated"
        try PackageRoot.copyPlainJekyllSite(to: work)
        try FileManager.default.createDirectory(atPath: work + "/_drafts", withIntermediateDirectories: true)
        try "---\ntitle: Old idea\ndate: 2020-05-01 10:00:00 +0000\n---\nWords.\n".write(
            toFile: work + "/_drafts/old-idea.md", atomically: true, encoding: .utf8)
        let made = try DraftSwitch.set(
            "_drafts/old-idea.md", draft: false, site: try Site.open(containing: work),
            now: ISO8601DateFormatter().date(from: "2026-11-20T12:00:00Z")!)
        XCTAssertEqual(made.path, "_posts/2020-05-01-old-idea.md")
    }

    /// A Jekyll post moved between `_posts/` and `_drafts/` and rewritten past what git's rename
    /// detection pairs: its former place is still found by its name, and goes with it.
    func testAJekyllPostsFormerPlaceIsFoundByNameWhenItsTextChanged() throws {
        let work = try committedJekyllSite(
            "jekyll-rewritten", post: "_posts/2020-01-01-hello.md", "---\ntitle: Hello\n---\nA.\n")
        try FileManager.default.removeItem(atPath: work + "/_posts/2020-01-01-hello.md")
        try FileManager.default.createDirectory(atPath: work + "/_drafts", withIntermediateDirectories: true)
        try "---\nlayout: post\ntitle: Something else entirely\n---\nNothing of the old words remains here.\n"
            .write(toFile: work + "/_drafts/hello.md", atomically: true, encoding: .utf8)
        let prepared = try PublishPreparation.prepare(
            post: "_drafts/hello.md", site: try Site.open(containing: work), repository: try Repository.open(at: work))
        XCTAssertTrue(prepared.plan.commitPaths.contains("_posts/2020-01-01-hello.md"), "\(prepared.plan.commitPaths)")
    }

    func testPublishSettingsFromTheConfigFile() throws {
        let config = home.path + "/.config/nakedblog"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try "theme = \"light\"\n[publish]\ncheck = \"off\"\ncheck_timeout = 30\nuntrusted = true\n".write(
            toFile: config + "/config.toml",
            atomically: true, encoding: .utf8)
        let settings = try PublishSettings.load(environment: home.environment)
        XCTAssertFalse(settings.buildCheck)
        XCTAssertTrue(settings.buildsBeforePublishing(siteSetting: "build"), "the site's git config wins")
        let policy = settings.buildPolicy()
        XCTAssertEqual(policy.timeout, 30)
        XCTAssertEqual(policy.trust, .untrusted)
        try "[publish]\ncheck = \"sometimes\"\n".write(
            toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try PublishSettings.load(environment: home.environment))
    }

    func testAPostIsReadOnlyFromInsideTheSiteAndAsUTF8() throws {
        let (_, site) = try repository()
        let post = "content/posts/cold-brew-ratios/index.md"
        let read = try PostText.read(post, root: site.root)
        XCTAssertTrue(read.text.contains("Cold brew"))
        XCTAssertNotNil(read.stamp)
        try Data([0x2D, 0x2D, 0x2D, 0x0A, 0x00]).write(
            to: URL(fileURLWithPath: site.absolute("content/posts/binary.md")))
        XCTAssertThrowsError(try PostText.read("content/posts/binary.md", root: site.root)) { error in
            XCTAssertTrue("\(error)".contains("not UTF-8 text"), "\(error)")
        }
        try FileManager.default.createSymbolicLink(
            atPath: site.absolute("content/posts/secret.md"), withDestinationPath: "/etc/hostname")
        XCTAssertThrowsError(try PostText.read("content/posts/secret.md", root: site.root)) { error in
            XCTAssertEqual((error as? WorkflowError)?.kind, .refused)
        }
    }

    func testAnImageGoesIntoTheBundleUnderAFreeName() throws {
        let (_, site) = try repository()
        let source = home.path + "/Photo of the ridge.png"
        try FileManager.default.copyItem(
            atPath: PackageRoot.appending("demo/content/posts/summit-in-the-fog/ridge.png"), toPath: source)
        let post = "content/posts/cold-brew-ratios/index.md"
        let first = try ImageImport.add(source, to: post, site: site, restricted: false, environment: home.environment)
        XCTAssertEqual(
            [first.name, first.link, first.folder],
            ["photo-of-the-ridge.png", "photo-of-the-ridge.png", "content/posts/cold-brew-ratios"])
        XCTAssertNotNil(first.fitted, "fitted by the image helper")
        let second = try ImageImport.add(source, to: post, site: site, restricted: false, environment: home.environment)
        XCTAssertEqual(second.name, "photo-of-the-ridge-2.png")
        try "not an image".write(toFile: home.path + "/fake.png", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(
            try ImageImport.add(
                home.path + "/fake.png", to: post, site: site, restricted: false, environment: home.environment))
    }
}
