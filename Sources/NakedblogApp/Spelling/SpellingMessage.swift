/// What spell-checking reports back to the app: its part of `AppMessage` (`.spelling`),
/// handled by `App.handleSpelling`.
public enum SpellingMessage: Sendable {
    /// A spell-check of the post in the editor done (`AppEffect.checkSpelling`).
    case checked(SpellResult)
    /// A word added to the site's list (`file`, site-relative) or the personal dictionary
    /// (`file` nil); `problem` when it could not be.
    case wordAccepted(word: String, file: String?, problem: String?)
}
