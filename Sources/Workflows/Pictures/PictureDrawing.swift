import Blog
import Foundation

/// How a terminal draws pictures.
public enum PictureFormat: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole).
    case kitty
    /// DEC sixel graphics (xterm -ti 340, foot, mlterm, WezTerm, Windows Terminal, tmux 3.4).
    case sixel
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm
    /// Coloured Unicode blocks: any terminal with colours.
    case symbols

    /// Whether the terminal keeps the picture apart from its text (kitty's layer).
    public var isLayered: Bool { self == .kitty }

    /// Whether tmux must pass it on to the terminal it runs in: tmux draws symbols, and sixel
    /// when it offered sixel; kitty's and iTerm2's pictures go through its passthrough.
    public var passesThroughTmux: Bool { self == .kitty || self == .iterm }
}

/// How many colours pictures drawn as symbols use.
public enum PictureColours: String, Sendable, Hashable {
    case trueColor = "truecolor", palette256 = "256", basic16 = "16", basic8 = "8"
}

/// Where a picture is drawn: its format and the cells it may fill.
public struct PictureCanvas: Sendable, Hashable {
    public var format: PictureFormat
    public var colours: PictureColours
    /// The most cells it may take (the shape is kept: one side is usually less).
    public var columns: Int
    public var rows: Int
    /// A cell's size in pixels (pixel formats are drawn to it; symbols keep its shape).
    public var cellWidth: Int
    public var cellHeight: Int

    public init(
        format: PictureFormat, colours: PictureColours, columns: Int, rows: Int, cellWidth: Int = 10,
        cellHeight: Int = 20
    ) {
        self.format = format
        self.colours = colours
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
    }
}

/// A picture drawn for a terminal: the escape sequences and the cells they fill.
public struct DrawnPicture: Sendable, Equatable {
    /// The picture's own size in pixels (upright).
    public let width: Int
    public let height: Int
    public let columns: Int
    public let rows: Int
    public let format: PictureFormat
    /// Symbols: one sequence per row of cells; the other formats: one for the whole picture
    /// (kitty: one that places the picture `transfer` sent).
    public let sequences: [[UInt8]]
    /// Kitty: the picture's pixels sent once under `kittyID` (its placements are then a few bytes).
    public var transfer: [UInt8] = []
    public var kittyID = 0
}

/// Pictures drawn for the terminal by the image helper (libvips decodes, libchafa draws), off
/// the writer's keystrokes: the preview asks, the result comes back and is kept per file and size.
public enum PictureDrawing {
    /// The most pixels a picture shown in the preview may decode to.
    public static let maxPixels = 100_000_000

    /// Draws the picture at `file` on `canvas`, read as Ctrl-R reads on a shared server
    /// (`ImageSource`: inside the site at `root`, never `.git`, opened without following a link,
    /// an image by its first bytes) — the preview pane's and `nakedblog preview`'s one reading.
    public static func draw(file: String, insideSite root: String, on canvas: PictureCanvas) throws(WorkflowError)
        -> DrawnPicture
    {
        guard case .success(let image) = ImageSource.read(file, siteRoot: root, restricted: true) else {
            throw WorkflowError(.refused, "not a picture inside the site")
        }
        return try draw(image.bytes, fileExtension: image.format.fileExtensions[0], on: canvas)
    }

    /// Draws `bytes` (a picture whose name ends in `fileExtension`) on `canvas`.
    public static func draw(_ bytes: Data, fileExtension: String, on canvas: PictureCanvas) throws(WorkflowError)
        -> DrawnPicture
    {
        let ext = fileExtension.isEmpty ? "img" : fileExtension.lowercased().filter { $0.isLetter || $0.isNumber }
        let run = try ImageHelper.run(input: bytes, inputExtension: ext, outputExtension: "txt", timeout: 20) {
            [
                "show", canvas.format.rawValue, canvas.colours.rawValue, "\(canvas.columns)", "\(canvas.rows)",
                "\(canvas.cellWidth)", "\(canvas.cellHeight)", "\(maxPixels)", $0, $1,
            ]
        }
        guard let n = ImageHelper.numbers(run.printed, count: 4), let output = run.output, n[2] > 0, n[3] > 0 else {
            throw WorkflowError(.unreadable, "the image helper drew nothing")
        }
        let bytes = [UInt8](output)
        if canvas.format == .kitty { return try kitty(bytes, numbers: n) }
        let sequences =
            canvas.format == .symbols
            ? bytes.split(separator: 0x0A, omittingEmptySubsequences: false).prefix(n[3]).map(Array.init) : [bytes]
        return DrawnPicture(
            width: n[0], height: n[1], columns: n[2],
            rows: min(n[3], canvas.format == .symbols ? sequences.count : n[3]),
            format: canvas.format, sequences: sequences)
    }

    /// chafa's kitty picture (`a=T`: sent and shown at once) made a transfer under an id of its
    /// own (`a=t`, quiet) and a placement of a few bytes, so moving it sends no pixels again.
    static func kitty(_ bytes: [UInt8], numbers n: [Int]) throws(WorkflowError) -> DrawnPicture {
        let header = Array("\u{1B}_Ga=T,".utf8)
        guard bytes.starts(with: header) else {
            throw WorkflowError(.unreadable, "the image helper drew no kitty picture")
        }
        let id = Int.random(in: 1...0x7FFF_FFFF)
        let transfer = Array("\u{1B}_Ga=t,i=\(id),q=2,".utf8) + bytes.dropFirst(header.count)
        let place = Array("\u{1B}_Ga=p,i=\(id),c=\(n[2]),r=\(n[3]),C=1,q=2\u{1B}\\".utf8)
        var drawn = DrawnPicture(
            width: n[0], height: n[1], columns: n[2], rows: n[3], format: .kitty, sequences: [place])
        drawn.transfer = transfer
        drawn.kittyID = id
        return drawn
    }
}
