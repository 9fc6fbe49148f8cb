/// Where frames are shown and keys come from: the ncurses backend, or memory in tests.
public protocol Terminal: AnyObject {
    /// The size in cells.
    var size: (columns: Int, rows: Int) { get }
    /// Shows `screen`, sending only what changed since the last frame.
    func present(_ screen: Screen)
    /// The next input events, waiting up to `timeoutMilliseconds` (< 0: forever); nil when input
    /// has ended (stdin closed).
    func nextEvents(timeoutMilliseconds: Int32) -> [KeyEvent]?
    /// Shows the text cursor at a cell, or hides it (nil).
    func placeCursor(_ position: (x: Int, y: Int)?)
    /// Bytes of a bracketed paste still arriving (0 when none is).
    var pendingPasteBytes: Int { get }
    /// A cell's size in pixels, when the terminal says (pictures are drawn to it).
    var cellPixels: (width: Int, height: Int)? { get }
    /// Asks the terminal which pictures it draws (`TerminalQueries`); the answers arrive as
    /// `KeyEvent.terminalReply`.
    func askAboutGraphics(tmux: Bool)
}

extension Terminal {
    public func placeCursor(_ position: (x: Int, y: Int)?) {}
    public var pendingPasteBytes: Int { 0 }
    public var cellPixels: (width: Int, height: Int)? { nil }
    public func askAboutGraphics(tmux: Bool) {}
}

/// A terminal in memory, for tests: keeps every frame and replays queued input.
public final class MemoryTerminal: Terminal {
    public var size: (columns: Int, rows: Int)
    public private(set) var frames: [Screen] = []
    /// Input still to be delivered, one batch per `nextEvents` call.
    public var input: [[KeyEvent]] = []

    public init(columns: Int = 80, rows: Int = 24) {
        size = (columns, rows)
    }

    public var lastFrame: Screen? { frames.last }

    public func present(_ screen: Screen) { frames.append(screen) }

    public func nextEvents(timeoutMilliseconds: Int32) -> [KeyEvent]? {
        input.isEmpty ? nil : input.removeFirst()
    }
}
