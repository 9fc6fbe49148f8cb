/// A key press (or paste, or resize) as the app sees it.
public enum KeyEvent: Sendable, Equatable, Hashable {
    /// A character typed (any Unicode), with Alt if it came after a lone Escape.
    case character(Character, alt: Bool = false)
    /// Ctrl plus a letter (`a`…`z`), or Ctrl-Space (`" "`).
    case control(Character)
    case up(shift: Bool = false), down(shift: Bool = false), left(shift: Bool = false), right(shift: Bool = false)
    case home, end, pageUp, pageDown, insert, delete
    /// Shift-Home and Shift-End (select to the line's start or end).
    case shiftHome, shiftEnd
    case backspace, enter, tab, backTab, escape
    case function(Int)
    /// Ctrl with an arrow (←/→ move by word, ↑/↓ by heading), with Shift to select.
    case controlArrow(Arrow, shift: Bool = false)
    /// Alt with an arrow (↑/↓ move the line).
    case altArrow(Arrow)
    /// Ctrl-Backspace (^H, as xterm, kitty and tmux send it; Alt-Backspace too) and Ctrl-Delete:
    /// delete a word.
    case controlBackspace, controlDelete
    /// A bracketed paste, inserted verbatim.
    case paste(String)
    case resize
    /// The terminal's answer to a query (not a key the writer pressed).
    case terminalReply(TerminalReply)
}

/// An arrow key's direction.
public enum Arrow: Sendable, Hashable {
    case up, down, left, right
}
