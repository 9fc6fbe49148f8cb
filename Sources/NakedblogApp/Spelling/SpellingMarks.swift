import Spelling
import TUI

/// The misspelled words known for the post in the editor: underlined, kept in place while the
/// text is edited (an edit drops the marks on its line and moves those below with it) until
/// the next check after a pause in typing replaces them.
public struct SpellingMarks: Sendable, Equatable {
    /// Marks by line: character ranges.
    public private(set) var byLine: [Int: [Range<Int>]] = [:]
    /// The words, by position (for the menu: what is at the cursor).
    private var words: [TextPosition: String] = [:]
    /// The revision and lines last checked.
    var checkedRevision = -1
    var checkedLines: Range<Int> = 0..<0
    /// A check is on its way.
    var inFlight = false
    /// Why the post is not checked (no dictionary): said once in the status bar.
    public internal(set) var problem: String?
    /// The dictionary in use (`en_US`).
    public internal(set) var language: String?

    /// Keeps what a check of `lines` found, in place of what was known for them.
    mutating func take(_ misspellings: [Misspelling], lines: Range<Int>) {
        byLine = byLine.filter { !lines.contains($0.key) }
        words = words.filter { !lines.contains($0.key.line) }
        for misspelling in misspellings {
            byLine[misspelling.line, default: []].append(misspelling.column..<(misspelling.column + misspelling.length))
            words[TextPosition(line: misspelling.line, column: misspelling.column)] = misspelling.word
        }
    }

    /// An edit on `line` that added `lineDelta` lines: that line's marks go, those below move.
    mutating func edited(line: Int, lineDelta: Int) {
        guard !byLine.isEmpty else { return }
        var moved: [Int: [Range<Int>]] = [:]
        for (index, ranges) in byLine where index != line {
            if index < line { moved[index] = ranges } else if index + lineDelta > line { moved[index + lineDelta] = ranges }
        }
        byLine = moved
        var movedWords: [TextPosition: String] = [:]
        for (position, word) in words where position.line != line {
            if position.line < line { movedWords[position] = word } else if position.line + lineDelta > line {
                movedWords[TextPosition(line: position.line + lineDelta, column: position.column)] = word
            }
        }
        words = movedWords
    }

    /// Forgets the marks of `word` (ignored or added to the words).
    mutating func accept(_ word: String) {
        let lower = word.lowercased()
        for (position, marked) in words where marked.lowercased() == lower {
            words[position] = nil
            byLine[position.line]?.removeAll { $0.lowerBound == position.column }
            if byLine[position.line]?.isEmpty == true { byLine[position.line] = nil }
        }
    }

    /// How many misspelled words are known (in the lines checked).
    public var count: Int { words.count }
}
