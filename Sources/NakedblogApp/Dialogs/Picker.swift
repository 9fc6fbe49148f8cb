import TUI
import TextSearch

/// A list to pick from with a query above it: go to a line or heading (Ctrl-G), switch to
/// another post (Alt-O), the results of a search across posts (Alt-/). Typing filters (fuzzy,
/// ranked) or, for a search, Enter runs it; ↑/↓ pick; Enter goes; Esc closes.
public struct Picker: Sendable {
    public enum Purpose: Sendable, Equatable {
        /// Headings of the post in the editor; a number (or `:N`) is a line.
        case goTo
        /// The site's posts, fuzzy by title, slug and path.
        case switchPost
        /// Lines of posts matching the query; Enter on a changed query searches again.
        case search(searched: String?)
    }

    /// Where an item leads.
    public enum Target: Sendable, Equatable {
        /// A 1-based line of the post in the editor.
        case line(Int)
        /// A post (site-relative), at a 1-based line.
        case post(String, line: Int?)
    }

    public struct Item: Sendable, Equatable {
        /// What is shown (and matched, with `key`).
        public let label: String
        /// Dim text after the label (a path, a line number).
        public let detail: String
        /// What the query is matched against (the label when empty).
        let key: String
        public let target: Target

        public init(label: String, detail: String = "", key: String = "", target: Target) {
            self.label = label
            self.detail = detail
            self.key = key.isEmpty ? label : key
            self.target = target
        }
    }

    public let title: String
    public internal(set) var purpose: Purpose
    public var field: TextField
    /// Every item; `shown` is what the query keeps, best first.
    public internal(set) var items: [Item]
    public internal(set) var shown: [Item]
    public internal(set) var selected = 0
    /// A line to say above the list ("Enter goes to line 42", "3 posts, 12 lines").
    public internal(set) var note: String?

    init(title: String, purpose: Purpose, items: [Item], query: String = "") {
        self.title = title
        self.purpose = purpose
        self.items = items
        shown = items
        field = TextField(query, selected: !query.isEmpty)
        refilter()
    }

    /// The line a go-to query names (`42`, `:42`), if it is one.
    var lineNumber: Int? {
        guard purpose == .goTo else { return nil }
        let text = field.text.trimmingCharacters(in: .whitespaces)
        return Int(text.hasPrefix(":") ? String(text.dropFirst()) : text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Filters and ranks `items` by the query (a search's results are not filtered: the query
    /// is what was searched for).
    mutating func refilter() {
        selected = 0
        if case .search = purpose { shown = items; return }
        if let line = lineNumber {
            note = "Enter goes to line \(line)"
            shown = items
            return
        }
        note = nil
        shown = FuzzyMatch.rank(items, by: field.text, \.key)
    }

    /// Results of a search replace the list.
    mutating func showResults(_ results: [Item], for query: String, note: String) {
        purpose = .search(searched: query)
        items = results
        shown = results
        selected = 0
        self.note = note
    }

    /// Where Enter goes now: the line typed, or the selected item.
    var target: Target? {
        if let line = lineNumber { return .line(line) }
        return selected < shown.count ? shown[selected].target : nil
    }

    mutating func move(by rows: Int) {
        guard !shown.isEmpty else { return }
        selected = max(0, min(shown.count - 1, selected + rows))
    }
}
