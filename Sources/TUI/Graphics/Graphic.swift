/// A picture drawn by the terminal itself over a rectangle of cells (kitty, sixel or iTerm2
/// images, or rows of coloured Unicode blocks): escape sequences written after the frame's
/// cells, at the rectangle's top-left cell. The cells under it are the screen's own (blank);
/// the backend writes the sequences again whenever the rectangle's cells were redrawn.
public struct Graphic: Sendable, Equatable {
    /// How the terminal keeps what a graphic drew.
    public enum Kind: Sendable, Equatable {
        /// Drawn into the cells (sixel, iTerm2, Unicode blocks): text written over it wipes it.
        case inCells
        /// Kept by the terminal on a layer of its own (kitty): removed by a delete command.
        case kittyLayer
    }

    public var x: Int
    public var y: Int
    public var columns: Int
    public var rows: Int
    public var kind: Kind
    /// What identifies the picture (equal ids: the same sequence).
    public var id: Int
    /// The escape sequences (self-contained: they leave no attribute set).
    public var sequence: [UInt8]
    /// Sent through tmux's passthrough to the terminal tmux runs in (a protocol tmux does not
    /// speak itself).
    public var throughTmux: Bool
    /// What the terminal keeps once it has it (kitty: the picture's pixels under an image id),
    /// sent before the first placement and never again while the backend lives; `sequence` then
    /// only places it.
    public var transfer: Transfer?

    /// Data a terminal keeps under an id.
    public struct Transfer: Sendable, Equatable {
        public let id: Int
        public let bytes: [UInt8]
        public init(id: Int, bytes: [UInt8]) {
            self.id = id
            self.bytes = bytes
        }
    }

    public init(
        x: Int, y: Int, columns: Int, rows: Int, kind: Kind, id: Int, sequence: [UInt8], throughTmux: Bool = false,
        transfer: Transfer? = nil
    ) {
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
        self.kind = kind
        self.id = id
        self.sequence = sequence
        self.throughTmux = throughTmux
        self.transfer = transfer
    }

    /// The cells it covers.
    public var area: Rect { Rect(x: x, y: y, width: columns, height: rows) }

    /// Same place, same picture (the sequences are not compared: the id stands for them).
    func isSamePlacement(as other: Graphic) -> Bool {
        x == other.x && y == other.y && columns == other.columns && rows == other.rows && id == other.id
    }

    public static func == (a: Graphic, b: Graphic) -> Bool { a.isSamePlacement(as: b) && a.kind == b.kind }
}
