import CNcursesw
import CTerminal
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal backend: the only code in nakedblog that talks to ncurses.
///
/// Threading: use from one thread (the UI thread). `start()` and `stop()` must pair; `stop()` is
/// safe to call more than once. Keys are read as characters with ncurses' own decoding off
/// (`keypad` false) and decoded by `KeyDecoder`, so Escape/Alt, bracketed paste and every
/// sequence are handled one way, testably.
public final class NcursesTerminal: Terminal {
    /// Why the terminal could not be used.
    public struct StartError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    private var window: UnsafeMutableRawPointer?
    private var screen: OpaquePointer?
    private var previous: Screen?
    private var decoder = KeyDecoder()
    private var theme = Theme.builtIn
    private var depth = ColorDepth.monochrome
    private var pairs: [PairKey: Int16] = [:]
    /// Pictures the terminal keeps under their ids (sent once: `Graphic.transfer`).
    private var transferred: Set<Int> = []

    public init() {}

    /// Enters full-screen mode on stdin/stdout.
    ///
    /// Refuses (instead of exiting like `initscr`) when TERM is unset, `dumb` or unknown,
    /// or when stdin/stdout are not terminals.
    public func start(theme: Theme = .builtIn, environment: [String: String] = [:]) throws(StartError) {
        nb_setlocale_from_environment()
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw StartError(description: "nakedblog needs a terminal: standard input and output must be a TTY.")
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard !term.isEmpty else {
            throw StartError(
                description:
                    "TERM is not set, so nakedblog cannot draw the screen. Set it, e.g. `export TERM=xterm-256color`.")
        }
        guard term != "dumb" else {
            throw StartError(
                description:
                    "TERM=dumb cannot draw a full-screen app. Use a real terminal type, e.g. `export TERM=xterm-256color`."
            )
        }
        nb_terminal_guard_save()
        var scr: OpaquePointer?
        guard let win = nb_newterm(nil, &scr) else {
            throw StartError(
                description:
                    "The terminal type '\(term)' is unknown to ncurses (no terminfo entry). Install ncurses-term or set TERM=xterm-256color."
            )
        }
        window = win
        screen = scr
        raw()
        noecho()
        nonl()
        nb_keypad(win, false)
        set_escdelay(25)
        self.theme = theme
        if has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDepth.detect(colors: Int(nb_colors()), environment: environment)
        }
        var rows: Int32 = 0, cols: Int32 = 0
        nb_getmaxyx(win, &rows, &cols)
        reportedSize = (cols, rows)
        nb_write_stdout("\u{1B}[?2004h", 8)  // bracketed paste on
        nb_terminal_guard_install()
        previous = nil
    }

    /// Leaves full-screen mode and restores the terminal. Safe to call twice.
    public func stop() {
        guard window != nil else { return }
        nb_write_stdout("\u{1B}[?2004l", 8)
        endwin()
        if let screen { delscreen(screen) }
        window = nil
        screen = nil
        nb_terminal_guard_remove()
    }

    /// The terminal size in cells.
    public var size: (columns: Int, rows: Int) {
        guard let window else { return (0, 0) }
        var rows: Int32 = 0, cols: Int32 = 0
        nb_getmaxyx(window, &rows, &cols)
        return (Int(cols), Int(rows))
    }

    /// Sends the cells that changed since the last frame, then the graphics that must be
    /// written again (`GraphicsOutput`).
    public func present(_ frame: Screen) {
        guard let window else { return }
        // A new size: the whole screen is cleared and drawn again (what the terminal shows after a
        // resize is not what ncurses last sent).
        let cleared = previous?.width != frame.width || previous?.height != frame.height
        if cleared { nb_wclear(window) }
        let changes = frame.changes(since: previous)
        let graphics =
            frame.graphics.isEmpty && previous?.graphics.isEmpty != false
            ? nil
            : GraphicsOutput.plan(
                shown: cleared ? [] : previous?.graphics ?? [], frame: frame.graphics,
                changed: changes.map { Rect(x: $0.x, y: $0.y, width: $0.cells.count, height: 1) }, cleared: cleared,
                transferred: transferred)
        // Rows where a picture was drawn into the cells: ncurses sends them again in full.
        for rows in graphics?.repaint ?? [] { nb_wredrawln(window, Int32(rows.top), Int32(rows.count)) }
        for change in changes {
            nb_wmove(window, Int32(change.y), Int32(change.x))
            for cell in change.cells where !cell.isContinuation {
                apply(cell.style, to: window)
                var wide = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                wide.append(0)
                nb_waddnwstr(window, wide, Int32(wide.count - 1))
            }
        }
        nb_wattrset(window, 0)
        nb_wrefresh(window)
        if let graphics, !graphics.bytes.isEmpty {
            write(graphics.bytes)
            transferred = graphics.transferred
        }
        previous = frame
    }

    /// Writes bytes to the terminal as they are (after ncurses has flushed its own).
    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                nb_write_stdout($0, buffer.count)
            }
        }
    }

    /// Asks the terminal which pictures it can draw (answers come back as input).
    public func askAboutGraphics(tmux: Bool) {
        guard window != nil else { return }
        write(TerminalQueries.bytes(tmux: tmux))
    }

    /// A cell's size in pixels from the terminal's window size, when it reports pixels.
    public var cellPixels: (width: Int, height: Int)? { TerminalAnswers.cellPixels }

    /// Shows the hardware cursor at `position` (where the user types), or hides it.
    public func placeCursor(_ position: (x: Int, y: Int)?) {
        guard let window else { return }
        if let position {
            curs_set(1)
            nb_wmove(window, Int32(position.y), Int32(position.x))
        } else {
            curs_set(0)
        }
        nb_wrefresh(window)
    }

    /// Puts `text` on the user's own clipboard with OSC 52 (works over SSH in terminals and tmux
    /// that allow it; harmless elsewhere).
    public func copyToClipboard(_ text: String) {
        let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        write(Array(sequence.utf8))
    }

    /// Reads keys: waits up to `timeoutMilliseconds` for input, then reads what has arrived in
    /// large chunks (a paste of megabytes is a few dozen reads, not one per byte) — at most
    /// `readLimit` bytes a call, so the loop draws between chunks and a long paste shows its
    /// progress. Returns nil when the terminal has closed (end of input, or a hang-up).
    public func nextEvents(timeoutMilliseconds: Int32) -> [KeyEvent]? {
        guard window != nil else { return nil }
        var events: [KeyEvent] = []
        if followResize() { events.append(.resize) }
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, events.isEmpty ? timeoutMilliseconds : 0)
        if ready < 0 {
            // A signal (SIGWINCH, SIGTERM) woke the wait: the loop looks at what it brought.
            if followResize() { events.append(.resize) }
            return events
        }
        if ready == 0 { return events + decoder.flush() }
        var total = 0
        while total < Self.readLimit {
            let count = read(0, &readBuffer, readBuffer.count)
            if count > 0 {
                total += count
                events += decoder.feed(Array(readBuffer[..<count]))
                var more = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
                if poll(&more, 1, 0) == 1, more.revents & Int16(POLLIN) != 0 { continue }
                break
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { break }
            // 0 (end of input) or an error such as EIO (the terminal hung up): input has ended.
            return nil
        }
        if total == 0, descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
        // Nothing more waiting: a lone Escape is the Escape key.
        var more = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        if poll(&more, 1, 0) == 0 { events += decoder.flush() }
        return events
    }

    /// Bytes of a paste still arriving.
    public var pendingPasteBytes: Int { decoder.pendingPasteBytes }

    /// The most one `nextEvents` call reads.
    static let readLimit = 1 << 20
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)

    /// Follows a change of the terminal's size (asked of the terminal itself, as ncurses would
    /// on SIGWINCH; ncurses may also have followed it while drawing); true when the size differs
    /// from the one last reported.
    private func followResize() -> Bool {
        guard let window else { return false }
        var size = winsize()
        var rows: Int32 = 0, cols: Int32 = 0
        nb_getmaxyx(window, &rows, &cols)
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
            Int32(size.ws_row) != rows || Int32(size.ws_col) != cols
        {
            resize_term(Int32(size.ws_row), Int32(size.ws_col))
            nb_getmaxyx(window, &rows, &cols)
        }
        guard rows != reportedSize.rows || cols != reportedSize.columns else { return false }
        reportedSize = (cols, rows)
        return true
    }

    /// The size the last `.resize` (or the start) stood for.
    private var reportedSize: (columns: Int32, rows: Int32) = (0, 0)

    private struct PairKey: Hashable {
        let foreground: Color
        let background: Color
    }

    private func apply(_ style: Style, to window: UnsafeMutableRawPointer) {
        let entry = theme.entry(for: style)
        var attributes = nb_a_normal()
        if entry.bold { attributes |= nb_a_bold() }
        if entry.italic { attributes |= nb_a_italic() }
        if entry.underline { attributes |= nb_a_underline() }
        if entry.reverse { attributes |= nb_a_reverse() }
        if entry.dim { attributes |= nb_a_dim() }
        if let pair = colorPair(entry) { attributes |= nb_color_pair(pair) }
        nb_wattrset(window, Int32(bitPattern: UInt32(truncatingIfNeeded: attributes)))
    }

    /// Whether the terminal takes 24-bit colours directly (terminfo `RGB`, e.g. TERM=xterm-direct).
    private var isDirectColor: Bool { depth == .trueColor && nb_colors() >= 1 << 24 }

    private func colorPair(_ entry: Theme.Entry) -> Int16? {
        guard depth != .monochrome else { return nil }
        // Direct-colour terminals get the theme's exact colours; a truecolor terminal whose
        // terminfo only knows 256 colours (xterm-256color with COLORTERM=truecolor) gets the
        // nearest palette colours, since ncurses can only send what terminfo describes.
        let direct = isDirectColor
        let targetDepth = direct ? ColorDepth.trueColor : (depth == .trueColor ? ColorDepth.palette256 : depth)
        let fg = entry.foreground.approximated(for: targetDepth) ?? .terminalDefault
        let bg = entry.background.approximated(for: targetDepth) ?? .terminalDefault
        if fg == .terminalDefault && bg == .terminalDefault { return nil }
        let key = PairKey(foreground: fg, background: bg)
        if let pair = pairs[key] { return pair }
        let number = Int16(pairs.count + 1)
        guard Int32(number) < nb_color_pairs(), number < 256 else { return nil }
        if direct {
            init_extended_pair(Int32(number), Self.directValue(fg), Self.directValue(bg))
        } else {
            init_pair(number, Self.index(fg), Self.index(bg))
        }
        pairs[key] = number
        return number
    }

    /// A colour as a direct-colour terminal takes it: 0xRRGGBB, the 8 basic colours as 0–7.
    private static func directValue(_ color: Color) -> Int32 {
        func packed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
            // Values below 8 mean the basic colours; nudge near-black up so it stays a colour.
            max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
        }
        switch color {
        case .terminalDefault: return -1
        case .basic(let i):
            return i < 8
                ? Int32(i)
                : {
                    let (r, g, b) = Color.rgbOfBasic(i); return packed(r, g, b)
                }()
        case .indexed(let i): let (r, g, b) = Color.rgbOfIndex(i); return packed(r, g, b)
        case .rgb(let r, let g, let b): return packed(r, g, b)
        }
    }

    private static func index(_ color: Color) -> Int16 {
        switch color {
        case .terminalDefault: return -1
        case .basic(let i): return Int16(i)
        case .indexed(let i): return Int16(i)
        case .rgb(let r, let g, let b): return Int16(Color.cubeIndex(r, g, b))
        }
    }
}
