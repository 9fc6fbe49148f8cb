/// An answer of the terminal to a question the app asked (`TerminalQueries`), read from input
/// like a key and never typed as text.
public enum TerminalReply: Sendable, Hashable {
    /// Primary device attributes (`ESC [ ? … c`): the terminal's features; 4 is sixel graphics.
    case deviceAttributes([Int])
    /// The kitty graphics protocol's answer to a query (`ESC _ G … ESC \`): OK or an error.
    case kittyGraphics(ok: Bool)
    /// The size of a cell in pixels (`ESC [ 6 ; height ; width t`).
    case cellSize(width: Int, height: Int)
    /// Any other answer or escape string (ignored).
    case other
}

/// The questions asked once at start: the answers say which pictures the terminal draws.
public enum TerminalQueries {
    /// A kitty graphics query (a 1×1 picture, never shown), the cell size in pixels, then the
    /// primary device attributes, which every terminal answers — last, so its answer ends the
    /// replies. In tmux, the kitty query goes through to the terminal outside (when tmux allows
    /// passthrough); tmux answers the others itself (sixel when tmux draws sixel).
    public static func bytes(tmux: Bool) -> [UInt8] {
        let kitty = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
        return GraphicsOutput.passthrough(kitty, tmux: tmux) + Array("\u{1B}[16t\u{1B}[c".utf8)
    }
}
