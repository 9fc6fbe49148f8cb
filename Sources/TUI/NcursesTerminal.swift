import CNcursesw
#if canImport(Glibc)
import Glibc
#endif

/// The terminal backend: the only code in nakedblog that talks to ncurses.
///
/// Threading: use from one thread (the UI thread). `start()` and `stop()` must pair; `stop()` is
/// safe to call more than once.
public final class NcursesTerminal {
    /// Why the terminal could not be used.
    public struct StartError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    private var window: UnsafeMutablePointer<WINDOW>?
    private var screen: OpaquePointer?

    public init() {}

    /// Enters full-screen mode on stdin/stdout.
    ///
    /// Refuses (instead of exiting like `initscr`) when TERM is unset, `dumb` or unknown,
    /// or when stdin/stdout are not terminals.
    public func start() throws(StartError) {
        nb_setlocale_from_environment()
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw StartError(description: "nakedblog needs a terminal: standard input and output must be a TTY.")
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty else {
            throw StartError(description: "TERM is not set, so nakedblog cannot draw the screen. Set it, e.g. `export TERM=xterm-256color`.")
        }
        guard term != "dumb" else {
            throw StartError(description: "TERM=dumb cannot draw a full-screen app. Use a real terminal type, e.g. `export TERM=xterm-256color`.")
        }
        var scr: OpaquePointer?
        guard let win = nb_newterm(nil, &scr) else {
            throw StartError(description: "The terminal type '\(term)' is unknown to ncurses (no terminfo entry). Install ncurses-term or set TERM=xterm-256color.")
        }
        window = win
        screen = scr
        raw()
        noecho()
        nonl()
        keypad(win, true)
        set_escdelay(25)
        if has_colors() { start_color(); use_default_colors() }
    }

    /// Leaves full-screen mode and restores the terminal. Safe to call twice.
    public func stop() {
        guard window != nil else { return }
        endwin()
        if let screen { delscreen(screen) }
        window = nil
        screen = nil
    }

    /// The terminal size in cells.
    public var size: (rows: Int, columns: Int) {
        guard let window else { return (0, 0) }
        var rows: Int32 = 0, cols: Int32 = 0
        nb_getmaxyx(window, &rows, &cols)
        return (Int(rows), Int(cols))
    }

    /// Draws `text` starting at (`row`, `column`); ncurses decides cell widths from the locale.
    public func draw(_ text: String, row: Int, column: Int, bold: Bool = false) {
        guard let window else { return }
        if bold { wattr_on(window, nb_a_bold(), nil) }
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        mvwaddnwstr(window, Int32(row), Int32(column), wide, Int32(wide.count - 1))
        if bold { wattr_off(window, nb_a_bold(), nil) }
    }

    /// Clears the whole screen (on the next refresh).
    public func clear() {
        guard let window else { return }
        werase(window)
    }

    /// Sends what changed to the terminal.
    public func refresh() {
        guard let window else { return }
        wrefresh(window)
    }

    /// Reads one key: a Unicode scalar or a curses key code; nil on timeout or error.
    /// `timeoutMilliseconds` < 0 waits forever.
    public func readKey(timeoutMilliseconds: Int32 = -1) -> RawKey? {
        guard let window else { return nil }
        wtimeout(window, timeoutMilliseconds)
        var ch: wint_t = 0
        let status = wget_wch(window, &ch)
        if status == nb_err() { return nil }
        if status == nb_key_code_yes() { return .function(Int32(ch)) }
        return Unicode.Scalar(UInt32(ch)).map { .scalar($0) } ?? nil
    }
}

/// A key as ncurses reports it, before decoding into the app's key events.
public enum RawKey: Equatable, Sendable {
    case scalar(Unicode.Scalar)
    case function(Int32)
}
