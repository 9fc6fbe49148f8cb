import Foundation

/// What to look for in posts: a literal (the default) or a regular expression (Swift `Regex`),
/// with case and whole-word options — one type for the editor's find bar, the app's search
/// across posts and `nakedblog search`.
public struct SearchQuery: Sendable, Equatable {
    public var pattern: String
    public var isRegex: Bool
    public var ignoresCase: Bool
    public var wholeWord: Bool

    public init(_ pattern: String, isRegex: Bool = false, ignoresCase: Bool = false, wholeWord: Bool = false) {
        self.pattern = pattern
        self.isRegex = isRegex
        self.ignoresCase = ignoresCase
        self.wholeWord = wholeWord
    }

    /// Smart case, as editors do: a pattern with no capital letter ignores case.
    public static func smartCase(_ pattern: String, isRegex: Bool = false, wholeWord: Bool = false) -> SearchQuery {
        SearchQuery(pattern, isRegex: isRegex, ignoresCase: pattern == pattern.lowercased(), wholeWord: wholeWord)
    }

    /// Why the pattern cannot be searched for (an invalid regular expression), or nil.
    public var problem: String? {
        if pattern.isEmpty { return "nothing to search for" }
        guard isRegex || wholeWord || (ignoresCase && !pattern.utf8.allSatisfy { $0 < 0x80 }) else { return nil }
        do {
            _ = try compiled()
            return nil
        } catch {
            return "not a regular expression: \(error)"
        }
    }

    /// The query as a Swift `Regex` (a literal is escaped).
    func compiled() throws -> Regex<AnyRegexOutput> {
        var source = isRegex ? pattern : NSRegularExpression.escapedPattern(for: pattern)
        if wholeWord { source = "\\b(?:" + source + ")\\b" }
        // As rg reads a pattern: scalars, not grapheme clusters; \b between \w and \W.
        var regex = try Regex(source).matchingSemantics(.unicodeScalar).wordBoundaryKind(.simple)
        if ignoresCase { regex = regex.ignoresCase() }
        return regex
    }

    /// Whether matching can work on bytes alone (a literal, case-sensitive or ASCII): no regex,
    /// no string is made of lines that do not match.
    var isByteLiteral: Bool {
        !isRegex && !wholeWord && (!ignoresCase || pattern.utf8.allSatisfy { $0 < 0x80 })
    }
}
