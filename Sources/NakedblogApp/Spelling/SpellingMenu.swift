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
}
