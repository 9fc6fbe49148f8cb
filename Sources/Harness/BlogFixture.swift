import Foundation

/// Generated Hugo blogs of N page bundles in a git repository, for tests and benchmarks.
///
/// Made with `git fast-import` (a 2,000-post blog with images takes seconds), deterministic for
/// a given spec, and cached between runs under `$NAKEDBLOG_FIXTURE_CACHE` (default
/// `~/.cache/nakedblog/fixtures`). Callers must not modify the cached repository: clone it.
public struct BlogFixture: Sendable {
    /// What to generate.
    public struct Spec: Sendable, Hashable {
        public var posts: Int
        /// Images per post (each an incompressible file of `imageBytes`).
        public var imagesPerPost: Int
        public var imageBytes: Int
        /// How many commits the posts are spread over.
        public var commits: Int
        public var seed: UInt64

        public init(posts: Int, imagesPerPost: Int = 0, imageBytes: Int = 40_000, commits: Int = 30, seed: UInt64 = 1) {
            self.posts = posts
            self.imagesPerPost = imagesPerPost
            self.imageBytes = imageBytes
            self.commits = max(1, commits)
            self.seed = seed
        }

        var cacheKey: String { "v1-p\(posts)-i\(imagesPerPost)x\(imageBytes)-c\(commits)-s\(seed)" }
    }

    /// The repository (with its work tree checked out on `main`).
    public let path: String
    public let spec: Spec

    /// Returns the cached fixture for `spec`, generating it first if needed.
    public static func make(_ spec: Spec) throws -> BlogFixture {
        let cache = cacheDirectory()
        let path = cache + "/" + spec.cacheKey
        if FileManager.default.fileExists(atPath: path + "/.git/nakedblog-fixture-complete") {
            return BlogFixture(path: path, spec: spec)
        }
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let staging = cache + "/.staging-\(spec.cacheKey)-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try generate(spec, at: staging)
        _ = FileManager.default.createFile(atPath: staging + "/.git/nakedblog-fixture-complete", contents: nil)
        if rename(staging, path) != 0
            && !FileManager.default.fileExists(atPath: path + "/.git/nakedblog-fixture-complete")
        {
            throw ShellError(
                command: ["rename", staging, path],
                result: ProcessResult(status: errno, stdout: "", stderr: "rename failed", timedOut: false))
        }
        return BlogFixture(path: path, spec: spec)
    }

    static func cacheDirectory() -> String {
        let env = ProcessInfo.processInfo.environment
        if let dir = env["NAKEDBLOG_FIXTURE_CACHE"], !dir.isEmpty { return dir }
        let base = env["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache"
        return base + "/nakedblog/fixtures"
    }

    static func generate(_ spec: Spec, at path: String) throws {
        try Shell.check(["git", "init", "--quiet", "--initial-branch=main", path])
        let stream = FastImportStream(spec: spec)
        let streamFile = path + ".fast-import"
        try stream.write(to: streamFile)
        defer { try? FileManager.default.removeItem(atPath: streamFile) }
        try Shell.check(
            ["sh", "-c", "git fast-import --quiet < \(TestHome.shellQuote(streamFile))"],
            in: path, timeout: 600)
        try Shell.check(["git", "checkout", "--quiet", "-f", "main"], in: path, timeout: 600)
    }
}
