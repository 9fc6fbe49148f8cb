/// What an editing or movement key does to the text (printable characters and pastes are
/// inserted and are not bound here).
public enum EditingAction: Hashable, Sendable {
    case moveLeft, moveRight, moveUp, moveDown, selectLeft, selectRight, selectUp, selectDown
    case pageUp, pageDown, lineStart, lineEnd, selectLineStart, selectLineEnd, wordBack, wordForward
    case selectWordBack, selectWordForward
    case newline, indent, outdent, deleteBackward, deleteForward, deleteWordBack, deleteWordForward
    case moveLineUp, moveLineDown, duplicateLine, formatTable
    case undo, redo, copy, cut, paste
}

extension EditorState {
    /// The editor's own keys: `handle` acts on them and the editor's help lists them, so the
    /// help names exactly the keys that work. Neighbouring bindings with the same help share a
    /// row of the help.
    public static let keymap = Keymap<EditingAction>([
        .init([.left()], .moveLeft, help: "move (PgUp / PgDn: a page)"),
        .init([.right()], .moveRight, help: "move (PgUp / PgDn: a page)"),
        .init([.up()], .moveUp, help: "move (PgUp / PgDn: a page)"),
        .init([.down()], .moveDown, help: "move (PgUp / PgDn: a page)"),
        .init([.pageUp], .pageUp, help: "move (PgUp / PgDn: a page)"),
        .init([.pageDown], .pageDown, help: "move (PgUp / PgDn: a page)"),
        .init([.left(shift: true)], .selectLeft, help: "select"),
        .init([.right(shift: true)], .selectRight, help: "select"),
        .init([.up(shift: true)], .selectUp, help: "select"),
        .init([.down(shift: true)], .selectDown, help: "select"),
        .init([.shiftHome], .selectLineStart, help: "select"),
        .init([.shiftEnd], .selectLineEnd, help: "select"),
        .init([.home, .control("a")], .lineStart, help: "line start (first text, then column 1) / end"),
        .init([.end, .control("e")], .lineEnd, help: "line start (first text, then column 1) / end"),
        .init([.controlArrow(.left), .character("b", alt: true)], .wordBack, help: "word back / forward"),
        .init([.controlArrow(.right), .character("f", alt: true)], .wordForward, help: "word back / forward"),
        .init([.controlArrow(.left, shift: true)], .selectWordBack, help: "select a word back / forward"),
        .init([.controlArrow(.right, shift: true)], .selectWordForward, help: "select a word back / forward"),
        .init([.enter], .newline, help: "new line; continues a list item, ends an empty one"),
        .init([.tab], .indent, help: "indent / outdent a list item (Tab elsewhere: a tab)"),
        .init([.backTab], .outdent, help: "indent / outdent a list item (Tab elsewhere: a tab)"),
        .init([.backspace], .deleteBackward, help: "delete back / forward"),
        .init([.delete], .deleteForward, help: "delete back / forward"),
        .init([.control("w"), .controlBackspace], .deleteWordBack, help: "delete a word back / forward"),
        .init([.character("d", alt: true), .controlDelete], .deleteWordForward, help: "delete a word back / forward"),
        .init([.altArrow(.up)], .moveLineUp, help: "move the line (or selected lines) up / down"),
        .init([.altArrow(.down)], .moveLineDown, help: "move the line (or selected lines) up / down"),
        .init([.control("d")], .duplicateLine, help: "duplicate the line (or selected lines)"),
        .init([.character("t", alt: true)], .formatTable, help: "align the markdown table under the cursor"),
        .init([.control("z")], .undo, help: "undo / redo"),
        .init([.control("y")], .redo, help: "undo / redo"),
        .init([.control("c")], .copy, help: "copy / cut / paste (also to your clipboard over SSH)"),
        .init([.control("x")], .cut, help: "copy / cut / paste (also to your clipboard over SSH)"),
        .init([.control("v")], .paste, help: "copy / cut / paste (also to your clipboard over SSH)"),
    ])
}
