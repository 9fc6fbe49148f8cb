import Foundation
import TestSupport
import XCTest

/// Issue 58: one action, one behaviour. Each action is done twice on two identical copies of the
/// demo blog with their own remotes — once with the app's keys in tmux, once with the command
/// line — and what reaches each remote is compared: the same subject, the same files.
final class OneBehaviourTests: DemoSiteSessions {
    /// A copy of the demo blog, committed and pushed to a bare remote of its own.
    private func blog(_ name: String) throws -> (site: String, remote: String) {
        let site = work.appending(name), remote = work.appending(name + ".git")
        try PackageRoot.copyDemo(to: site)
        try home.git(["init", "-q", "-b", "main"], in: site)
        try home.git(["add", "-A"], in: site)
        try home.git(["commit", "-qm", "Start"], in: site)
        try home.git(["init", "-q", "--bare", remote])
        try home.git(["remote", "add", "origin", remote], in: site)
        try home.git(["push", "-q", "-u", "origin", "main"], in: site)
        return (site, remote)
    }

    private func app(_ arguments: [String]) throws -> TmuxSession {
        let session = try TmuxSession(
            [try Products.path("nakedblog")] + arguments, environment: home.environment, directory: work.path)
        sessions.append(session)
        return session
    }

    private func nakedblog(_ arguments: [String], in directory: String) throws -> ProcessResult {
        try Shell.run(
            [try Products.path("nakedblog")] + arguments, in: directory, environment: home.environment, timeout: 120)
    }

    /// The newest commit on the remote: its subject, then each file's change (`M path`).
    private func newest(_ remote: String, renaming rename: (String) -> String = { $0 }) throws -> [String] {
        let subject = try home.git(["log", "-1", "--format=%s", "main"], in: remote)
        let files = try home.git(["show", "--name-status", "--format=", "main"], in: remote)
            .split(separator: "\n").map { line in
                line.split(separator: "\t").map { rename(String($0)) }.joined(separator: " ")
            }
        return [subject] + files.sorted()
    }

    /// 58.1: a pushed Hugo draft made a post and published — `Ctrl-P` then Enter in the app,
    /// `nakedblog publish --undraft` on the command line — is the same commit: `Publish: …`.
    func testUndraftingAPushedDraftIsOneCommitFromBothFrontEnds() throws {
        let post = "content/posts/half-written-ideas/index.md"
        let byApp = try blog("app"), byCommand = try blog("command")
        let session = try app([byApp.site + "/" + post])
        try session.waitFor("Ln 1, Col 1", timeout: 15)
        try session.send(keys: "C-p")
        try session.waitFor("set draft: false", timeout: 15)
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 90)
        let published = try nakedblog(["publish", "--undraft", post], in: byCommand.site)
        XCTAssertEqual(published.status, 0, published.stderr)
        let app = try newest(byApp.remote), command = try newest(byCommand.remote)
        XCTAssertEqual(app, command)
        XCTAssertEqual(app.first.map { $0.hasPrefix("Publish: ") }, true, "\(app)")
        XCTAssertTrue(
            try home.git(["show", "main:" + post], in: byApp.remote).contains("draft: false"))
    }

    /// 58.3: a note — `m` in the app, `nakedblog note --publish` — is one commit with the same
    /// subject and the new notes section's `_index.md`.
    func testANoteIsOneCommitFromBothFrontEnds() throws {
        let text = "Fog over the river, then sun."
        let byApp = try blog("app"), byCommand = try blog("command")
        let session = try app([byApp.site])
        try session.waitFor("Plain Words", timeout: 15)
        try session.send(keys: "m")
        try session.waitFor("A short note", timeout: 10)
        try session.type(text)
        try session.send(keys: "Enter")
        try session.waitFor("Enter publishes", timeout: 30)
        try session.send(keys: "Enter")
        try session.waitFor("Published ", timeout: 90)
        let noted = try nakedblog(["note", "--publish", text], in: byCommand.site)
        XCTAssertEqual(noted.status, 0, noted.stderr)
        // A note's folder is named by the minute it was written: the two may differ by one.
        let folder = #/content/micro/[^/_][^/]*/#
        let rename = { (path: String) in path.replacing(folder, with: "content/micro/NOTE/") }
        let app = try newest(byApp.remote, renaming: rename), command = try newest(byCommand.remote, renaming: rename)
        XCTAssertEqual(app, command)
        XCTAssertEqual(app.first, "Note: " + text)
        XCTAssertTrue(app.contains("A content/micro/_index.md"), "\(app)")
    }

    /// 58.2: a site whose `contentDir` leads into `.git` is refused by the app and by every command
    /// before anything is listed, with the same reason.
    func testAContentFolderInsideGitIsRefusedByBothFrontEnds() throws {
        let byApp = try blog("app")
        try HostileSite.declareContentInsideGit(byApp.site)
        for command in [["list"], ["list", "--json"], ["search", "Secret"], ["spell"]] {
            let result = try nakedblog(command, in: byApp.site)
            XCTAssertNotEqual(result.status, 0, "\(command): \(result.stdout)")
            XCTAssertFalse(result.stdout.contains("Secret"), "\(command): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("contentDir .git/c: refused: leads into .git"), result.stderr)
        }
        let session = try app([byApp.site])
        let screen = try session.waitFor("leads into .git", timeout: 15)
        XCTAssertTrue(screen.joined().contains("contentDir .git/c"), screen.joined(separator: "\n"))
        XCTAssertFalse(screen.joined().contains("Secret"), screen.joined(separator: "\n"))
    }
}
