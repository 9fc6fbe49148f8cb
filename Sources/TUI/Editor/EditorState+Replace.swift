import TextSearch

/// A match of a search in the editor's text: its range (in characters, on one line) and what a
/// replacement needs (the groups of a regular expression).
public struct TextMatch: Sendable, Equatable {
    public let range: Range<TextPosition>
    let found: TextMatcher.Match
}

extension EditorState {
    /// Every match of `matcher` in the text, in order; the lines in `skipping` (the front matter,
    /// unless the writer asks for it) are left out. At most `limit` matches.
    public func matches(_ matcher: TextMatcher, skipping: Range<Int>? = nil, limit: Int = 100_000) -> [TextMatch] {
        var result: [TextMatch] = []
        var lastLine = -1, characterColumns: [Int: Int] = [:], lineText = ""
        for found in matcher.matches(in: Array(text.utf8)) {
            let line = found.line - 1
            if let skipping, skipping.contains(line) { continue }
            if line != lastLine {
                lastLine = line
                lineText = found.text
                characterColumns = [:]
            }
            func column(_ byte: Int) -> Int {
                if let known = characterColumns[byte] { return known }
                let utf8 = lineText.utf8
                let index = utf8.index(utf8.startIndex, offsetBy: min(byte, utf8.count))
                let count = lineText[..<index].count
                characterColumns[byte] = count
                return count
            }
            let start = column(found.column - 1), end = column(found.column - 1 + found.length)
            guard end > start else { continue }
            result.append(
                TextMatch(
                    range: TextPosition(line: line, column: start)..<TextPosition(line: line, column: end),
                    found: found))
            if result.count >= limit { break }
        }
        return result
    }

    /// Selects `match` (the cursor at its end), as find does.
    public mutating func selectMatch(_ match: TextMatch) { select(match.range) }

    /// Replaces `match` with `template` (groups expanded) as one undo step; false when the text
    /// there changed since the match was found.
    public mutating func replace(_ match: TextMatch, with template: String, matcher: TextMatcher, now: Double) -> Bool {
        replace(
            match.range, expecting: buffer.text(in: match.range),
            with: matcher.replacement(for: match.found, template: template), now: now)
    }

    /// Replaces every match (from the last, so earlier ranges stay true) as ONE undo step; returns
    /// how many were replaced. The cursor ends after the first replacement.
    @discardableResult
    public mutating func replaceAll(_ matches: [TextMatch], with template: String, matcher: TextMatcher, now: Double)
        -> Int
    {
        guard !matches.isEmpty else { return 0 }
        for (index, match) in matches.enumerated().reversed() {
            select(match.range)
            replaceSelection(
                with: matcher.replacement(for: match.found, template: template), now: now,
                joinPrevious: index != matches.count - 1)
        }
        return matches.count
    }
}
