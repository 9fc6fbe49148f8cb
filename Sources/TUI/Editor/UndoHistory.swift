import Foundation

/// Undo and redo as stacks of edit groups. Typing coalesces into one group; a group closes on a
/// pause (≥ 1 s, clock supplied by the caller), a newline, a cursor jump, a paste or a save.
public struct UndoHistory: Sendable {
    /// A group: inverse edits in the order they were made, and where the cursor was before.
    struct Group: Sendable {
        var inverses: [TextEdit]
        var cursorBefore: TextPosition
        var lastTime: TimeInterval
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    private var open = false
    public static let pause: TimeInterval = 1.0

    public init() {}

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records an edit's inverse. `coalesce`: typing that may join the open group.
    /// `force`: join the last group even if it was closed (one step for a replace-all).
    mutating func record(_ inverse: TextEdit, cursorBefore: TextPosition, at time: TimeInterval, coalesce: Bool, force: Bool = false) {
        redoStack.removeAll()
        if force, !undoStack.isEmpty {
            undoStack[undoStack.count - 1].inverses.append(inverse)
        } else if coalesce, open, let last = undoStack.last, time - last.lastTime < Self.pause {
            undoStack[undoStack.count - 1].inverses.append(inverse)
            undoStack[undoStack.count - 1].lastTime = time
        } else {
            undoStack.append(Group(inverses: [inverse], cursorBefore: cursorBefore, lastTime: time))
        }
        open = coalesce
    }

    /// Ends the open group (newline, cursor jump, save…).
    public mutating func close() { open = false }

    /// Undoes the last group on `buffer`; returns where the cursor goes.
    mutating func undo(_ buffer: inout TextBuffer) -> TextPosition? {
        guard let group = undoStack.popLast() else { return nil }
        open = false
        var redo: [TextEdit] = []
        for inverse in group.inverses.reversed() { redo.append(buffer.apply(inverse)) }
        redoStack.append(Group(inverses: redo, cursorBefore: group.cursorBefore, lastTime: group.lastTime))
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
        undoStack.append(Group(inverses: inverses, cursorBefore: group.cursorBefore, lastTime: group.lastTime))
        return cursor
    }
}
