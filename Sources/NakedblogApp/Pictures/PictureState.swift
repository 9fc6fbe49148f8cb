import Foundation
import Preview
import TUI
import Workflows

/// Pictures in the preview: how this terminal draws them, and the drawings kept per file,
/// version and size (drawn off the loop by the image helper, `PictureDrawing`).
public struct PictureState: Sendable {
    /// `[images] preview` in the config file: a format, `off`, or nil (find out).
    public enum Choice: Sendable, Equatable {
        case automatic
        case off
        case always(PictureFormat)

        /// From `[images] preview` or `--images`: `auto`, `off` or a format's name.
        public init(_ setting: String) {
            switch setting {
            case "off": self = .off
            case "auto": self = .automatic
            default: self = PictureFormat(rawValue: setting).map { .always($0) } ?? .automatic
            }
        }
    }

    public var choice = Choice.automatic
    /// How pictures are drawn now; nil: as their `[image: …]` line.
    public private(set) var format: PictureFormat?
    public var colours = PictureColours.palette256
    /// A cell's size in pixels (the terminal's report; 10×20 until one comes).
    public var cellWidth = 10
    public var cellHeight = 20
    /// In tmux: kitty and iTerm2 pictures go through its passthrough.
    public var tmux = false
    /// What the terminal answered (`TerminalReply`).
    var kittyAnswered = false
    var sixelOffered = false
    /// iTerm2's inline images, known from the environment (`TERM_PROGRAM`, `LC_TERMINAL`).
    var itermByName = false
    /// A terminal that would print a query it does not know (the Linux console, VT100s).
    var printsQueries = false

    /// Drawings kept, newest last (at most `keep`).
    var drawn: [PictureKey: DrawnPicture] = [:]
    var order: [PictureKey] = []
    var pending: Set<PictureKey> = []
    var failed: [PictureKey: String] = [:]
    static let keep = 32

    public init() {}

    /// From the environment: no pictures with `NO_COLOR` or `TERM=dumb`; the colours
    /// `COLORTERM` and `TERM` promise; iTerm2 by name; tmux. The terminal's answers refine it.
    public init(environment: [String: String], choice: Choice = .automatic, cellPixels: (width: Int, height: Int)?) {
        self.choice = choice
        let term = environment["TERM"] ?? ""
        tmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        colours =
            ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
            ? .trueColor : term.contains("256") ? .palette256 : term.contains("16") ? .basic16 : .basic8
        itermByName =
            environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2"
            || environment["TERM_PROGRAM"] == "WezTerm"
        if let cellPixels, cellPixels.width > 0, cellPixels.height > 0 {
            (cellWidth, cellHeight) = (cellPixels.width, cellPixels.height)
        }
        printsQueries = term == "linux" || term.hasPrefix("vt") || term.hasPrefix("con")
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty || term == "dumb" || term.isEmpty
        if noColour, choice == .automatic { self.choice = .off }
        decide()
    }

    /// Whether the terminal should be asked (automatic choice only, and not a terminal that
    /// would print the question: those draw symbols).
    public var asksTerminal: Bool { choice == .automatic && !printsQueries }

    /// Takes a terminal's answer; true when the way pictures are drawn changed.
    @discardableResult
    public mutating func take(_ reply: TerminalReply) -> Bool {
        let before = (format, cellWidth, cellHeight)
        switch reply {
        case .kittyGraphics(let ok): kittyAnswered = ok
        case .deviceAttributes(let attributes): sixelOffered = attributes.dropFirst().contains(4)
        case .cellSize(let width, let height):
            if width > 0, height > 0 { (cellWidth, cellHeight) = (width, height) }
        case .other: break
        }
        decide()
        return before != (format, cellWidth, cellHeight)
    }

    /// The format by the rule: the writer's choice; else kitty when it answered, sixel when
    /// offered, iTerm2 by name, Unicode symbols otherwise.
    private mutating func decide() {
        switch choice {
        case .off: format = nil
        case .always(let chosen): format = chosen
        case .automatic:
            format = kittyAnswered ? .kitty : sixelOffered ? .sixel : itermByName ? .iterm : .symbols
        }
    }

    /// The canvas for a preview pane `columns` × `rows` (a picture takes at most two thirds of
    /// its height, so text stays in view around it).
    public func canvas(columns: Int, rows: Int) -> PictureCanvas? {
        guard let format, columns >= 4, rows >= 4 else { return nil }
        return PictureCanvas(
            format: format, colours: colours, columns: columns, rows: max(3, rows * 2 / 3), cellWidth: cellWidth,
            cellHeight: cellHeight)
    }

    /// The drawing kept for `picture` on `canvas`.
    func drawing(_ picture: PreviewPicture, on canvas: PictureCanvas) -> DrawnPicture? {
        guard let file = picture.file else { return nil }
        return drawn[PictureKey(file: file, version: picture.version, canvas: canvas)]
    }

    /// Keeps a drawing, forgetting the oldest beyond `keep`.
    mutating func keep(_ picture: DrawnPicture, for key: PictureKey) {
        pending.remove(key)
        if drawn.updateValue(picture, forKey: key) == nil { order.append(key) }
        while order.count > Self.keep { drawn[order.removeFirst()] = nil }
    }
}

/// A drawing's key: the file as it was, and the canvas.
struct PictureKey: Sendable, Hashable {
    let file: String
    let version: String
    let canvas: PictureCanvas
}
