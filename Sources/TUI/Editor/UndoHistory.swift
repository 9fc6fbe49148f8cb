import Foundation

/// Undo and redo as stacks of edit groups. Typing coalesces into one group; a group closes on a
/// pause (≥ 1 s, clock supplied by the caller), a newline, a cursor jump, a paste or a save.
public struct UndoHistory: Sendable {
    /// A group: inverse edits in the order they were made, and where the cursor was before.
    struct Group: Sendable {
        var inverses: [TextEdit]
        var cursorBefore: TextPosition
        var lastTime: TimeInterval
        /// Which text this group leads to (fresh on every change to the group).
        var id = 0
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var open = false
    private var nextID = 1
    /// Names the text the history is at: the same after undoing back to it, different after
    /// any other edit (the editor compares it with the saved text's to know it is unchanged).
    public var stateID: Int { undoStack.last?.id ?? 0 }
    public static let pause: TimeInterval = 1.0

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    /// Inverse edits kept, over every group (what the history costs in memory).
    var recordCount: Int { undoStack.reduce(0) { $0 + $1.inverses.count } }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records an edit's inverse. `coalesce`: typing that may join the open group.
    /// `force`: join the last group even if it was closed (one step for a replace-all).
    mutating func record(
        _ inverse: TextEdit, cursorBefore: TextPosition, at time: TimeInterval, coalesce: Bool, force: Bool = false
    ) {
        redoStack.removeAll()
        if force, !undoStack.isEmpty {
            undoStack[undoStack.count - 1].inverses.append(inverse)
        } else if coalesce, open, let last = undoStack.last, time - last.lastTime < Self.pause {
            // Typing and backspacing along a line fold into one inverse: an hour of typing keeps
            // one small edit per group, not one per keystroke.
            if let previous = last.inverses.last, let merged = Self.merged(previous, then: inverse) {
                undoStack[undoStack.count - 1].inverses[last.inverses.count - 1] = merged
            } else {
                undoStack[undoStack.count - 1].inverses.append(inverse)
            }
            undoStack[undoStack.count - 1].lastTime = time
        } else {
            undoStack.append(Group(inverses: [inverse], cursorBefore: cursorBefore, lastTime: time))
        }
        open = coalesce
        undoStack[undoStack.count - 1].id = nextID
        nextID += 1
    }

    /// One inverse that undoes `previous` and `next` (applied in reverse order) when they are
    /// neighbours on one line: two insertions side by side (undone by removing both), or a
    /// deletion just before an earlier one (undone by putting both back). Nil otherwise.
    static func merged(_ previous: TextEdit, then next: TextEdit) -> TextEdit? {
        let noEndings = (previous.lineEndings ?? []).isEmpty && (next.lineEndings ?? []).isEmpty
        guard noEndings, previous.range.lowerBound.line == previous.range.upperBound.line,
            next.range.lowerBound.line == next.range.upperBound.line,
            previous.range.lowerBound.line == next.range.lowerBound.line
        else { return nil }
        // Typed characters: each inverse removes what was typed.
        if previous.text.isEmpty, next.text.isEmpty, next.range.lowerBound == previous.range.upperBound {
            return TextEdit(range: previous.range.lowerBound..<next.range.upperBound, text: "")
        }
        // Backspaces: each inverse puts back what was removed, just before the last one.
        if previous.range.isEmpty, next.range.isEmpty, !previous.text.isEmpty, !next.text.isEmpty,
            !previous.text.contains(where: \.isNewline), !next.text.contains(where: \.isNewline),
            next.range.lowerBound.column + next.text.count == previous.range.lowerBound.column
        {
            return TextEdit(range: next.range, text: next.text + previous.text)
        }
        return nil
    }

    /// Ends the open group (newline, cursor jump, save…).
    public mutating func close() { open = false }

    /// Undoes the last group on `buffer`; returns where the cursor goes.
    mutating func undo(_ buffer: inout TextBuffer) -> TextPosition? {
        guard let group = undoStack.popLast() else { return nil }
        open = false
        var redo: [TextEdit] = []
        for inverse in group.inverses.reversed() { redo.append(buffer.apply(inverse)) }
        redoStack.append(
            Group(inverses: redo, cursorBefore: group.cursorBefore, lastTime: group.lastTime, id: group.id))
        return group.cursorBefore
    }

    /// Redoes the last undone group; returns where the cursor goes (the end of the last edit).
    mutating func redo(_ buffer: inout TextBuffer) -> TextPosition? {
        guard let group = redoStack.popLast() else { return nil }
        open = false
        var inverses: [TextEdit] = []
        var cursor = group.cursorBefore
        for edit in group.inverses.reversed() {
            let inverse = buffer.apply(edit)
            cursor = inverse.range.upperBound
            inverses.append(inverse)
        }
        undoStack.append(
            Group(inverses: inverses, cursorBefore: group.cursorBefore, lastTime: group.lastTime, id: group.id))
        return cursor
    }
}
