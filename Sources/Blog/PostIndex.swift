import Foundation

/// Every post of a site, read in parallel, and refreshed file by file after changes.
public struct PostIndex: Sendable {
    public let site: Site
    /// Posts, newest first (undated last), then by title.
    public private(set) var posts: [Post]
    /// Files and directories that could not be read; the rest of the site is still listed.
    public private(set) var problems: [ContentError]

    /// Scans and reads the whole site.
    public static func build(_ site: Site) -> PostIndex {
        let (results, scanProblems) = ContentScanner(site: site).scan { location -> Result<Post, ContentError> in
            do throws(ContentError) { return .success(try PostReader.read(location, site: site)) } catch { return .failure(error) }
        }
        var posts: [Post] = []
        var problems = scanProblems
        posts.reserveCapacity(results.count)
        for result in results {
            switch result {
            case .success(let post): posts.append(post)
            case .failure(let error): problems.append(error)
            }
        }
        var index = PostIndex(site: site, posts: posts, problems: problems)
        index.finish()
        return index
    }

    /// Re-reads only the given site-root-relative paths (changed, added or deleted files).
    public mutating func refresh(paths: [String]) {
        let scanner = ContentScanner(site: site)
        for path in paths {
            posts.removeAll { $0.path == path }
            problems.removeAll { $0.file == path }
            guard FileManager.default.fileExists(atPath: site.absolute(path)), let location = scanner.location(of: path) else { continue }
            do { posts.append(try PostReader.read(location, site: site)) } catch { problems.append(error) }
        }
        finish()
    }

    /// Stats every known post and re-reads those whose file changed or vanished.
    public mutating func refreshChanged() {
        let changed = posts.filter { FileStamp.of(site.absolute($0.path)) != $0.stamp }.map(\.path)
        if !changed.isEmpty { refresh(paths: changed) }
    }

    /// The post at a site-root-relative path.
    public func post(at path: String) -> Post? { posts.first { $0.path == path } }

    /// Sections that have posts, sorted.
    public var sections: [String] { Array(Set(posts.map(\.section))).sorted() }

    private mutating func finish() {
        posts.sort { a, b in
            switch (a.date, b.date) {
            case let (x?, y?) where x.date != y.date: return x.date > y.date
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (a.title, a.path) < (b.title, b.path)
            }
        }
        var groups: [String: [String]] = [:]
        for post in posts { groups[post.section + "\u{0}" + post.translationKey, default: []].append(post.path) }
        for i in posts.indices {
            posts[i].translations = groups[posts[i].section + "\u{0}" + posts[i].translationKey, default: []].filter { $0 != posts[i].path }
        }
        problems.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
    }
}

/// Maps over an array on all cores, keeping order.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 64 else { return items.map(transform) }
        let buffer = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        buffer.initialize(repeating: nil)
        defer { buffer.deallocate() }
        nonisolated(unsafe) let output = buffer
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = (items.count + workers - 1) / workers
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let start = worker * chunk
            let end = min(items.count, start + chunk)
            guard start < end else { return }
            for i in start..<end { output[i] = transform(items[i]) }
        }
        return buffer.map { $0! }
    }
}
