import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// Publishing against real servers on 127.0.0.1, checked with the git CLI.
final class PublishTests: XCTestCase {
    private var home: TestHome!
    private var worlds: [PublishWorld] = []

    override func setUpWithError() throws { home = try TestHome() }

    override func tearDown() {
        worlds.forEach { $0.remove() }
        home.remove()
    }

    private func world(_ server: GitServer, empty: Bool = false) throws -> PublishWorld {
        let world = try PublishWorld(server: server, home: home, empty: empty)
        worlds.append(world)
        return world
    }

    func testCommitsExactlyTheBundleWhileOtherWorkStaysInTheTree() async throws {
        let server = try FileGitServer()
        let world = try world(server)
        let clone = try world.writer("a")
        let bundles = try world.bundles(in: clone)
        let (post, other) = (bundles[0], bundles[1])
        try world.append("\nA new paragraph.\n", to: "\(clone)/\(post)/index.md")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: "\(clone)/\(post)/new-photo.jpg"))
        try FileManager.default.removeItem(atPath: "\(clone)/\(post)/image-1.jpg")
        try world.append("\nunfinished thought\n", to: "\(clone)/\(other)/index.md")
        try "scratch".write(toFile: clone + "/notes.txt", atomically: true, encoding: .utf8)
        try world.git("add", "notes.txt", in: clone)  // staged elsewhere: still not part of the post's commit

        let (result, events) = try await world.publish(clone, paths: [post + "/"], message: "Publish: First")
        XCTAssertEqual(result.pushedCommits, 1)
        let sent = events.compactMap {
            if case .sending(let progress) = $0 { return progress }; return nil
        }
        XCTAssertFalse(sent.isEmpty, "push progress is reported")
        XCTAssertTrue(
            sent.allSatisfy { $0.bytes == nil && $0.bytesPerSecond == nil },
            "a push on this machine copies objects and sends no pack: no byte count (libgit2 said 4 bytes): \(sent)")
        let committed = events.compactMap {
            if case .committed(let outcome) = $0 { return outcome }; return nil
        }.first
        XCTAssertEqual(
            committed?.files, ["\(post)/image-1.jpg", "\(post)/index.md", "\(post)/new-photo.jpg"],
            "the changed files (a deletion included), known without a tree diff")
        let files = try world.git("show", "--name-status", "--format=", "main", in: world.remote)
        XCTAssertEqual(
            files.split(separator: "\n").sorted(),
            [
                "A\t\(post)/new-photo.jpg", "D\t\(post)/image-1.jpg", "M\t\(post)/index.md",
            ])
        XCTAssertEqual(
            try world.git("log", "-1", "--format=%s %an <%ae>", "main", in: world.remote),
            "Publish: First Test Writer <writer@example.test>")
        let status = try world.git("status", "--porcelain", in: clone)
        XCTAssertEqual(Set(status.split(separator: "\n")), ["A  notes.txt", " M \(other)/index.md"])
        XCTAssertEqual(
            try world.git("rev-parse", "HEAD", in: clone), try world.git("rev-parse", "main", in: world.remote))
        XCTAssertEqual(
            try world.git("rev-parse", "origin/main", in: clone), try world.git("rev-parse", "HEAD", in: clone),
            "the remote-tracking branch follows the push")
        let repoStatus = try Repository.open(at: clone).status()
        XCTAssertEqual(repoStatus.unpushed, [])
        XCTAssertEqual(repoStatus.head, .branch("main"))
        XCTAssertEqual(repoStatus.upstream, "origin/main")
    }

    func testNothingChangedMakesNoCommit() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        let before = try world.git("rev-parse", "HEAD", in: clone)
        let (result, _) = try await world.publish(clone, paths: [try world.bundles(in: clone)[0]])
        XCTAssertNil(result.commit)
        XCTAssertEqual(result.pushedCommits, 0)
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: clone), before)
    }

    func testDivergedRemoteIsRebasedAndBothChangesLand() async throws {
        let server = try GitDaemonServer()
        let world = try world(server)
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let bundles = try world.bundles(in: mine)
        try world.append("\ntheirs\n", to: "\(theirs)/\(bundles[2])/index.md")
        try world.git("commit", "-qam", "Their change", in: theirs)
        try world.git("push", "-q", "origin", "main", in: theirs)
        try world.append("\nmine\n", to: "\(mine)/\(bundles[0])/index.md")
        try world.append("\nstill editing\n", to: "\(mine)/\(bundles[1])/index.md")

        let (result, events) = try await world.publish(mine, paths: [bundles[0]], message: "Publish: Mine")
        XCTAssertEqual(result.rebasedCommits, 1)
        XCTAssertTrue(events.contains(.rebased(commits: 1, onto: "origin/main")))
        XCTAssertEqual(
            try world.git("log", "--format=%s", "-2", "main", in: world.remote), "Publish: Mine\nTheir change")
        XCTAssertEqual(
            try world.git("rev-list", "--merges", "--count", "main", in: world.remote), "0", "history stays linear")
        XCTAssertEqual(
            try world.git("rev-parse", "HEAD", in: mine), try world.git("rev-parse", "main", in: world.remote))
        XCTAssertEqual(
            result.commit?.commit.id, try world.git("rev-parse", "HEAD", in: mine),
            "the replayed commit's id is reported")
        XCTAssertTrue(
            try String(contentsOfFile: "\(mine)/\(bundles[2])/index.md", encoding: .utf8).hasSuffix("\ntheirs\n"),
            "their change is in the work tree")
        XCTAssertEqual(
            try world.git("status", "--porcelain", in: mine), " M \(bundles[1])/index.md", "other edits untouched")
    }

    /// A server that accepts forced pushes (GitHub's default on an unprotected branch; the test
    /// servers refuse them, which would hide one): a diverged remote is still rebased onto, over
    /// libgit2's push (git://) and the thin push (file://), and the co-author's commit stays.
    func testAServerThatAcceptsForcePushesIsNeverForced() async throws {
        for server in [try GitDaemonServer() as GitServer, try FileGitServer()] {
            defer { server.stop() }
            let world = try world(server)
            try home.git(["config", "receive.denyNonFastForwards", "false"], in: world.remote)
            let mine = try world.writer("mine"), theirs = try world.writer("theirs")
            let bundles = try world.bundles(in: mine)
            try world.append("\ntheirs\n", to: "\(theirs)/\(try bundles.at(2))/index.md")
            try world.git("commit", "-qam", "Their change", in: theirs)
            try world.git("push", "-q", "origin", "main", in: theirs)
            try world.append("\nmine\n", to: "\(mine)/\(try bundles.at(0))/index.md")
            let (result, _) = try await world.publish(mine, paths: [try bundles.at(0)], message: "Publish: Mine")
            XCTAssertEqual(result.rebasedCommits, 1, "\(server)")
            XCTAssertEqual(
                try world.git("log", "--format=%s", "-2", "main", in: world.remote), "Publish: Mine\nTheir change",
                "\(server)")
        }
    }

    func testSameLineConflictKeepsOurCommitAndTheRemoteUntouched() async throws {
        let server = try GitDaemonServer()
        let world = try world(server)
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let post = try world.bundles(in: mine)[0] + "/index.md"
        func rewriteTitle(_ clone: String, _ title: String) throws {
            let path = "\(clone)/\(post)"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.hasPrefix("title:") ? "title: \"\(title)\"" : String($0)
            }
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        try rewriteTitle(theirs, "Their Title")
        try world.git("commit", "-qam", "Their title", in: theirs)
        try world.git("push", "-q", "origin", "main", in: theirs)
        let remoteBefore = try world.git("rev-parse", "main", in: world.remote)
        try rewriteTitle(mine, "My Title")

        let error = await expectGitError { _ = try await world.publish(mine, paths: [post], message: "Publish: Mine") }
        XCTAssertEqual(error?.kind, .conflict)
        XCTAssertEqual(error?.paths, [post])
        XCTAssertEqual(try world.git("rev-parse", "main", in: world.remote), remoteBefore, "the remote is untouched")
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", in: mine), "Publish: Mine", "our commit is kept")
        XCTAssertTrue(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8).contains("title: \"My Title\""))
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: mine + "/.git/rebase-merge"), "no rebase left in progress")
        XCTAssertFalse(FileManager.default.fileExists(atPath: mine + "/.git/rebase-apply"))
        let status = try Repository.open(at: mine).status()
        XCTAssertEqual(status.pending, PendingOperation.none)
        XCTAssertEqual(status.ahead, 1)
        XCTAssertEqual(status.behind, 1)
    }

    func testConflictCanBeResolvedThroughTheRebaseAPI() async throws {
        let world = try world(try FileGitServer())
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let post = try world.bundles(in: mine)[0] + "/index.md"
        try world.append("\ntheir ending\n", to: "\(theirs)/\(post)")
        try world.git("commit", "-qam", "Theirs", in: theirs)
        try world.git("push", "-q", "origin", "main", in: theirs)
        try world.append("\nmy ending\n", to: "\(mine)/\(post)")
        try world.git("commit", "-qam", "Mine", in: mine)
        try world.git("fetch", "-q", in: mine)

        let repository = try Repository.open(at: mine)
        let rebase = try Rebase(
            repository: repository, upstreamRef: "refs/remotes/origin/main", environment: home.environment)
        guard case .conflicts(let files) = try rebase.run() else { return XCTFail("expected a conflict") }
        XCTAssertEqual(files.map(\.path), [post])
        let file = try XCTUnwrap(files.first)
        XCTAssertTrue(String(decoding: try XCTUnwrap(file.local), as: UTF8.self).hasSuffix("my ending\n"))
        XCTAssertTrue(String(decoding: try XCTUnwrap(file.remote), as: UTF8.self).hasSuffix("their ending\n"))
        XCTAssertNotNil(file.base)
        try rebase.resolve(path: post, contents: try XCTUnwrap(file.local))
        XCTAssertEqual(try rebase.continue(), .done)
        let head = try rebase.finish()
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: mine), head)
        XCTAssertEqual(try world.git("log", "--format=%s", "-2", in: mine), "Mine\nTheirs")
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "")
        XCTAssertTrue(try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8).hasSuffix("my ending\n"))
    }

    func testHookRefusalIsShownVerbatimAndTheCommitKept() async throws {
        let server = try GitDaemonServer()
        let world = try world(server)
        let hook = world.remote + "/hooks/pre-receive"
        try "#!/bin/sh\necho 'Publishing is frozen until Monday.' >&2\nexit 1\n".write(
            toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[0]
        try world.append("\nmore\n", to: "\(clone)/\(post)/index.md")
        let remoteBefore = try world.git("rev-parse", "main", in: world.remote)

        let error = await expectGitError {
            _ = try await world.publish(clone, paths: [post], message: "Publish: Frozen")
        }
        XCTAssertEqual(error?.kind, .rejectedByRemote)
        XCTAssertTrue(error?.message.contains("pre-receive hook declined") ?? false, error?.message ?? "")
        XCTAssertTrue(
            error?.remoteMessages.contains { $0.contains("Publishing is frozen until Monday.") } ?? false,
            "\(error?.remoteMessages ?? [])")
        XCTAssertEqual(try world.git("rev-parse", "main", in: world.remote), remoteBefore)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", in: clone), "Publish: Frozen")
        XCTAssertEqual(try Repository.open(at: clone).status().unpushed.map(\.summary), ["Publish: Frozen"])
    }

    func testServerDownKeepsTheCommitAndTheNextPublishPushesIt() async throws {
        let server = try GitDaemonServer()
        let world = try world(server)
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[0]
        try world.append("\noffline words\n", to: "\(clone)/\(post)/index.md")
        server.stop()
        let error = await expectGitError {
            _ = try await world.publish(clone, paths: [post], message: "Publish: Offline")
        }
        XCTAssertEqual(error?.kind, .networkUnreachable, error?.message ?? "")
        XCTAssertEqual(try Repository.open(at: clone).status().unpushed.map(\.summary), ["Publish: Offline"])

        try server.start()
        let (result, _) = try await world.publish(clone, paths: [])
        XCTAssertNil(result.commit)
        XCTAssertEqual(result.pushedCommits, 1)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Publish: Offline")
        XCTAssertEqual(try Repository.open(at: clone).status().unpushed, [])
    }

    func testOverSSH() async throws {
        try requireProgram("sshd")
        let server = try SSHServer()
        defer { server.stop() }
        try server.trust(in: home)
        let world = try world(server)
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[3]
        try world.append("\nvia ssh\n", to: "\(clone)/\(post)/index.md")
        let (result, events) = try await world.publish(clone, paths: [post], message: "Publish: SSH")
        XCTAssertEqual(result.pushedCommits, 1)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Publish: SSH")
        XCTAssertTrue(
            events.contains {
                if case .sending(let progress) = $0 { return (progress.bytes ?? 0) > 0 }; return false
            },
            "push progress with the pack's bytes is reported")
    }

    func testOverSmartHTTP() async throws {
        let server = try SmartHTTPServer()
        defer { server.stop() }
        let world = try world(server)
        let clone = try world.writer("a")
        let post = try world.bundles(in: clone)[4]
        try world.append("\nvia http\n", to: "\(clone)/\(post)/index.md")
        let (result, _) = try await world.publish(clone, paths: [post], message: "Publish: HTTP")
        XCTAssertEqual(result.pushedCommits, 1)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Publish: HTTP")
    }

    func testFirstPostInAnEmptyRepository() async throws {
        let world = try world(try FileGitServer(), empty: true)
        let clone = try world.writer("a")
        XCTAssertEqual(try Repository.open(at: clone).headState(), .unborn("main"))
        try FileManager.default.createDirectory(
            atPath: clone + "/content/posts/hello", withIntermediateDirectories: true)
        try "---\ntitle: Hello\n---\nFirst!\n".write(
            toFile: clone + "/content/posts/hello/index.md", atomically: true, encoding: .utf8)
        try "baseURL = '/'\n".write(toFile: clone + "/hugo.toml", atomically: true, encoding: .utf8)
        let (result, _) = try await world.publish(clone, paths: ["content/posts/hello"], message: "Publish: Hello")
        XCTAssertEqual(result.pushedCommits, 1)
        XCTAssertEqual(
            try world.git("ls-tree", "-r", "--name-only", "main", in: world.remote), "content/posts/hello/index.md")
        XCTAssertEqual(
            try world.git("config", "branch.main.merge", in: clone), "refs/heads/main", "upstream remembered")
        XCTAssertEqual(try world.git("status", "--porcelain", in: clone), "?? hugo.toml")
    }

    func testDetachedHeadIsRefusedClearly() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        try world.git("checkout", "-q", "--detach", "HEAD~1", in: clone)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nx\n", to: "\(clone)/\(post)/index.md")
        let error = await expectGitError { _ = try await world.publish(clone, paths: [post]) }
        XCTAssertEqual(error?.kind, .unsupportedState)
        XCTAssertTrue(error?.message.contains("git switch") ?? false, error?.message ?? "")
        XCTAssertEqual(try world.git("status", "--porcelain", in: clone), " M \(post)/index.md")
    }

    func testMissingIdentityIsExplained() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        let nobody = try TemporaryDirectory(prefix: "nb-nobody")
        defer { nobody.remove(); GitLibrary.setGlobalConfigDirectory(home.path) }
        GitLibrary.setGlobalConfigDirectory(nobody.path)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nx\n", to: "\(clone)/\(post)/index.md")
        let before = try world.git("rev-parse", "HEAD", in: clone)
        let error = await expectGitError { _ = try await world.publish(clone, paths: [post]) }
        XCTAssertEqual(error?.kind, .identityMissing)
        XCTAssertTrue(error?.message.contains("git config --global user.name") ?? false)
        XCTAssertEqual(try world.git("rev-parse", "HEAD", in: clone), before)
    }

    func testPendingMergeIsRefused() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        let head = try world.git("rev-parse", "HEAD", in: clone)
        try head.write(toFile: clone + "/.git/MERGE_HEAD", atomically: true, encoding: .utf8)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nx\n", to: "\(clone)/\(post)/index.md")
        let error = await expectGitError { _ = try await world.publish(clone, paths: [post]) }
        XCTAssertEqual(error?.kind, .unsupportedState)
        XCTAssertTrue(error?.message.contains("merge is in progress") ?? false, error?.message ?? "")
    }

    func testNoRemoteCommitsAndSaysSo() async throws {
        let world = try world(try FileGitServer())
        let clone = try world.writer("a")
        try world.git("remote", "remove", "origin", in: clone)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nx\n", to: "\(clone)/\(post)/index.md")
        let error = await expectGitError {
            _ = try await world.publish(clone, paths: [post], message: "Publish: Local")
        }
        XCTAssertEqual(error?.kind, .unsupportedState)
        XCTAssertTrue(error?.message.contains("git remote add") ?? false)
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", in: clone), "Publish: Local", "the commit is kept")
        XCTAssertNil(try Repository.open(at: clone).status().remote)
    }
}

/// Resolving a conflict by hand: the markers git would write, and a resolution with new content.
final class ConflictByHandTests: XCTestCase {
    func testMarkersAndAHandWrittenResolutionArePublished() async throws {
        let home = try TestHome()
        defer { home.remove() }
        let world = try PublishWorld(server: try FileGitServer(), home: home)
        defer { world.remove() }
        let mine = try world.writer("mine"), theirs = try world.writer("theirs")
        let post = try world.bundles(in: mine)[0] + "/index.md"
        try world.append("\ntheir ending\n", to: "\(theirs)/\(post)")
        try world.git("commit", "-qam", "Theirs", in: theirs)
        try world.git("push", "-q", in: theirs)
        try world.append("\nmy ending\n", to: "\(mine)/\(post)")
        let error = await expectGitError { _ = try await world.publish(mine, paths: [post], message: "Publish: Mine") }
        XCTAssertEqual(error?.kind, .conflict)
        let files = try Publisher.conflictingFiles(repositoryAt: mine)
        XCTAssertEqual(files.map(\.path), [post])
        let marked = try XCTUnwrap(files.first).textWithMarkers()
        XCTAssertTrue(marked.contains("<<<<<<< mine\nmy ending\n=======\ntheir ending\n>>>>>>> remote"), marked)
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "", "looking changed nothing")
        let resolved = marked.replacingOccurrences(
            of: "<<<<<<< mine\nmy ending\n=======\ntheir ending\n>>>>>>> remote", with: "both endings")
        let operation = Publisher.publish(
            repositoryAt: mine,
            .init(
                paths: [], message: "",
                resolveConflicts: .files([post: .content(Data(resolved.utf8))])),
            options: RemoteOptions(environment: home.environment))
        for try await _ in operation.events {}
        XCTAssertEqual(try world.git("show", "main:\(post)", in: world.remote) + "\n", resolved)
        XCTAssertEqual(
            try String(contentsOfFile: "\(mine)/\(post)", encoding: .utf8), resolved, "the work tree has the resolution"
        )
        XCTAssertEqual(try world.git("status", "--porcelain", in: mine), "")
    }
}

/// A push to a server that wants a password asks for it with the remote's real URL (so
/// credential helpers can find what they stored), once.
final class PushCredentialTests: XCTestCase {
    final class Recorder: CredentialProvider, @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String] = []
        var asked: [String] { lock.withLock { urls } }
        func credential(for url: String, username: String?) -> HTTPCredential? {
            lock.withLock { urls.append(url) }
            return HTTPCredential(username: "writer", password: "s3cret")
        }
        func approve(_ credential: HTTPCredential, for url: String) {}
        func reject(_ credential: HTTPCredential, for url: String) {}
        var description: String { "a test recorder" }
    }

    func testThePushAsksWithTheRemoteURL() async throws {
        let home = try TestHome()
        defer { home.remove() }
        let server = try SmartHTTPServer(credentials: (user: "writer", password: "s3cret"))
        defer { server.stop() }
        let world = try PublishWorld(server: server, home: home)
        defer { world.remove() }
        let clone = world.work.appending("a")
        let withPassword = server.url(for: "blog").replacingOccurrences(of: "http://", with: "http://writer:s3cret@")
        try home.git(["clone", "--quiet", withPassword, clone])
        try home.git(["remote", "set-url", "origin", server.url(for: "blog")], in: clone)
        let post = try world.bundles(in: clone)[0]
        try world.append("\nwith a password\n", to: "\(clone)/\(post)/index.md")
        let recorder = Recorder()
        let operation = Publisher.publish(
            repositoryAt: clone, .init(paths: [post], message: "Publish: auth"),
            options: RemoteOptions(credentials: recorder, environment: home.environment))
        for try await _ in operation.events {}
        XCTAssertEqual(try world.git("log", "-1", "--format=%s", "main", in: world.remote), "Publish: auth")
        XCTAssertEqual(recorder.asked.count, 1, "asked once: \(recorder.asked)")
        XCTAssertTrue(
            recorder.asked.allSatisfy { $0.hasPrefix(server.url(for: "blog").components(separatedBy: "/blog")[0]) },
            "\(recorder.asked)")
    }
}
