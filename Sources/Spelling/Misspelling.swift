/// A word the dictionary does not know, where it is in the post's text.
public struct Misspelling: Sendable, Equatable, Hashable {
    /// 0-based line of the text.
    public var line: Int
    /// 0-based column in characters (grapheme clusters), as the editor counts them.
    public var column: Int
    /// Length in characters.
    public var length: Int
    public var word: String

    public init(line: Int, column: Int, length: Int, word: String) {
        self.line = line
        self.column = column
        self.length = length
        self.word = word
    }
}
