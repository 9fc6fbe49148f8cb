import Blog
import Preview
import Synchronization

/// Checks a post's prose against a dictionary and the words the writer accepts.
///
/// What is prose comes from cmark's tree (`ProseSpans`: no code, HTML, link targets, shortcodes
/// or Liquid) and, in the front matter, the title, description and summary
/// (`FrontMatterProse`); what is a word from `WordSplitter`.
public struct SpellChecker: Sendable {
    public let dictionary: HunspellDictionary
    public var accepted: AcceptedWords

    public init(dictionary: HunspellDictionary, accepted: AcceptedWords = AcceptedWords()) {
        self.dictionary = dictionary
        self.accepted = accepted
    }

    /// Whether `word` is spelled right (or accepted).
    public func isCorrect(_ word: String) -> Bool {
        accepted.contains(word) || dictionary.accepts(word)
    }

    /// Up to five suggestions for `word`.
    public func suggestions(for word: String, limit: Int = 5) -> [String] {
        dictionary.suggestions(for: word, limit: limit)
    }

    /// The misspelled words of a post's text (front matter and body), in order. With `lines`
    /// (0-based), only words on those lines are checked: the editor checks what is in view.
    /// `page` is `text` as already read, when the caller has it (nil: read here).
    public func misspellings(inPage text: String, path: String, page: PageText? = nil, lines: Range<Int>? = nil)
        -> [Misspelling]
    {
        let bytes = Array(text.utf8)
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
        var spans: [Range<Int>]
        if let page = page ?? (try? PageText(text: text, file: path)) {
            let bodyOffset = bytes.count - page.body.utf8.count
            spans = ProseSpans.of(page.body).map { ($0.lowerBound + bodyOffset)..<($0.upperBound + bodyOffset) }
            if let block = page.frontMatter {
                let contentOffset =
                    (text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0) + page.leading.utf8.count
                    + block.opening.utf8.count
                let inFrontMatter = FrontMatterProse.spans(in: Array(block.content.utf8), format: block.format)
                spans = inFrontMatter.map { ($0.lowerBound + contentOffset)..<($0.upperBound + contentOffset) } + spans
            }
        } else {
            spans = ProseSpans.of(text)
        }
        // The post's own `cSpell:ignore` / `cSpell:words`, as cspell reads them.
        var checker = self
        for word in InlineWords.of(text) { checker.accepted.insert(word) }
        var found: [Misspelling] = []
        var lineIndex = 0
        for span in spans {
            while lineIndex + 1 < lineStarts.count, lineStarts[lineIndex + 1] <= span.lowerBound { lineIndex += 1 }
            if let lines {
                if lineIndex < lines.lowerBound { continue }
                if lineIndex >= lines.upperBound { break }
            }
            let lineStart = lineStarts[lineIndex]
            let piece = String(decoding: bytes[span], as: UTF8.self)
            for token in WordSplitter.words(in: piece) where !checker.isCorrect(token.word) {
                let start = span.lowerBound + token.start
                let column = String(decoding: bytes[lineStart..<start], as: UTF8.self).count
                found.append(Misspelling(line: lineIndex, column: column, length: token.word.count, word: token.word))
            }
        }
        return found
    }
}

/// Dictionaries loaded so far, one per language, shared by every check in the process
/// (loading en_US takes tens of milliseconds; a check takes far less).
public final class SpellCheckers: Sendable {
    public let locator: DictionaryLocator
    private let loaded = Mutex<[String: Result<HunspellDictionary, DictionaryLocator.Missing>]>([:])
    /// Accepted words by the files they came from, with those files' stamps when read.
    /// The site's dictionary files (named in its cspell configuration) are kept with them, so a
    /// check whose lists did not change reads no configuration, only stamps.
    let acceptedWords = Mutex<
        [String: (stamps: [FileStamp?], dictionaries: [String], dictionaryStamps: [FileStamp?], words: AcceptedWords)]
    >([:])

    public init(locator: DictionaryLocator = .standard()) { self.locator = locator }

    /// The dictionary for `language` (a tag as a site or post spells it), loaded once.
    public func dictionary(for language: String) -> Result<HunspellDictionary, DictionaryLocator.Missing> {
        let key = DictionaryLocator.canonical(language)
        if let known = loaded.withLock({ $0[key] }) { return known }
        let result = locator.locate(language).flatMap {
            found -> Result<HunspellDictionary, DictionaryLocator.Missing> in
            HunspellDictionary(base: found.base, language: found.name).map { .success($0) }
                ?? .failure(DictionaryLocator.Missing(language: key, folders: locator.folders))
        }
        loaded.withLock { $0[key] = result }
        return result
    }
}
