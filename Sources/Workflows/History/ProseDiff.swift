import Blog
import Foundation
import FrontMatter

/// A difference made for prose: front matter as `field: old → new`, the body paragraph by
/// paragraph, and inside a changed paragraph the words that changed (the standard library's
/// `difference(from:)`, Myers' algorithm, on words).
public struct ProseDiff: Sendable, Equatable {
    public struct FieldChange: Sendable, Equatable {
        public let key: String
        public let old: String?
        public let new: String?
    }

    /// A run of text in a changed paragraph.
    public enum Span: Sendable, Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// Paragraphs that differ: the old ones (lines of the old text) and the new ones (lines of
    /// the new text), with their words compared.
    public struct Hunk: Sendable, Equatable {
        public let oldLines: Range<Int>
        public let newLines: Range<Int>
        public let oldText: String
        public let newText: String
        public let spans: [Span]
    }

    public let fields: [FieldChange]
    public let hunks: [Hunk]

    public var isEmpty: Bool { fields.isEmpty && hunks.isEmpty }

    /// The difference from `old` to `new` (whole posts, front matter included).
    public init(from old: String, to new: String, file: String = "post.md") {
        fields = Self.fieldChanges(old, new, file: file)
        let oldParagraphs = Self.paragraphs(old), newParagraphs = Self.paragraphs(new)
        let difference = newParagraphs.map(\.text).difference(from: oldParagraphs.map(\.text))
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both lists; a run of removed paragraphs and the inserted run at the same place
        // make one hunk.
        var hunks: [Hunk] = []
        var i = 0, j = 0
        while i < oldParagraphs.count || j < newParagraphs.count {
            if i < oldParagraphs.count, j < newParagraphs.count, !removed.contains(i), !inserted.contains(j) {
                i += 1; j += 1; continue
            }
            let oldStart = i, newStart = j
            while i < oldParagraphs.count, removed.contains(i) { i += 1 }
            while j < newParagraphs.count, inserted.contains(j) { j += 1 }
            if i == oldStart && j == newStart { break }
            let olds = oldParagraphs[oldStart..<i], news = newParagraphs[newStart..<j]
            let oldText = olds.map(\.text).joined(separator: "\n\n"),
                newText = news.map(\.text).joined(separator: "\n\n")
            // Where the change sits when one side is empty: the line of the next paragraph.
            let oldLines =
                olds.isEmpty
                ? Self.anchorLine(oldParagraphs, at: oldStart)..<Self.anchorLine(oldParagraphs, at: oldStart)
                : olds.first!.lines.lowerBound..<olds.last!.lines.upperBound
            let newLines =
                news.isEmpty
                ? Self.anchorLine(newParagraphs, at: newStart)..<Self.anchorLine(newParagraphs, at: newStart)
                : news.first!.lines.lowerBound..<news.last!.lines.upperBound
            hunks.append(
                Hunk(
                    oldLines: oldLines, newLines: newLines, oldText: oldText, newText: newText,
                    spans: Self.words(from: oldText, to: newText)))
        }
        self.hunks = hunks
    }

    static func anchorLine(_ paragraphs: [Paragraph], at index: Int) -> Int {
        index < paragraphs.count ? paragraphs[index].lines.lowerBound : (paragraphs.last?.lines.upperBound ?? 0)
    }

    struct Paragraph {
        let text: String
        let lines: Range<Int>
    }

    /// The body's paragraphs (runs of non-blank lines) with their line ranges; the front matter
    /// is left out (its fields are compared as fields).
    static func paragraphs(_ text: String) -> [Paragraph] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        var start = FrontMatterLines.count(in: text)
        var result: [Paragraph] = []
        var index = start
        while index <= lines.count {
            let blank = index == lines.count || lines[index].allSatisfy { $0 == " " || $0 == "\t" }
            if blank {
                if index > start {
                    result.append(Paragraph(text: lines[start..<index].joined(separator: "\n"), lines: start..<index))
                }
                start = index + 1
            }
            index += 1
        }
        return result
    }

    /// Words and the runs between them, compared.
    static func words(from old: String, to new: String) -> [Span] {
        let a = tokens(old), b = tokens(new)
        let difference = b.difference(from: a)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var spans: [Span] = []
        func add(_ span: Span) {
            switch (spans.last, span) {
            case (.same(let x)?, .same(let y)): spans[spans.count - 1] = .same(x + y)
            case (.removed(let x)?, .removed(let y)): spans[spans.count - 1] = .removed(x + y)
            case (.added(let x)?, .added(let y)): spans[spans.count - 1] = .added(x + y)
            default: spans.append(span)
            }
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) { add(.removed(a[i])); i += 1; continue }
            if j < b.count, inserted.contains(j) { add(.added(b[j])); j += 1; continue }
            if i < a.count { add(.same(a[i])) }
            i += 1; j += 1
        }
        return spans
    }

    /// Words (letters and digits), single spaces and single other characters.
    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = [], word = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "'" || character == "’" {
                word.append(character)
            } else {
                if !word.isEmpty { tokens.append(word); word = "" }
                tokens.append(String(character))
            }
        }
        if !word.isEmpty { tokens.append(word) }
        return tokens
    }

    /// Fields whose value changed, was added or removed, in the order of the new text.
    static func fieldChanges(_ old: String, _ new: String, file: String) -> [FieldChange] {
        func fields(_ text: String) -> [(String, String)] {
            guard let page = try? PageText(text: text, file: file),
                let read = try? FrontMatterEditor(page: page, file: file).fields()
            else { return [] }
            return read.fields.map { ($0.key, $0.value.displayText) }
        }
        let before = fields(old), after = fields(new)
        let oldValues = Dictionary(before, uniquingKeysWith: { a, _ in a })
        let newValues = Dictionary(after, uniquingKeysWith: { a, _ in a })
        var changes: [FieldChange] = []
        for (key, value) in after where oldValues[key] != value {
            changes.append(FieldChange(key: key, old: oldValues[key], new: value))
        }
        for (key, value) in before where newValues[key] == nil {
            changes.append(FieldChange(key: key, old: value, new: nil))
        }
        return changes
    }
}

extension FrontMatterValue {
    /// The value as one line: a scalar as it reads, a list in brackets, a table as `{…}`.
    var displayText: String {
        switch self {
        case .list(let items): return "[" + items.map(\.displayText).joined(separator: ", ") + "]"
        case .map(let fields):
            return "{" + fields.map { "\($0.key): \($0.value.displayText)" }.joined(separator: ", ") + "}"
        case .null: return "null"
        default: return text ?? ""
        }
    }
}
