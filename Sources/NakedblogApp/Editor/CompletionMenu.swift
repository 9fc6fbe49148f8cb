import Blog
import TUI
import TextSearch

/// What the editor offers as the writer types a link, a generator tag or a shortcode: the
/// site's posts by title (inserted in the form the generator resolves), images, a target's
/// heading anchors, shortcodes and includes with their parameters, the writer's snippets.
/// ↑/↓ pick, Tab or Enter inserts, Esc closes; typing on narrows it (fuzzy).
public struct CompletionMenu: Sendable {
    public enum Kind: Sendable, Equatable {
        /// `](`: a post's address (Hugo), `{% post_url %}` / `{% link %}` (Jekyll).
        case pageLink
        /// `{{< ref "` / `relref "`: a content path.
        case ref
        /// `{% post_url `.
        case postURL
        /// `{% link `.
        case jekyllLink
        /// `![…](`: the bundle's and the site's images.
        case image
        /// `](target#`: the target's heading anchors ("" for this post).
        case anchor(target: String)
        /// `{{< ` (Hugo shortcodes) or `{% include ` (Jekyll), and the writer's snippets (Alt-I).
        case snippet
    }

    public struct Item: Sendable, Equatable {
        public let label: String
        public let detail: String
        /// What replaces the typed query.
        public let insert: String
        /// Characters to move back after inserting (into the first `""`).
        public let cursorBack: Int
        let key: String

        public init(label: String, detail: String = "", insert: String, cursorBack: Int = 0, key: String? = nil) {
            self.label = label
            self.detail = detail
            self.insert = insert
            self.cursorBack = cursorBack
            self.key = key ?? label
        }
    }

    public let kind: Kind
    /// Where the query (the text typed after the trigger) starts.
    public let line: Int
    public let column: Int
    public internal(set) var query = ""
    public internal(set) var items: [Item]
    public internal(set) var shown: [Item]
    public internal(set) var selected = 0
    /// Items are still being read (the site's images, another post's headings, shortcodes).
    public internal(set) var loading: Bool

    init(kind: Kind, line: Int, column: Int, items: [Item], loading: Bool = false) {
        self.kind = kind
        self.line = line
        self.column = column
        self.items = items
        shown = items
        self.loading = loading
    }

    mutating func setQuery(_ query: String) {
        self.query = query
        shown = FuzzyMatch.rank(items, by: query, \.key)
        selected = 0
    }

    mutating func add(_ more: [Item]) {
        items += more
        loading = false
        setQuery(query)
    }

    mutating func move(by rows: Int) {
        guard !shown.isEmpty else { return }
        selected = (selected + rows + shown.count) % shown.count
    }

    /// The kind of completion the text before the cursor asks for, and where its query starts
    /// (a column of `prefix`), or nil.
    static func trigger(_ prefix: String, jekyll: Bool) -> (Kind, queryStart: Int)? {
        let count = prefix.count
        if jekyll {
            if prefix.hasSuffix("{% post_url ") { return (.postURL, count) }
            if prefix.hasSuffix("{% link ") { return (.jekyllLink, count) }
            if prefix.hasSuffix("{% include ") { return (.snippet, count) }
        } else {
            if prefix.wholeMatch(of: #/.*\{\{[<%]\s*(?:rel)?ref\s+"/#) != nil { return (.ref, count) }
            if prefix.hasSuffix("{{< ") || prefix.hasSuffix("{{% ") { return (.snippet, count) }
        }
        if prefix.hasSuffix("](") {
            // `![alt](`: an image; `[text](`: a page.
            guard let open = prefix.dropLast(2).lastIndex(of: "[") else { return nil }
            let image = open > prefix.startIndex && prefix[prefix.index(before: open)] == "!"
            return (image ? .image : .pageLink, count)
        }
        if prefix.hasSuffix("#"), let match = prefix.firstMatch(of: #/\]\(([^)\s#]*)#$/#) {
            return (.anchor(target: String(match.output.1)), count)
        }
        return nil
    }

    /// Whether `query` has left what the completion is for (a closing character typed).
    func isFinished(by query: String) -> Bool {
        switch kind {
        // A page is found by its title: the query may have spaces; `)` ends the link.
        case .pageLink: query.contains(")")
        case .image, .anchor: query.contains(")") || query.contains(" ")
        case .ref: query.contains("\"")
        case .postURL, .jekyllLink: query.contains(" ") || query.contains("%")
        case .snippet: query.contains(" ") || query.contains(">") || query.contains("%")
        }
    }
}
