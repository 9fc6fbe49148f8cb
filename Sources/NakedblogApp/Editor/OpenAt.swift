/// Where the cursor goes in a post being opened: it travels with the request (`AppEffect.openPost`)
/// and comes back with the text (`AppMessage.postOpened`), so an open that failed or was
/// overtaken leaves nothing behind for the next one.
public enum OpenAt: Sendable, Equatable {
    /// Where the writer left it last time (or where they are, when it is open already).
    case lastPlace
    /// A new post: where its body starts.
    case body
    /// A line (1-based), centred as vim's `+N` does (a refused publish's line, a search hit).
    case line(Int)
    /// Its first misspelled word, with suggestions (F7 on the publish sheet).
    case firstMisspelling
}
