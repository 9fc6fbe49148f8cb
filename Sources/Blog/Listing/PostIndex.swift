import Foundation

/// Every post of a site, read in parallel, and refreshed file by file after changes.
public struct PostIndex: Sendable {
    public let site: Site
    /// Posts, newest first (undated last), then by title.
    public private(set) var posts: [Post]
    /// Files and directories that could not be read; the rest of the site is still listed.
    public private(set) var problems: [ContentError]

    /// Scans and reads the whole site: each page is read by the worker that finds it (opened
    /// inside its directory), then moved — never copied — into the list, which is sorted in place.
    /// `stamps: false` is for a listing printed once: its posts carry no file stamps, so such an
    /// index must not be refreshed.
    /// With `listings`, directories known unchanged are not read again, and what changed is
    /// remembered for next time (see `ListingCache`).
    public static func build(_ site: Site, stamps: Bool = true, listings: consuming ListingCache? = nil) -> PostIndex {
        if case .jekyll(let config) = site.kind {
            var index = buildJekyll(site, config: config, stamps: stamps)
            index.finish()
            return index
        }
        var scanner = ContentScanner(site: site, listings: consume listings)
        var (batches, problems, records) = scanner.scan { location, directory -> Result<Post, ContentError> in
            do throws(ContentError) {
                return .success(try PostReader.read(location, in: directory, site: site, stamps: stamps))
            } catch { return .failure(error) }
        }
        scanner.listings?.save(records)
        scanner.listings = nil  // its records are let go before the posts are gathered (the peak)
        var posts: [Post] = []
        posts.reserveCapacity(batches.reduce(0) { $0 + $1.count })
        // popLast moves each result out; the order does not matter before sorting.
        for batch in batches.indices {
            while let result = batches[batch].popLast() {
                switch consume result {
                case .success(let post): posts.append(post)
                case .failure(let error): problems.append(error)
                }
            }
            batches[batch] = []
        }
        HugoCascade.apply(to: &posts, site: site)
        // Consumed: a second reference to the array made sorting it copy all of it (7 MB for 20,000 posts).
        var index = PostIndex(site: site, posts: consume posts, problems: problems)
        index.finish()
        return index
    }

    /// An index of posts already read and sorted (e.g. what a screen shows), to `refresh`.
    public init(site: Site, posts: [Post], problems: [ContentError]) {
        self.site = site
        self.posts = posts
        self.problems = problems
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
            guard FileManager.default.fileExists(atPath: site.absolute(path)) else { continue }
            do {
                let read: Post?
                if case .jekyll(let config) = site.kind {
                    read = try Self.readJekyll(path, site: site, config: config)
                } else {
                    // Any refreshed file may have become a link: where it leads is checked before it is read.
                    read = try scanner.location(of: path).map { location throws(ContentError) in
                        var location = location
                        location.throughLink = true
                        return try PostReader.read(location, site: site)
                    }
                }
                guard var post = read else { continue }
                var one = [post]
                HugoCascade.apply(to: &one, site: site)
                post = one[0]
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
        link(posts.indices.filter { posts[$0].translationKey == key && posts[$0].section == section })
    }

    /// Makes each of `members` (language variants of one page) list the others' paths.
    private mutating func link(_ members: [Int]) {
        let paths = members.map { posts[$0].path }
        for (member, index) in members.enumerated() {
            posts[index].translations = paths.enumerated().filter { $0.offset != member }.map(\.element)
        }
    }

    /// Drops the posts that lead outside the site (restricted mode neither lists nor opens them).
    public mutating func removeOutsideSite() {
        posts.removeAll(where: \.outsideSite)
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

    /// Sorts the posts, links language variants and orders the problems.
    private mutating func finish() {
        // Sort positions by precomputed keys, then move each post once into its place:
        // sorting the large Post values directly copied (retained and released) every field at
        // every swap, and a sorted copy doubled the memory.
        let keys = posts.map { $0.date?.date.timeIntervalSince1970 ?? .nan }
        var order = Array(posts.indices)
        order.sort { a, b in
            let (x, y) = (keys[a], keys[b])
            if x.isNaN != y.isNaN { return y.isNaN }
            if !x.isNaN && x != y { return x > y }
            return posts[a].title != posts[b].title ? posts[a].title < posts[b].title : posts[a].path < posts[b].path
        }
        Self.permute(&posts, into: order)
        problems.sort { ($0.file, $0.line ?? 0) < ($1.file, $1.line ?? 0) }
        // Jekyll has no language variants (each post's key is its own path).
        guard site.kind.jekyll == nil else { return }
        // Language variants share a section and translation key. Most posts have none: group by a
        // cheap hash of the two, sorted (a dictionary of 20,000 string pairs took 9 ms), and compare
        // the strings only where hashes meet.
        var hashed = posts.indices.map {
            (hash: Self.groupHash(section: posts[$0].section, key: posts[$0].translationKey), index: $0)
        }
        hashed.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
        var start = 0
        while start < hashed.count {
            var end = start + 1
            while end < hashed.count && hashed[end].hash == hashed[start].hash { end += 1 }
            if end - start > 1 {
                var remaining = hashed[start..<end].map(\.index)  // in the posts' order
                while let first = remaining.first {
                    let members = remaining.filter {
                        posts[$0].section == posts[first].section
                            && posts[$0].translationKey == posts[first].translationKey
                    }
                    if members.count > 1 { link(members) }
                    remaining.removeAll { members.contains($0) }
                }
            }
            start = end
        }
    }
}

extension PostIndex {
    /// FNV-1a of a post's section and translation key (equal pairs, equal hashes).
    static func groupHash(section: String, key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in section.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ 0xFF) &* 0x100_0000_01b3  // a byte UTF-8 never holds: ("a", "bc") ≠ ("ab", "c")
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Reorders `items` so that position i holds what was at `order[i]` (a permutation), by
    /// following its cycles and moving each element once (`swapAt` copied and released them).
    static func permute<T>(_ items: inout [T], into order: [Int]) {
        precondition(items.count == order.count)
        var placed = [Bool](repeating: false, count: order.count)
        items.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in order.indices where !placed[start] {
                placed[start] = true
                guard order[start] != start else { continue }
                let held = (base + start).move()
                var position = start
                while order[position] != start {
                    (base + position).moveInitialize(from: base + order[position], count: 1)
                    position = order[position]
                    placed[position] = true
                }
                (base + position).initialize(to: held)
            }
        }
    }
}

extension PostIndex: Equatable {
    /// The same site root and the same posts in the same order (by path and stamp).
    public static func == (a: PostIndex, b: PostIndex) -> Bool {
        a.site.root == b.site.root && a.posts.count == b.posts.count
            && zip(a.posts, b.posts).allSatisfy { $0.path == $1.path && $0.stamp == $1.stamp }
    }
}

extension PostIndex {
    /// The post that `bytes` would be at `path` (a page as last committed, say), read by the
    /// same rules as the listing; nil when no page would be there.
    public static func post(at path: String, bytes: [UInt8], site: Site) -> Post? {
        if case .jekyll(let config) = site.kind {
            guard let candidate = JekyllScanner(root: site.root, config: config).candidate(at: path),
                candidate.kind != .page || JekyllPostReader.startsWithFrontMatterLine(bytes),
                let parts = try? PostReader.parts(of: bytes, file: path)
            else { return nil }
            return JekyllPostReader.post(candidate, parts: parts, config: config, stamp: .unknown, modified: 0)
        }
        guard let location = ContentScanner(site: site).location(of: path),
            let parts = try? PostReader.parts(of: bytes, file: path)
        else { return nil }
        var post = PostReader.post(
            location, format: parts.format, wordCount: parts.wordCount, fields: parts.fields, config: site.config,
            stamp: .unknown)
        post.lead = parts.lead
        return post
    }
}
