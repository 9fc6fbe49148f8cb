/// Title → URL slug, like Hugo's `urlize`: lowercase, spaces to `-`, unsafe characters removed,
/// letters of every script kept. The result never contains `/`, `.` or `..`, so it cannot
/// name a path outside the directory it is put in.
public enum Slug {
    public static func make(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber || character == "_" {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else if character.isWhitespace || character == "-" || character == "/" || character == "."
                || character == "–" || character == "—"
            {
                pendingDash = true
            }
            // Anything else (punctuation, symbols, emoji) is dropped.
        }
        return slug
    }
}

/// Title case as Hugo's `title` function writes it by default (AP style): every word
/// capitalised except short function words, which stay lower case unless first or last.
enum TitleCase {
    static let smallWords: Set<String> = [
        "a", "an", "and", "as", "at", "but", "by", "en", "for", "if", "in", "nor", "of",
        "on", "or", "per", "so", "the", "to", "up", "v", "v.", "via", "vs", "vs.", "yet",
    ]

    static func apply(_ text: String) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let count = words.count
        return words.enumerated().map { index, word -> String in
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            return parts.enumerated().map { partIndex, part -> String in
                let isFirst = index == 0 && partIndex == 0
                let isLast = index == count - 1 && partIndex == parts.count - 1
                if !isFirst && !isLast && smallWords.contains(part.lowercased()) { return part.lowercased() }
                guard let first = part.first else { return "" }
                return first.uppercased() + part.dropFirst()
            }.joined(separator: "-")
        }.joined(separator: " ")
    }
}
