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
        var (results, scanProblems) = ContentScanner(site: site).scan { location -> Result<Post, ContentError> in
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
        results = []
        var index = PostIndex(site: site, posts: posts, problems: problems)
        index.finish()
        return index
    }

    /// Re-reads only the given site-root-relative paths (changed, added or deleted files):
    /// each is removed and re-inserted at its sorted place; only its translation group is relinked.
    public mutating func refresh(paths: [String]) {
        let scanner = ContentScanner(site: site)
        var groups: [(section: String, key: String)] = []
        for path in paths {
            if let index = posts.firstIndex(where: { $0.path == path }) {
                groups.append((posts[index].section, posts[index].translationKey))
                posts.remove(at: index)
            }
            problems.removeAll { $0.file == path }
            guard FileManager.default.fileExists(atPath: site.absolute(path)), let location = scanner.location(of: path) else { continue }
            do {
                let post = try PostReader.read(location, site: site)
                groups.append((post.section, post.translationKey))
                let at = insertionIndex(for: post)
                posts.insert(post, at: at)
            } catch {
                problems.append(error)
            }
        }
        for group in groups { relinkTranslations(section: group.section, key: group.key) }
    }

    /// Where `post` goes in the sorted list (binary search).
    private func insertionIndex(for post: Post) -> Int {
        var low = 0, high = posts.count
        while low < high {
            let mid = (low + high) / 2
            if Self.precedes(posts[mid], post) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func relinkTranslations(section: String, key: String) {
        let members = posts.indices.filter { posts[$0].translationKey == key && posts[$0].section == section }
        let paths = members.map { posts[$0].path }
        for index in members { posts[index].translations = paths.filter { $0 != posts[index].path } }
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

    /// Sort order: newest first, undated last, then by title and path.
    static func precedes(_ a: Post, _ b: Post) -> Bool {
        switch (a.date, b.date) {
        case let (x?, y?) where x.date != y.date: return x.date > y.date
        case (nil, _?): return false
        case (_?, nil): return true
        default: return (a.title, a.path) < (b.title, b.path)
        }
    }

    private mutating func finish() {
        // Sort positions by precomputed keys, then move each post once: sorting the large Post
        // values directly copied (retained and released) every field at every swap.
        let keys = posts.map { $0.date?.date.timeIntervalSince1970 }
        let order = posts.indices.sorted { a, b in
            switch (keys[a], keys[b]) {
            case let (x?, y?) where x != y: return x > y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return (posts[a].title, posts[a].path) < (posts[b].title, posts[b].path)
            }
        }
        posts = order.map { posts[$0] }
        var groups: [TranslationGroup: [Int]] = [:]
        for (index, post) in posts.enumerated() { groups[TranslationGroup(section: post.section, key: post.translationKey), default: []].append(index) }
        for members in groups.values where members.count > 1 {
            for index in members { posts[index].translations = members.filter { $0 != index }.map { posts[$0].path } }
        }
        problems.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
    }
}

/// Posts that are language variants of each other.
struct TranslationGroup: Hashable {
    let section: String
    let key: String
}

/// Maps over an array on all cores, keeping order.
enum ParallelMap {
    /// The number of cores (asked once: the question costs a system call).
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Splits `0..<count` into one contiguous share per core and runs `body` on each in parallel;
    /// returns the shares' results in order.
    static func shares<R: Sendable>(_ count: Int, _ body: @Sendable (Range<Int>) -> R) -> [R] {
        let workers = count > 64 ? cores : 1
        let size = (count + workers - 1) / max(1, workers)
        let ranges = (0..<workers).map { min(count, $0 * size)..<min(count, ($0 + 1) * size) }
        if workers == 1 { return [body(0..<count)] }
        return map(ranges, body)
    }

    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let buffer = UnsafeMutableBufferPointer<R?>.allocate(capacity: items.count)
        buffer.initialize(repeating: nil)
        defer { buffer.deallocate() }
        nonisolated(unsafe) let output = buffer
        let workers = cores
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
