/// Words the writer accepts beyond the dictionary: the site's list, the personal dictionary,
/// words ignored for the session. Matched without regard to case, as cspell matches its
/// `words` by default; a typographic apostrophe matches a straight one.
public struct AcceptedWords: Sendable, Equatable {
    private var words: Set<String> = []

    public init<S: Sequence>(_ words: S) where S.Element == String {
        for word in words { insert(word) }
    }

    public init() {}

    public mutating func insert(_ word: String) { words.insert(Self.key(word)) }

    public func contains(_ word: String) -> Bool { !words.isEmpty && words.contains(Self.key(word)) }

    public var count: Int { words.count }

    private static func key(_ word: String) -> String {
        word.lowercased().replacingApostrophes()
    }
}

extension String {
    func replacingApostrophes() -> String {
        guard unicodeScalars.contains("\u{2019}") else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
    }
}
