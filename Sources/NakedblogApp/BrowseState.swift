import Blog
import Foundation

/// The post browser: the site's posts, filtered, sectioned and sorted.
public struct BrowseState: Sendable {
    public enum Sort: String, Sendable { case date, title }

    public var posts: [Post] = [] {
        didSet { draftCount = posts.reduce(0) { $0 + ($1.draft ? 1 : 0) } }
    }
    /// Drafts among `posts` (counted when they change, not on every frame).
    public private(set) var draftCount = 0
    public var problems: [ContentError] = []
    public var loading = true
    public var sort: Sort = .date
    /// nil: every section.
    public var section: String?
    public var filter = ""
    public var filtering = false
    /// Indices into `posts`, in display order (recomputed by `refilter`).
    public private(set) var visible: [Int] = []
    public var selected = 0
    public var top = 0

    public init() {}

    /// The selected post, if any is visible.
    public var selectedPost: Post? {
        guard !visible.isEmpty else { return nil }
        let index = visible[min(selected, visible.count - 1)]
        return posts.indices.contains(index) ? posts[index] : nil
    }

    public var sections: [String] { Array(Set(posts.map(\.section))).sorted() }

    /// Recomputes `visible` from the posts, section, filter and sort, keeping the selected post
    /// selected when it is still visible.
    public mutating func refilter(keeping path: String? = nil) {
        let keep = path ?? selectedPost?.path
        let words = filter.lowercased().split(separator: " ").map(String.init)
        var result: [Int] = []
        result.reserveCapacity(posts.count)
        for (index, post) in posts.enumerated() {
            if let section, post.section != section { continue }
            if !words.isEmpty {
                let haystack = (post.title + " " + post.slug + " " + post.tags.joined(separator: " ")).lowercased()
                if !words.allSatisfy({ haystack.contains($0) }) { continue }
            }
            result.append(index)
        }
        switch sort {
        case .date:
            result.sort { a, b in
                let (x, y) = (posts[a], posts[b])
                if x.date != y.date { return (x.date?.date.timeIntervalSince1970 ?? -.infinity) > (y.date?.date.timeIntervalSince1970 ?? -.infinity) }
                return x.title.localizedStandardCompare(y.title) == .orderedAscending
            }
        case .title:
            result.sort { posts[$0].title.localizedStandardCompare(posts[$1].title) == .orderedAscending }
        }
        visible = result
        if let keep, let position = visible.firstIndex(where: { posts[$0].path == keep }) {
            selected = position
        } else {
            selected = min(selected, max(0, visible.count - 1))
        }
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
