import Spelling
import TUI

/// The misspelled words known for the post in the editor: underlined, kept in place while the
/// text is edited (an edit drops the marks on its line and moves those below with it) until
/// the next check after a pause in typing replaces them.
public struct SpellingMarks: Sendable, Equatable {
    /// The misspellings known, by line.
    private var misspellings: [Int: [Misspelling]] = [:]
    /// The revision and lines last checked.
    var checkedRevision = -1
    var checkedLines: Range<Int> = 0..<0
    /// A check is on its way.
    var inFlight = false
    /// Why the post is not checked (no dictionary): said once in the status bar.
    public internal(set) var problem: String?
    /// The dictionary in use (`en_US`).
    public internal(set) var language: String?

    /// The underlined character ranges, by line.
    public var byLine: [Int: [Range<Int>]] {
        misspellings.mapValues { $0.map { $0.column..<($0.column + $0.length) } }
    }

    /// How many misspelled words are known (in the lines checked).
    public var count: Int { misspellings.values.reduce(0) { $0 + $1.count } }

    /// Keeps what a check of `lines` found, in place of what was known for them.
    mutating func take(_ found: [Misspelling], lines: Range<Int>) {
        misspellings = misspellings.filter { !lines.contains($0.key) }
        for misspelling in found { misspellings[misspelling.line, default: []].append(misspelling) }
    }

    /// An edit on `line` that added `lineDelta` lines: that line's marks go, those below move.
    mutating func edited(line: Int, lineDelta: Int) {
        guard !misspellings.isEmpty else { return }
        var moved: [Int: [Misspelling]] = [:]
        for (index, marks) in misspellings where index != line {
            if index < line {
                moved[index] = marks
            } else if index + lineDelta > line {
                moved[index + lineDelta] = marks.map {
                    var mark = $0; mark.line += lineDelta; return mark
                }
            }
        }
        misspellings = moved
    }

    /// Forgets the marks of `word` (ignored or added to the words).
    mutating func accept(_ word: String) {
        let lower = word.lowercased()
        misspellings = misspellings.compactMapValues { marks in
            let kept = marks.filter { $0.word.lowercased() != lower }
            return kept.isEmpty ? nil : kept
        }
    }
}
