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
    /// Some of it was too large to compare finely (`fineLimit`, `wordLimit`): a run of
    /// paragraphs, or a paragraph's words, is shown removed and added whole. (Any span is cut
    /// at `shownLimit` bytes, and says so.)
    public private(set) var coarse = false

    public var isEmpty: Bool { fields.isEmpty && hunks.isEmpty }

    /// Myers' algorithm takes time and memory in proportion to both sides times the number of
    /// differences: quadratic when everything changed (a 55 MB version: minutes and gigabytes).
    /// Only the middle between what both sides start and end with is compared, and only when it
    /// is at most this many paragraphs or words; a larger middle is shown removed and added whole.
    public static let fineLimit = 4_000
    /// A span shown in a comparison is cut at this many bytes (the rest is counted, not drawn).
    public static let shownLimit = 64 * 1024

    /// The difference from `old` to `new` (whole posts, front matter included).
    public init(from old: String, to new: String, file: String = "post.md") {
        fields = Self.fieldChanges(old, new, file: file)
        let oldParagraphs = Self.paragraphs(old), newParagraphs = Self.paragraphs(new)
        var coarse = false
        let (removed, inserted) = Self.changedOffsets(
            oldParagraphs.map(\.text), newParagraphs.map(\.text), coarse: &coarse)
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
                    spans: Self.words(from: oldText, to: newText, coarse: &coarse)))
        }
        self.hunks = hunks
        self.coarse = coarse
    }

    /// The offsets of `old` removed and of `new` inserted: the common start and end kept, the
    /// middle compared with Myers' algorithm when it is small (`fineLimit`), else all of it
    /// changed (`coarse` set).
    static func changedOffsets<Element: Equatable>(_ old: [Element], _ new: [Element], coarse: inout Bool) -> (
        removed: Set<Int>, inserted: Set<Int>
    ) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var endOld = old.count, endNew = new.count
        while endOld > start, endNew > start, old[endOld - 1] == new[endNew - 1] { endOld -= 1; endNew -= 1 }
        let middleOld = old[start..<endOld], middleNew = new[start..<endNew]
        guard middleOld.count + middleNew.count > Self.fineLimit else {
            var removed = Set<Int>(), inserted = Set<Int>()
            for change in Array(middleNew).difference(from: Array(middleOld)) {
                switch change {
                case .remove(let offset, _, _): removed.insert(start + offset)
                case .insert(let offset, _, _): inserted.insert(start + offset)
                }
            }
            return (removed, inserted)
        }
        coarse = true
        return (Set(start..<endOld), Set(start..<endNew))
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
        // Split on the byte: Swift reads "\r\n" as one Character, so a CRLF file split on the
        // Character "\n" was one line.
        let lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            Substring(line.last == 0x0D ? line.dropLast() : line)
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

    /// Words and the runs between them, compared (`changedOffsets`); each span cut at
    /// `shownLimit`. Paragraphs over `wordLimit` bytes together are not split into words.
    static func words(from old: String, to new: String, coarse: inout Bool) -> [Span] {
        if old.utf8.count + new.utf8.count > wordLimit {
            coarse = true
            return ([Span.removed(old), .added(new)]).filter { !$0.text.isEmpty }.map { $0.cut(at: shownLimit) }
        }
        let a = tokens(old), b = tokens(new)
        let (removed, inserted) = changedOffsets(a, b, coarse: &coarse)
        // Runs of one kind, each joined once (adding token by token to a string copied it each time).
        var spans: [Span] = []
        var kind = 0, run: [String] = []  // 0 same, 1 removed, 2 added
        func flush() {
            guard !run.isEmpty else { return }
            let text = run.joined()
            spans.append(kind == 0 ? .same(text) : kind == 1 ? .removed(text) : .added(text))
            run.removeAll(keepingCapacity: true)
        }
        func add(_ token: String, _ tokenKind: Int) {
            if tokenKind != kind { flush(); kind = tokenKind }
            run.append(token)
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) { add(a[i], 1); i += 1; continue }
            if j < b.count, inserted.contains(j) { add(b[j], 2); j += 1; continue }
            if i < a.count { add(a[i], 0) }
            i += 1; j += 1
        }
        flush()
        return spans.map { $0.cut(at: shownLimit) }
    }

    /// Paragraphs larger than this together (bytes) are shown removed and added whole.
    public static let wordLimit = 1 << 20

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

extension ProseDiff.Span {
    /// The span's text.
    var text: String {
        switch self {
        case .same(let text), .removed(let text), .added(let text): return text
        }
    }

    /// The span with its text cut at `limit` bytes (on a character), the rest counted.
    func cut(at limit: Int) -> Self {
        func cut(_ text: String) -> String {
            guard text.utf8.count > limit else { return text }
            var end = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
            while !text.indices.contains(end), end > text.startIndex { end = text.utf8.index(before: end) }
            let rest = text.utf8.count - text.utf8.distance(from: text.utf8.startIndex, to: end)
            return String(text[..<end]) + " … (\(rest) bytes more, not shown)"
        }
        switch self {
        case .same(let text): return .same(cut(text))
        case .removed(let text): return .removed(cut(text))
        case .added(let text): return .added(cut(text))
        }
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
