import Foundation
import TestSupport
import XCTest

@testable import GitOps

/// A remote served on 127.0.0.1 and writers (clones made with the git CLI) that publish to it.
final class PublishWorld {
    let home: TestHome
    let work: TemporaryDirectory
    let server: GitServer
    let remote: String
    let fixture: BlogFixture

    init(server: GitServer, home: TestHome, posts: Int = 6, empty: Bool = false) throws {
        self.home = home
        self.server = server
        work = try TemporaryDirectory(prefix: "nb-publish")
        fixture = try BlogFixture.make(.init(posts: posts, imagesPerPost: 1, imageBytes: 2_000, commits: 3))
        remote = try server.createRepository(named: "blog", from: empty ? nil : fixture.path)
        GitLibrary.setGlobalConfigDirectory(home.path)
    }

    /// A fresh clone named `name` (through the server's URL).
    func writer(_ name: String) throws -> String {
        let path = work.appending(name)
        try home.git(["clone", "--quiet", server.url(for: "blog"), path])
        return path
    }

    /// The post bundles in the fixture, sorted.
    func bundles(in clone: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: clone + "/content/posts").sorted().map {
            "content/posts/" + $0
        }
    }

    /// A publish or sync whose events ended without its result: a failure, never a skip.
    struct NoResult: Error, CustomStringConvertible {
        let events: [String]
        var description: String { "the operation's events ended without .finished (last: \(events.suffix(3)))" }
    }

    /// Runs a publish to the end; returns its events or throws its error.
    func publish(
        _ clone: String, paths: [String], message: String = "Publish: test", push: Bool = true,
        all: Bool = false
    ) async throws -> (PublishResult, [PublishEvent]) {
        let operation = Publisher.publish(
            repositoryAt: clone, .init(paths: paths, all: all, message: message, push: push),
            options: RemoteOptions(environment: home.environment))
        var events: [PublishEvent] = []
        for try await event in operation.events { events.append(event) }
        guard case .finished(let result)? = events.last else { throw NoResult(events: events.map { "\($0)" }) }
        return (result, events)
    }

    func sync(_ clone: String) async throws -> PublishResult {
        let operation = Publisher.sync(repositoryAt: clone, options: RemoteOptions(environment: home.environment))
        var last: PublishEvent?
        for try await event in operation.events { last = event }
        guard case .finished(let result)? = last else { throw NoResult(events: last.map { ["\($0)"] } ?? []) }
        return result
    }

    /// `git` in `directory`.
    @discardableResult
    func git(_ arguments: String..., in directory: String) throws -> String {
        try home.git(arguments, in: directory)
    }

    func append(_ text: String, to file: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: file))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    func remove() { work.remove() }
}

/// An ssh command (for GIT_SSH_COMMAND) that passes both directions through a throttle of
/// about 0.8 MB/s; its processes carry "nakedblog-throttle" in their command line.
func throttledSSH(home: TestHome, in directory: TemporaryDirectory) throws -> String {
    let path = directory.appending("slow-ssh")
    let slow =
        "python3 -c 'import sys,time\nwhile True:\n d=sys.stdin.buffer.read1(16384)\n if not d: break\n sys.stdout.buffer.write(d); sys.stdout.buffer.flush(); time.sleep(0.02)' nakedblog-throttle"
    try """
    #!/bin/sh
    \(slow) | \(home.sshCommand.map(TestHome.shellQuote).joined(separator: " ")) "$@" | \(slow)
    """.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return path
}

/// Expects `body` to throw a `GitError`; returns it.
func expectGitError(_ body: () async throws -> Void, file: StaticString = #filePath, line: UInt = #line) async
    -> GitError?
{
    do {
        try await body()
        XCTFail("expected a GitError", file: file, line: line)
    } catch let error as GitError {
        return error
    } catch {
        XCTFail("expected a GitError, got \(error)", file: file, line: line)
    }
    return nil
}
