import Spelling
import TUI

/// The suggestions for one misspelled word (F7): pick one to replace the word, or add the word
/// to the site's list or the personal dictionary, or ignore it for the session.
public struct SpellingMenu: Sendable, Equatable {
    public var word: String
    /// Where the word is (one line).
    public var range: Range<TextPosition>
    public var suggestions: [String]
    public var selected = 0
    /// How many misspellings the post has.
    public var total: Int
    /// The dictionary used.
    public var language: String
    /// The writer's own replacement, while they type it (`t`).
    public var typed: TextField?

    /// The most suggestions asked of the dictionary and listed (Hunspell gives up to 15).
    public static let most = 15

    /// The dictionary's suggestions with the same letters in another order first (a typing slip:
    /// "Teh" → "The", Hunspell's twelfth), then in the dictionary's order.
    public static func ranked(_ suggestions: [String], for word: String) -> [String] {
        let letters = word.lowercased().sorted()
        let swapped = suggestions.filter { $0.lowercased().sorted() == letters }
        return swapped + suggestions.filter { $0.lowercased().sorted() != letters }
    }
}
