import Foundation
import TextWidth

/// The markdown editor's model: buffer, cursor, selection, undo history, clipboard. Pure: keys
/// in, state out (plus effects such as "copy to the system clipboard"); the clock is passed in.
public struct EditorState: Sendable {
    public private(set) var buffer: TextBuffer
    public private(set) var cursor = TextPosition(line: 0, column: 0)
    /// The other end of the selection, when there is one.
    public private(set) var anchor: TextPosition?
    public private(set) var history = UndoHistory()
    public private(set) var clipboard = ""
    /// True when the text differs from what was last saved.
    public private(set) var isDirty = false
    /// The history's state when last saved (nil: dirty whatever the history says, e.g. recovered text).
    private var savedState: Int? = 0
    /// Where the prefix Enter just continued a list or quote with ends: typing the same marker
    /// there replaces it instead of doubling it (`> ` typed after `> [!NOTE]` stays `> `).
    private var continuedPrefix: TextPosition?
    /// The display column up/down try to keep (within the row, when lines are soft-wrapped).
    private var preferredColumn: Int?
    /// Counts changes to the text; with `lastEditLine` it lets views cache per-line work.
    public private(set) var revision = 0
    /// The first line the most recent change touched.
    public private(set) var lastEditLine = 0
    /// Columns between tab stops: a tab is drawn to the next stop and moved over as one character.
    public var tabWidth = 4

    private mutating func noteEdit(at line: Int) {
        revision += 1
        lastEditLine = line
    }

    /// What the editor asks the app to do.
    public enum Effect: Sendable, Equatable {
        /// Put text on the user's own clipboard (OSC 52 over SSH).
        case copyToClipboard(String)
        /// Say why a key did nothing ("No table under the cursor").
        case notice(String)
    }

    public init(text: String) { buffer = TextBuffer(text) }

    public var text: String { buffer.text }

    public var selection: Range<TextPosition>? {
        guard let anchor, anchor != cursor else { return nil }
        return min(anchor, cursor)..<max(anchor, cursor)
    }

    /// Replaces the text with `text` as one undoable edit covering only the lines that differ
    /// (e.g. a front-matter field changed through the form). The cursor stays on its line.
    /// Lines are compared as bytes, with the ending after each (a huge post is never made an
    /// array of characters).
    public mutating func replaceText(with text: String, now: TimeInterval) {
        // The byte-order mark (kept by the buffer, not part of any line) is left out.
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" { body = Substring(body.unicodeScalars.dropFirst()) }
        var newLines: [Substring] = [], newBreaks: [LineEnding] = []
        TextBuffer.eachLine(body) { line, ending in
            newLines.append(line)
            if let ending { newBreaks.append(ending) }
        }
        let oldCount = buffer.lineCount, newCount = newLines.count
        func same(_ old: Int, _ new: Int) -> Bool {
            let oldEnding = old < buffer.breaks.count ? buffer.breaks[old] : nil
            let newEnding = new < newBreaks.count ? newBreaks[new] : nil
            guard oldEnding == newEnding, buffer.lineLength(old) <= newLines[new].utf8.count else { return false }
            var bytes: [UInt8] = []
            buffer.lines.appendUTF8(of: old, to: &bytes)
            return bytes.elementsEqual(newLines[new].utf8)
        }
        var prefix = 0
        while prefix < oldCount, prefix < newCount, same(prefix, prefix) { prefix += 1 }
        guard prefix < oldCount || prefix < newCount else { return }
        var suffix = 0
        while suffix < oldCount - prefix, suffix < newCount - prefix, same(oldCount - 1 - suffix, newCount - 1 - suffix)
        { suffix += 1 }
        // Lines prefix ..< count - suffix of each side, with the endings after them; when the
        // suffix is empty the replaced part runs to the end of the text.
        var replacement = ""
        for index in prefix..<(newCount - suffix) {
            replacement += newLines[index]
            if index < newBreaks.count, suffix > 0 || index < newCount - 1 { replacement += newBreaks[index].text }
        }
        let start = TextPosition(line: prefix, column: 0)
        let end = suffix > 0 ? TextPosition(line: oldCount - suffix, column: 0) : buffer.end
        let keepLine = cursor.line
        history.close()
        replace(start..<max(start, end), with: replacement, now: now, coalesce: false, keepingEndings: true)
        history.close()
        cursor = buffer.clamp(TextPosition(line: keepLine, column: 0))
        anchor = nil
    }

    /// Marks the text as differing from the file (e.g. recovered from a journal).
    public mutating func markDirty() {
        savedState = nil
        isDirty = true
        noteEdit(at: 0)
    }

    /// Marks the text as saved (closes the undo group).
    public mutating func markSaved() {
        isDirty = false
        history.close()
        savedState = history.stateID
    }

    /// Handles an editing or movement key; nil when the key is not the editor's. `wrapWidth` is
    /// the width lines are soft-wrapped at on screen, if they are: up/down and page up/down then
    /// move through display rows, as the text is seen, not through whole lines (a paragraph is
    /// often one long line).
    public mutating func handle(_ key: KeyEvent, now: TimeInterval, pageHeight: Int = 20, wrapWidth: Int? = nil)
        -> [Effect]?
    {
        let continued = continuedPrefix
        continuedPrefix = nil
        switch key {
        case .character(let c, false):
            if let continued, retypeContinuedMarker(c, prefixEnd: continued, now: now) { return [] }
            insert(String(c), now: now, coalesce: true)
            return []
        case .paste(let text):
            insert(Self.pastedLineBreaks(text), now: now, coalesce: false); history.close(); return []
        default: break
        }
        guard let action = Self.keymap.action(for: key) else { return nil }
        switch action {
        case .newline: newline(now: now)
        case .indent: indentListItem(by: 1, now: now) ? () : insert("\t", now: now, coalesce: true)
        case .outdent: _ = indentListItem(by: -1, now: now)
        case .deleteBackward: deleteBackward(now: now)
        case .deleteForward: deleteForward(now: now)
        case .moveLeft, .selectLeft: move(to: step(cursor, by: -1), selecting: action == .selectLeft)
        case .moveRight, .selectRight: move(to: step(cursor, by: 1), selecting: action == .selectRight)
        case .moveUp, .selectUp: moveVertically(by: -1, wrapWidth: wrapWidth, selecting: action == .selectUp)
        case .moveDown, .selectDown: moveVertically(by: 1, wrapWidth: wrapWidth, selecting: action == .selectDown)
        case .pageUp: moveVertically(by: -max(1, pageHeight - 1), wrapWidth: wrapWidth, selecting: false)
        case .pageDown: moveVertically(by: max(1, pageHeight - 1), wrapWidth: wrapWidth, selecting: false)
        case .lineStart: move(to: smartLineStart(), selecting: false)
        case .lineEnd:
            move(to: TextPosition(line: cursor.line, column: buffer.lineLength(cursor.line)), selecting: false)
        case .selectLineStart: move(to: smartLineStart(), selecting: true)
        case .selectLineEnd:
            move(to: TextPosition(line: cursor.line, column: buffer.lineLength(cursor.line)), selecting: true)
        case .wordBack: move(to: wordStep(cursor, forward: false), selecting: false)
        case .wordForward: move(to: wordStep(cursor, forward: true), selecting: false)
        case .selectWordBack: move(to: wordStep(cursor, forward: false), selecting: true)
        case .selectWordForward: move(to: wordStep(cursor, forward: true), selecting: true)
        case .deleteWordBack: deleteWord(forward: false, now: now)
        case .deleteWordForward: deleteWord(forward: true, now: now)
        case .moveLineUp, .moveLineDown:
            if !moveLines(by: action == .moveLineUp ? -1 : 1, now: now) {
                return [.notice(action == .moveLineUp ? "Already the first line" : "Already the last line")]
            }
        case .duplicateLine: duplicateLines(now: now)
        case .formatTable:
            if !formatTable(now: now) { return [.notice("No markdown table under the cursor")] }
        case .undo, .redo:
            let to = action == .undo ? history.undo(&buffer) : history.redo(&buffer)
            guard let to else { break }
            cursor = buffer.clamp(to)
            anchor = nil
            isDirty = history.stateID != savedState
            noteEdit(at: 0)
        case .copy:
            guard let selection else { return [] }
            clipboard = buffer.text(in: selection)
            return [.copyToClipboard(clipboard)]
        case .cut:
            guard let selection else { return [] }
            clipboard = buffer.text(in: selection)
            replace(selection, with: "", now: now, coalesce: false)
            history.close()
            return [.copyToClipboard(clipboard)]
        case .paste:
            // Text cut or copied here keeps its own line endings (a paste from outside, above,
            // takes the document's).
            insert(clipboard, now: now, coalesce: false, keepingEndings: true)
            history.close()
        }
        return []
    }

    // MARK: Editing

    /// Selects `range` (the cursor goes to its end).
    mutating func select(_ range: Range<TextPosition>) {
        history.close()
        anchor = buffer.clamp(range.lowerBound)
        cursor = buffer.clamp(range.upperBound)
        preferredColumn = nil
    }

    mutating func moveCursor(to position: TextPosition) {
        history.close()
        anchor = nil
        cursor = buffer.clamp(position)
        preferredColumn = nil
    }

    /// Replaces the selection (or inserts at the cursor); `joinPrevious` makes it part of the
    /// last undo step (replace all).
    mutating func replaceSelection(with text: String, now: Double, joinPrevious: Bool = false) {
        let range = selection ?? cursor..<cursor
        let before = cursor
        noteEdit(at: joinPrevious ? 0 : range.lowerBound.line)
        let inverse = buffer.apply(TextEdit(range: range, text: text))
        history.record(inverse, cursorBefore: before, at: now, coalesce: joinPrevious, force: joinPrevious)
        history.close()
        cursor = inverse.range.upperBound
        anchor = nil
        isDirty = true
    }

    mutating func replace(
        _ range: Range<TextPosition>, with text: String, now: TimeInterval, coalesce: Bool,
        keepingEndings: Bool = false
    ) {
        noteEdit(at: range.lowerBound.line)
        let before = cursor
        let endings = keepingEndings ? TextBuffer.split(Substring(text)).breaks : nil
        let inverse = buffer.apply(TextEdit(range: range, text: text, lineEndings: endings))
        history.record(inverse, cursorBefore: before, at: now, coalesce: coalesce)
        cursor = buffer.lastInsertionEnd
        anchor = nil
        preferredColumn = nil
        isDirty = true
    }

    /// A paste's line breaks as plain LF (terminals send CR for Enter; CRLF from some
    /// clipboards): each new line then takes the ending of the line it is pasted into, so the
    /// file keeps its own endings. On bytes: CRLF is one `Character`.
    static func pastedLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var afterCR = false
        for byte in text.utf8 {
            if byte == 0x0D {
                bytes.append(0x0A)
                afterCR = true
            } else {
                if !(byte == 0x0A && afterCR) { bytes.append(byte) }
                afterCR = false
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func insert(_ text: String, now: TimeInterval, coalesce: Bool, keepingEndings: Bool = false) {
        replace(
            selection ?? cursor..<cursor, with: text, now: now, coalesce: coalesce && selection == nil,
            keepingEndings: keepingEndings)
    }

    private mutating func deleteBackward(now: TimeInterval) {
        if let selection { return replace(selection, with: "", now: now, coalesce: false) }
        guard cursor > TextPosition(line: 0, column: 0) else { return }
        replace(step(cursor, by: -1)..<cursor, with: "", now: now, coalesce: true)
    }

    private mutating func deleteForward(now: TimeInterval) {
        if let selection { return replace(selection, with: "", now: now, coalesce: false) }
        guard cursor < buffer.end else { return }
        replace(cursor..<step(cursor, by: 1), with: "", now: now, coalesce: true)
    }

    /// Enter continues a list item (`- `, `* `, `1. `, `> `); on an empty item it ends the list.
    /// Only in prose: in code, front matter and HTML blocks Enter is a plain line break.
    private mutating func newline(now: TimeInterval) {
        history.close()
        let line = String(buffer.head(ofLine: cursor.line))
        if selection == nil, let item = ListItem(line), MarkdownBlockContext.of(line: cursor.line, in: buffer) == .prose
        {
            if item.isEmpty {
                replace(
                    TextPosition(
                        line: cursor.line, column: 0)..<TextPosition(
                            line: cursor.line, column: buffer.lineLength(cursor.line)),
                    with: "", now: now, coalesce: false)
                history.close()
                return
            }
            replace(cursor..<cursor, with: "\n" + item.nextPrefix, now: now, coalesce: false)
            continuedPrefix = cursor
        } else {
            insert("\n", now: now, coalesce: false)
        }
        history.close()
    }

    /// Typing a list or quote marker right after Enter continued one: the typed marker takes the
    /// continued one's place (its indentation kept). False when that is not the case.
    private mutating func retypeContinuedMarker(_ typed: Character, prefixEnd: TextPosition, now: TimeInterval) -> Bool
    {
        guard selection == nil, cursor == prefixEnd, buffer.lineLength(cursor.line) == cursor.column,
            let item = ListItem(buffer.lineText(cursor.line)),
            item.nextPrefix == buffer.lineText(cursor.line) || item.prefix == buffer.lineText(cursor.line)
        else { return false }
        let line = buffer.lineText(cursor.line)
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        guard line.dropFirst(indent).first == typed else { return false }
        replace(
            TextPosition(line: cursor.line, column: indent)..<cursor, with: String(typed), now: now, coalesce: false)
        return true
    }

    /// Tab / Shift-Tab on a list item indents or outdents it by two spaces.
    private mutating func indentListItem(by direction: Int, now: TimeInterval) -> Bool {
        let line = String(buffer.head(ofLine: cursor.line))
        guard ListItem(line) != nil else { return false }
        let start = TextPosition(line: cursor.line, column: 0)
        if direction > 0 {
            let old = cursor
            replace(start..<start, with: "  ", now: now, coalesce: false)
            cursor = TextPosition(line: start.line, column: min(buffer.lineLength(start.line), old.column + 2))
        } else {
            let spaces = min(2, line.prefix { $0 == " " }.count)
            guard spaces > 0 else { return true }
            let old = cursor
            replace(start..<TextPosition(line: start.line, column: spaces), with: "", now: now, coalesce: false)
            cursor = TextPosition(line: start.line, column: max(0, old.column - spaces))
        }
        history.close()
        return true
    }

    // MARK: Movement

    mutating func move(to position: TextPosition, selecting: Bool) {
        if selecting { if anchor == nil { anchor = cursor } } else { anchor = nil }
        if position.line != cursor.line || abs(position.column - cursor.column) > 1 { history.close() }
        cursor = buffer.clamp(position)
        preferredColumn = nil
    }

    /// Moves `rows` display rows: rows of lines wrapped at `wrapWidth`, or whole lines when
    /// nothing wraps (a long line's pieces are rows either way: `SoftWrap.pieceLength`), keeping
    /// the display column within the row.
    private mutating func moveVertically(by rows: Int, wrapWidth: Int?, selecting: Bool) {
        let width = wrapWidth.map { max(1, $0) } ?? Int.max / 4
        func layout(_ line: Int, _ piece: Int) -> SoftWrap.Piece {
            SoftWrap.Piece(buffer: buffer, line: line, piece: piece, width: width, tabWidth: tabWidth)
        }
        var line = cursor.line
        var piece = SoftWrap.piece(of: cursor.column, count: buffer.lineLength(line))
        var current = layout(line, piece)
        var row = SoftWrap.row(of: cursor.column - current.offset, in: current.starts)
        let column =
            preferredColumn ?? current.widths[current.starts[row]..<(cursor.column - current.offset)].reduce(0, +)
        var remaining = rows
        while remaining != 0 {
            if remaining > 0 {
                if row + 1 < current.starts.count {
                    row += 1
                } else if piece + 1 < SoftWrap.pieceCount(buffer.lineLength(line)) {
                    piece += 1; current = layout(line, piece); row = 0
                } else if line + 1 < buffer.lineCount {
                    line += 1; piece = 0; current = layout(line, piece); row = 0
                } else {
                    break
                }
                remaining -= 1
            } else {
                if row > 0 {
                    row -= 1
                } else if piece > 0 {
                    piece -= 1; current = layout(line, piece); row = current.starts.count - 1
                } else if line > 0 {
                    line -= 1; piece = SoftWrap.pieceCount(buffer.lineLength(line)) - 1
                    current = layout(line, piece); row = current.starts.count - 1
                } else {
                    break
                }
                remaining += 1
            }
        }
        // The character at `column` in the target row; a row that wraps ends before the next one
        // starts, and so does a piece that is not the line's last.
        let start = current.starts[row]
        let isLastPiece = piece + 1 >= SoftWrap.pieceCount(buffer.lineLength(line))
        let end =
            row + 1 < current.starts.count
            ? current.starts[row + 1] - 1 : current.characters.count - (isLastPiece ? 0 : 1)
        var index = start, x = 0
        while index < end, x + current.widths[index] <= column { x += current.widths[index]; index += 1 }
        move(to: TextPosition(line: line, column: current.offset + index), selecting: selecting)
        preferredColumn = column
    }

    private func step(_ position: TextPosition, by delta: Int) -> TextPosition {
        if delta < 0 {
            if position.column > 0 { return TextPosition(line: position.line, column: position.column - 1) }
            return position.line > 0
                ? TextPosition(line: position.line - 1, column: buffer.lineLength(position.line - 1)) : position
        }
        if position.column < buffer.lineLength(position.line) {
            return TextPosition(line: position.line, column: position.column + 1)
        }
        return position.line < buffer.lineCount - 1 ? TextPosition(line: position.line + 1, column: 0) : position
    }

    func wordStep(_ position: TextPosition, forward: Bool) -> TextPosition {
        var p = position
        func character(at q: TextPosition) -> Character? { buffer.character(at: q) }
        func isWord(_ c: Character?) -> Bool { c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
        if forward {
            while p < buffer.end, !isWord(character(at: p)) { p = step(p, by: 1) }
            while p < buffer.end, isWord(character(at: p)) { p = step(p, by: 1) }
        } else {
            while p > TextPosition(line: 0, column: 0), !isWord(character(at: step(p, by: -1))) { p = step(p, by: -1) }
            while p > TextPosition(line: 0, column: 0), isWord(character(at: step(p, by: -1))) { p = step(p, by: -1) }
        }
        return p
    }
}

/// A markdown list item prefix: bullets, numbers, quotes (with their indentation).
struct ListItem {
    let prefix: String
    let nextPrefix: String
    let isEmpty: Bool

    init?(_ line: String) {
        let indent = String(line.prefix { $0 == " " || $0 == "\t" })
        let rest = line.dropFirst(indent.count)
        var marker = ""
        var next = ""
        if let first = rest.first, "-*+>".contains(first), rest.dropFirst().first == " " {
            marker = String(first) + " "
            next = marker
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            let after = rest.dropFirst(digits.count)
            guard !digits.isEmpty, digits.count < 10, let punctuation = after.first,
                punctuation == "." || punctuation == ")",
                after.dropFirst().first == " ", let number = Int(digits)
            else { return nil }
            marker = String(digits) + String(punctuation) + " "
            next = String(number + 1) + String(punctuation) + " "
        }
        // A task item continues as an open task.
        let body = rest.dropFirst(marker.count)
        var taskMarker = ""
        for box in ["[ ] ", "[x] ", "[X] "] where body.hasPrefix(box) { taskMarker = box }
        prefix = indent + marker + taskMarker
        nextPrefix = indent + next + (taskMarker.isEmpty ? "" : "[ ] ")
        isEmpty = body.dropFirst(taskMarker.count).allSatisfy { $0 == " " }
    }
}
