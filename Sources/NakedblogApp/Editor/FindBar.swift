import TUI
import TextSearch

/// The editor's find and replace bar (Ctrl-F; Tab or the replace key opens the replacement):
/// what is searched for, how, and the matches in the text as it is now. Searching is
/// incremental: each key in the query finds the first match from where the search began.
public struct FindBar: Sendable {
    public var query: TextField
    /// The replacement, once asked for.
    public var replacement: TextField?
    /// Keys go to the replacement (else to the query).
    public var replacing = false
    /// A regular expression (Swift `Regex`) rather than a literal.
    public var isRegex = false
    /// Exact case (off: a query without capitals ignores case).
    public var matchCase = false
    public var wholeWord = false
    /// Search the front matter too (left alone unless asked, so a replace-all never breaks it).
    public var inFrontMatter = false
    /// The matches, in order, and which one is selected.
    public internal(set) var matches: [TextMatch] = []
    public internal(set) var current: Int?
    /// Why the query cannot be searched for (an invalid regular expression).
    public internal(set) var problem: String?
    /// Where the search began (the first match at or after it is chosen as the query changes).
    let origin: TextPosition

    /// At most this many matches are counted (and replaced by one replace-all).
    static let limit = 100_000

    init(lastQuery: String, origin: TextPosition, replacing: Bool) {
        // The last query selected: the first key typed replaces it.
        query = TextField(lastQuery, selected: true)
        self.origin = origin
        if replacing {
            replacement = TextField()
            self.replacing = !lastQuery.isEmpty
        }
    }

    public var searchQuery: SearchQuery {
        matchCase
            ? SearchQuery(query.text, isRegex: isRegex, wholeWord: wholeWord)
            : SearchQuery.smartCase(query.text, isRegex: isRegex, wholeWord: wholeWord)
    }

    /// The matcher for the query, or nil (empty, or not a valid regular expression).
    var matcher: TextMatcher? {
        guard !query.text.isEmpty, searchQuery.problem == nil else { return nil }
        return try? TextMatcher(searchQuery)
    }

    /// "3 of 12", "no match", or why the query does not search.
    public var countText: String {
        if query.text.isEmpty { return "" }
        if let problem { return problem }
        guard !matches.isEmpty else { return "no match" }
        let total = matches.count >= Self.limit ? "\(Self.limit)+" : "\(matches.count)"
        return current.map { "\($0 + 1) of \(total)" } ?? total
    }

    /// The option toggles as the bar shows them (`[x]` on).
    public var optionsText: String {
        func box(_ on: Bool, _ label: String) -> String { (on ? "[x]" : "[ ]") + label }
        return [
            box(matchCase, "case M-c"), box(wholeWord, "word M-w"), box(isRegex, "regex M-r"),
            box(inFrontMatter, "fields M-f"),
        ].joined(separator: " ")
    }
}
