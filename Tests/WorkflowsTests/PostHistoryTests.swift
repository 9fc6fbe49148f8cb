import Blog
import Foundation
import GitOps
import Harness
import TestSupport
import XCTest

@testable import Workflows

/// A post's history (issue 48): a Jekyll post's whole life through its move from `_drafts`, the
/// commit that first published it and the one the remote has, against `git log --follow` as the
/// oracle; and the diff made for prose.
final class PostHistoryTests: XCTestCase {
    static let paragraph = JekyllLife.paragraph

    static func jekyllLife(_ work: TemporaryDirectory) throws -> String { try JekyllLife.make(work) }

    func testAJekyllPostsWholeLifeAsGitSeesIt() throws {
        let work = try TemporaryDirectory(prefix: "nb-history")
        defer { work.remove() }
        let root = try Self.jekyllLife(work)
        let site = try Site.open(containing: root)
        let history = try PostHistory.load(post: "_posts/2020-01-01-hello.md", site: site)
        XCTAssertEqual(
            history.versions.map(\.entry.subject),
            ["Update: Hello again", "Publish: Hello", "Update: Hello", "Draft: Hello"])
        // Counted before it is indexed: a broken history fails here instead of ending the run.
        guard history.versions.count == 4 else { return XCTFail("\(history.versions.count) versions") }
        XCTAssertEqual(
            history.versions.map(\.file),
            ["_posts/2020-01-01-hello.md", "_posts/2020-01-01-hello.md", "_drafts/hello.md", "_drafts/hello.md"])
        XCTAssertEqual(try history.versions.at(1).entry.renamedFrom, "_drafts/hello.md")
        XCTAssertEqual(history.versions.map(\.firstPublished), [false, true, false, false])
        XCTAssertEqual(history.versions.map(\.live), [false, true, false, false])
        XCTAssertEqual(history.versions.map(\.entry.author), ["Ann", "Ann", "Ann", "Ann"])
        // The oracle: git's own --follow and --numstat.
        let log = try Shell.check(
            ["git", "log", "--follow", "--numstat", "--format=@%H", "--", "_posts/2020-01-01-hello.md"], in: root)
        var commits: [String] = [], stats: [String] = []
        for line in log.split(separator: "\n") {
            if line.hasPrefix("@") {
                commits.append(String(line.dropFirst()))
            } else {
                let parts = line.split(separator: "\t")
                stats.append("\(parts[0]) \(parts[1])")
            }
        }
        XCTAssertEqual(history.versions.map(\.entry.commit), commits)
        XCTAssertEqual(history.versions.map { "\($0.entry.added) \($0.entry.removed)" }, stats)
        XCTAssertEqual(history.text(of: try history.versions.at(3)), "---\ntitle: Hello\n---\nFirst words.\n")
        // The walk through the git program and the one through libgit2 alone agree.
        let walked = try PostHistory.load(post: "_posts/2020-01-01-hello.md", site: site, restricted: true)
        XCTAssertEqual(walked.versions, history.versions)
    }

    /// One word changed in a long paragraph is that word; a field is `old → new`.
    func testAWordChangedIsThatWord() throws {
        let old = "---\ntitle: Hello\n---\nFirst words.\n\n\(Self.paragraph)\n"
        let new =
            "---\ntitle: Hello again\n---\nFirst words.\n\n\(Self.paragraph.replacingOccurrences(of: "quick", with: "slow"))\n"
        let diff = ProseDiff(from: old, to: new)
        XCTAssertEqual(diff.fields, [.init(key: "title", old: "Hello", new: "Hello again")])
        XCTAssertEqual(diff.hunks.count, 1)
        let hunk = try diff.hunks.at(0)
        XCTAssertEqual(hunk.oldLines, 5..<6)
        XCTAssertEqual(
            hunk.spans.filter { if case .same = $0 { false } else { true } }, [.removed("quick"), .added("slow")])
        XCTAssertEqual(hunk.spans.first, .same("The morning was cold and the "))
        XCTAssertTrue(ProseDiff(from: old, to: old).isEmpty)
        // A paragraph added at the end, one removed in the middle.
        let added = ProseDiff(from: "a\n\nb\n", to: "a\n\nb\n\nc\n")
        XCTAssertEqual(added.hunks.map(\.newText), ["c"])
        XCTAssertEqual(added.hunks.map(\.oldLines), [3..<3])
        let removed = ProseDiff(from: "a\n\nb\n\nc\n", to: "a\n\nc\n")
        XCTAssertEqual(removed.hunks.map(\.oldText), ["b"])
        XCTAssertEqual(removed.hunks.map(\.newLines), [2..<2])
    }
}

/// Unpublishing and undoing a publish change only the work tree, as the generator wants it.
final class UnpublishTests: XCTestCase {
    func testUnpublishAJekyllPostKeepsItsDate() throws {
        let work = try TemporaryDirectory(prefix: "nb-unpublish")
        defer { work.remove() }
        let root = try PostHistoryTests.jekyllLife(work)
        let site = try Site.open(containing: root)
        let result = try Unpublish.run("_posts/2020-01-01-hello.md", site: site)
        XCTAssertEqual(result.path, "_drafts/2020-01-01-hello.md")
        XCTAssertEqual(result.address, "/2020/01/01/hello.html")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/_posts/2020-01-01-hello.md"))
        XCTAssertThrowsError(try Unpublish.run(result.path, site: site), "a draft is not on the site")
    }

    func testUnpublishAHugoPostSetsDraft() throws {
        let work = try TemporaryDirectory(prefix: "nb-unpublish-hugo")
        defer { work.remove() }
        try PackageRoot.copyDemo(to: work.appending("site"))
        let site = try Site.open(containing: work.appending("site"))
        let result = try Unpublish.run("content/posts/cold-brew-ratios/index.md", site: site)
        XCTAssertEqual(result.address, "/posts/cold-brew-ratios/")
        let text = try String(contentsOfFile: site.absolute(result.path), encoding: .utf8)
        XCTAssertTrue(text.contains("\"draft\": true"), text)
    }

    /// The last commit of the post undone (an edit), then the one before (the move out of
    /// `_drafts`); refused with uncommitted changes.
    func testUndoTheLastPublishStepByStep() throws {
        let work = try TemporaryDirectory(prefix: "nb-undo")
        defer { work.remove() }
        let root = try PostHistoryTests.jekyllLife(work)
        let site = try Site.open(containing: root)
        let post = "_posts/2020-01-01-hello.md"
        let first = try Unpublish.undoLastPublish(post, site: site)
        XCTAssertEqual(first.path, post)
        XCTAssertEqual(first.undone, "Update: Hello again")
        XCTAssertTrue(try String(contentsOfFile: root + "/" + post, encoding: .utf8).contains("title: Hello\n"))
        XCTAssertThrowsError(try Unpublish.undoLastPublish(post, site: site)) { error in
            XCTAssertTrue("\(error)".contains("not yet committed"), "\(error)")
        }
        try Shell.check(["git", "checkout", "-q", "--", post], in: root)
        try Shell.check(
            ["git", "-c", "user.name=A", "-c", "user.email=a@b", "commit", "-q", "--allow-empty", "-m", "other"],
            in: root)
        try Shell.check(["git", "reset", "-q", "--hard", "HEAD~2"], in: root)
        // Now the newest commit of the post is its move: undone, the draft comes back.
        let second = try Unpublish.undoLastPublish(post, site: site)
        XCTAssertEqual(second.path, "_drafts/hello.md")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/" + post))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/_drafts/hello.md"))
    }

    /// Issue 59.3: undoing a move is refused when a later commit put a new file where the post
    /// was (here a new draft of the same name): bringing the old one back would overwrite it.
    func testUndoIsRefusedWhenTheOldPlaceChangedAfterThePublish() throws {
        let work = try TemporaryDirectory(prefix: "nb-undo-changed")
        defer { work.remove() }
        let root = try PostHistoryTests.jekyllLife(work)
        let git = ["git", "-c", "user.name=A", "-c", "user.email=a@b"]
        try Shell.check(["git", "reset", "-q", "--hard", "HEAD~1"], in: root)
        let newDraft = "---\ntitle: Another hello\n---\nNew words.\n"
        try newDraft.write(toFile: root + "/_drafts/hello.md", atomically: true, encoding: .utf8)
        try Shell.check(["git", "add", "-A"], in: root)
        try Shell.check(git + ["commit", "-qm", "Draft: Another hello"], in: root)
        let site = try Site.open(containing: root)
        let post = "_posts/2020-01-01-hello.md"
        let published = try String(contentsOfFile: root + "/" + post, encoding: .utf8)
        XCTAssertThrowsError(try Unpublish.undoLastPublish(post, site: site)) { error in
            XCTAssertTrue("\(error)".contains("was changed after that publish"), "\(error)")
            XCTAssertTrue("\(error)".contains("Draft: Another hello"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOfFile: root + "/_drafts/hello.md", encoding: .utf8), newDraft)
        XCTAssertEqual(try String(contentsOfFile: root + "/" + post, encoding: .utf8), published)
    }

    /// Issue 56.6: an undo that would bring a file back outside the site (the post was moved in
    /// from a folder beside it) is refused before anything changes: the post stays.
    func testARefusedUndoChangesNothing() throws {
        let work = try TemporaryDirectory(prefix: "nb-undo-outside")
        defer { work.remove() }
        let git = ["git", "-c", "user.name=A", "-c", "user.email=a@b"]
        try FileManager.default.createDirectory(atPath: work.path + "/notes", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: work.path + "/docs/_posts", withIntermediateDirectories: true)
        let text = "---\ntitle: Hello\n---\n\n" + PostHistoryTests.paragraph + "\n"
        try text.write(toFile: work.path + "/notes/hello.md", atomically: true, encoding: .utf8)
        try Shell.check(["git", "init", "-q", "-b", "main"], in: work.path)
        try Shell.check(["git", "add", "-A"], in: work.path)
        try Shell.check(git + ["commit", "-qm", "A note"], in: work.path)
        try Shell.check(["git", "mv", "notes/hello.md", "docs/_posts/2020-01-01-hello.md"], in: work.path)
        try Shell.check(git + ["commit", "-qm", "Publish: Hello"], in: work.path)
        let site = try Site.open(containing: work.path + "/docs")
        let post = "_posts/2020-01-01-hello.md"
        XCTAssertThrowsError(try Unpublish.undoLastPublish(post, site: site)) { error in
            XCTAssertTrue("\(error)".contains("outside the site"), "\(error)")
        }
        let after = try String(contentsOfFile: site.absolute(post), encoding: .utf8)
        XCTAssertEqual(after, text, "the post is still there")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path + "/notes/hello.md"))
    }
}
