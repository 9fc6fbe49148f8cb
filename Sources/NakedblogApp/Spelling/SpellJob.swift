import Blog
import Foundation
import Spelling
import TUI

/// A spell-check of the post in the editor, off the loop: the lines in view (with a margin) after
/// a pause in typing, or the next misspelling from the cursor (F7), with its suggestions. The
/// result comes back as `AppMessage.spelling(.checked)`; one for a revision the text has moved on
/// from is dropped.
public struct SpellJob: Sendable, Equatable {
    public enum Purpose: Sendable, Equatable {
        /// Underline the misspelled words on these lines (0-based).
        case marks(lines: Range<Int>)
        /// Find the next (or previous) misspelling from `from`, with suggestions, to offer them.
        case next(from: TextPosition, forward: Bool)
    }

    public var path: String
    public var buffer: TextBuffer
    public var revision: Int
    public var purpose: Purpose
    public var site: Site?
    /// Words ignored for this session.
    public var ignored: Set<String>

    /// Checks, with dictionaries `checkers` loaded (once per language) and the writer's own words
    /// from `personal`.
    public func run(_ checkers: SpellCheckers, personal: SpellCheckers.PersonalWords) -> AppMessage {
        let text = buffer.text
        let page = try? PageText(text: text, file: path)
        let language = SpellCheckers.language(of: page, path: path, site: site)
        var result = SpellResult(
            path: path, revision: revision, purpose: purpose, language: DictionaryLocator.canonical(language))
        switch checkers.checker(language: language, siteRoot: site?.root, personal: personal) {
        case .failure(let missing):
            result.problem = missing.description
        case .success(var checker):
            for word in ignored { checker.accepted.insert(word) }
            result.language = checker.dictionary.language
            switch purpose {
            case .marks(let lines):
                result.misspellings = checker.misspellings(inPage: text, path: path, page: page, lines: lines)
            case .next(let from, let forward):
                let all = checker.misspellings(inPage: text, path: path, page: page)
                let found =
                    forward
                    ? all.first { ($0.line, $0.column) >= (from.line, from.column) } ?? all.first
                    : all.last { ($0.line, $0.column + $0.length) < (from.line, from.column) } ?? all.last
                if let found {
                    result.misspellings = [found]
                    result.suggestions = SpellingMenu.ranked(
                        checker.suggestions(for: found.word, limit: SpellingMenu.most), for: found.word)
                }
                result.total = all.count
            }
        }
        return .spelling(.checked(result))
    }
}

/// What a `SpellJob` found.
public struct SpellResult: Sendable, Equatable {
    public var path: String
    public var revision: Int
    public var purpose: SpellJob.Purpose
    /// The dictionary used (`en_US`), or the language asked for when none was found.
    public var language: String
    public var misspellings: [Misspelling] = []
    /// Suggestions for the one misspelling found by `.next`.
    public var suggestions: [String] = []
    /// How many misspellings the whole post has (`.next` only).
    public var total = 0
    /// Why nothing could be checked (no dictionary for the language).
    public var problem: String?
}
