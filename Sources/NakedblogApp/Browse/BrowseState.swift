import Blog
import Foundation

/// The post browser: the site's posts, filtered, sectioned and sorted.
public struct BrowseState: Sendable {
    public enum Sort: String, Sendable { case date, title }

    /// The site's posts; setting them works out what the browser keeps about them (drafts,
    /// repeated titles). `adopt` takes posts with that work already done off the loop.
    public var posts: [Post] = [] {
        didSet {
            guard !adopting else { return }
            draftCount = posts.indices.reduce(0) { $0 + (posts[$1].draft ? 1 : 0) }
            haystacks = nil
            lowerTitles = nil
            titleKeys = nil
            repeatedTitles = Self.repeatedTitles(in: posts)
        }
    }
    private var adopting = false
    /// Titles (with their language) that more than one post has: the browser shows those posts'
    /// file or bundle names beside them, so they can be told apart.
    public private(set) var repeatedTitles: Set<String> = []

    /// The key `repeatedTitles` holds for a post.
    static func titleKey(_ post: Post) -> String { post.lang + "\u{0}" + (post.title.isEmpty ? post.slug : post.title) }

    static func repeatedTitles(in posts: [Post]) -> Set<String> {
        var seen = Set<String>(minimumCapacity: posts.count), repeated = Set<String>()
        for post in posts where !seen.insert(titleKey(post)).inserted { repeated.insert(titleKey(post)) }
        return repeated
    }

    /// Whether another post in the same language has `post`'s title.
    public func hasRepeatedTitle(_ post: Post) -> Bool {
        !repeatedTitles.isEmpty && repeatedTitles.contains(Self.titleKey(post))
    }
    /// Each post's lower-cased title, slug and tags: made on the first filtering after the posts
    /// change, not on every keystroke of the filter.
    private var haystacks: [String]?
    /// Each post's lower-cased title, for ranking matches: made with `haystacks`.
    private var lowerTitles: [String]?
    /// Each post's `TitleOrder` key: made on the first sort by title after the posts change.
    private var titleKeys: [String]?
    /// Drafts among `posts` (counted when they change, not on every frame).
    public private(set) var draftCount = 0
    public var problems: [ContentError] = []
    public var loading = true
    public var sort: Sort = .date
    /// nil: every section.
    public var section: String?
    public var filter = ""
    public var filtering = false
    /// The filter shown selected (opened again with the last query): the first key replaces it.
    public var filterSelected = false
    /// The posts whose text matches a `?text` filter, for that text (the effect runner searches).
    public var textMatches: (query: String, paths: Set<String>)?

    /// The text a `?` filter searches the posts' text for ("" when the filter is not one).
    public var textQuery: String {
        filter.hasPrefix("?") ? filter.dropFirst().trimmingCharacters(in: .whitespaces) : ""
    }
    /// Indices into `posts`, in display order (recomputed by `refilter`).
    public private(set) var visible: [Int] = []
    public var selected = 0
    /// A post to select once the list is read again (one that moved, e.g. a Jekyll draft made a post).
    public var selectAfterLoad: String?
    public var top = 0

    public init() {}

    /// The selected post, if any is visible.
    public var selectedPost: Post? {
        guard !visible.isEmpty else { return nil }
        let index = visible[min(selected, visible.count - 1)]
        return posts.indices.contains(index) ? posts[index] : nil
    }

    public var sections: [String] { Array(Set(posts.map(\.section))).sorted() }

    /// What decides `visible`: the section, the filter and the order.
    public struct Criteria: Sendable, Equatable {
        public var section: String?
        public var filter = ""
        public var sort: Sort = .date
        public init(section: String? = nil, filter: String = "", sort: Sort = .date) {
            self.section = section
            self.filter = filter
            self.sort = sort
        }
    }

    public var criteria: Criteria { Criteria(section: section, filter: filter, sort: sort) }

    /// A browser list made off the loop for `criteria`: the posts, what is known about them and
    /// the order shown (a 20,000-post site took ~35 ms of the loop to work these out).
    public static func prepared(_ index: PostIndex, for criteria: Criteria = Criteria()) -> BrowseState {
        var browse = BrowseState()
        browse.section = criteria.section
        browse.filter = criteria.filter
        browse.sort = criteria.sort
        browse.posts = index.posts
        browse.problems = index.problems
        browse.refilter()
        return browse
    }

    /// Takes the posts of a list `prepared` off the loop, keeping this one's selection (by
    /// path), scroll and filtering; the order comes with them unless the criteria changed since.
    public mutating func adopt(_ listing: BrowseState, keeping path: String? = nil) {
        let keep = path ?? selectedPost?.path
        adopting = true
        posts = listing.posts
        adopting = false
        problems = listing.problems
        draftCount = listing.draftCount
        repeatedTitles = listing.repeatedTitles
        haystacks = listing.haystacks
        lowerTitles = listing.lowerTitles
        titleKeys = listing.titleKeys
        guard listing.criteria == criteria else { return refilter(keeping: keep) }
        visible = listing.visible
        select(keep)
    }

    /// Selects the post at `path` when it is visible, else keeps the position within the list.
    public mutating func select(_ path: String?) {
        if let path, let position = visible.firstIndex(where: { posts[$0].path == path }) {
            selected = position
        } else {
            selected = min(selected, max(0, visible.count - 1))
        }
    }

    /// Recomputes `visible` from the posts, section, filter and sort, keeping the selected post
    /// selected when it is still visible.
    public mutating func refilter(keeping path: String? = nil) {
        let keep = path ?? selectedPost?.path
        let textQuery = self.textQuery
        // `?text`: the posts whose text has it, once the search has answered for this text.
        let textPaths: Set<String>? =
            textQuery.isEmpty ? nil : (textMatches?.query == textQuery ? textMatches?.paths : [])
        let words = filter.hasPrefix("?") ? [] : filter.lowercased().split(separator: " ").map(String.init)
        var result: [Int] = []
        result.reserveCapacity(posts.count)
        // By index: binding each post copied (retained) all of its fields.
        if !words.isEmpty && haystacks == nil {
            haystacks = posts.indices.map { Self.haystack(posts[$0]) }
            lowerTitles = posts.indices.map {
                (posts[$0].title.isEmpty ? posts[$0].lead ?? "" : posts[$0].title).lowercased()
            }
        }
        for index in posts.indices {
            if let section, posts[index].section != section { continue }
            if let haystacks, !words.isEmpty, !words.allSatisfy({ haystacks[index].contains($0) }) { continue }
            if let textPaths, !textPaths.contains(posts[index].path) { continue }
            result.append(index)
        }
        switch sort {
        case .date:
            // Keys first: comparing whole posts copied (retained) every field of both at each
            // comparison, 300,000 comparisons for 20,000 posts.
            // The index keeps posts newest first already: only runs of equal dates may need
            // reordering (by title as people read it), so sort those runs alone when the rest is in order.
            let keys = result.map { posts[$0].date?.date.timeIntervalSince1970 ?? -.infinity }
            if zip(keys, keys.dropFirst()).allSatisfy({ $0 >= $1 }) {
                var start = 0
                while start < result.count {
                    var end = start + 1
                    while end < result.count && keys[end] == keys[start] { end += 1 }
                    if end - start > 1 {
                        result[start..<end].sort { TitleOrder.precedes(posts[$0].title, posts[$1].title) }
                    }
                    start = end
                }
            } else {
                var order = Array(result.indices)
                order.sort { a, b in
                    if keys[a] != keys[b] { return keys[a] > keys[b] }
                    return TitleOrder.precedes(posts[result[a]].title, posts[result[b]].title)
                }
                result = order.map { result[$0] }
            }
        case .title:
            if titleKeys == nil { titleKeys = posts.indices.map { TitleOrder.key(posts[$0].title) } }
            let keys = titleKeys ?? []
            result.sort { a, b in
                if keys[a] != keys[b] { return keys[a] < keys[b] }
                return posts[a].title != posts[b].title
                    ? posts[a].title < posts[b].title : posts[a].path < posts[b].path
            }
        }
        if !words.isEmpty, let lowerTitles { result = Self.ranked(result, query: filter, titles: lowerTitles) }
        visible = result
        select(keep)
    }

    /// What the filter searches in a post: title, slug, tags, categories, date (`2026-11-20`), path.
    static func haystack(_ post: Post) -> String {
        var parts = [post.title, post.lead ?? "", post.slug]
        parts += post.tags
        parts += post.categories
        if let date = post.date { parts.append(String(date.text.prefix(10))) }
        parts.append(post.path)
        return parts.joined(separator: " ").lowercased()
    }

    /// `visible` with the title matches first: the exact title, then titles that start with the
    /// query, then titles with every word, then the rest (each group in the list's order).
    /// `titles`: every post's lower-cased title (made once, not on every keystroke of the filter).
    static func ranked(_ visible: [Int], query: String, titles: [String]) -> [Int] {
        let query = query.lowercased().trimmingCharacters(in: .whitespaces)
        let words = query.split(separator: " ")
        func rank(_ index: Int) -> Int {
            let title = titles[index]
            if title == query { return 0 }
            if title.hasPrefix(query) { return 1 }
            if words.allSatisfy({ title.contains($0) }) { return 2 }
            return 3
        }
        var groups: [[Int]] = [[], [], [], []]
        for index in visible { groups[rank(index)].append(index) }
        return groups.flatMap { $0 }
    }

    /// Moves the selection by `delta` (clamped) and keeps it within a page of `height` rows.
    public mutating func move(by delta: Int, height: Int) {
        guard !visible.isEmpty else { return }
        selected = max(0, min(visible.count - 1, selected + delta))
        scroll(height: height)
    }

    public mutating func scroll(height: Int) {
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        top = max(0, min(top, max(0, visible.count - height)))
    }
}
