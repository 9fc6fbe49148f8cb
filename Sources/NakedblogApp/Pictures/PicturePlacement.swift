import Preview
import TUI
import Workflows

/// Where a drawn picture goes on the screen: the graphics over blank cells.
enum PicturePlacement {
    /// Places `drawn` with its top-left cell at `origin`; returns the rows it took. Symbols are
    /// rows of their own (a picture cut by the pane's bottom shows its top rows); a pixel
    /// picture goes whole or not at all (0 rows: its line stands for it).
    static func place(
        _ drawn: DrawnPicture, of picture: PreviewPicture, at origin: (x: Int, y: Int), rowsLeft: Int, tmux: Bool,
        into screen: inout Screen
    ) -> Int {
        var hasher = Hasher()
        hasher.combine(picture)
        hasher.combine(drawn.columns)
        hasher.combine(drawn.rows)
        hasher.combine(drawn.format)
        let id = hasher.finalize()
        if drawn.format == .symbols {
            let shown = min(drawn.rows, rowsLeft, drawn.sequences.count)
            for row in 0..<shown {
                screen.graphics.append(
                    Graphic(
                        x: origin.x, y: origin.y + row, columns: drawn.columns, rows: 1, kind: .inCells, id: id &+ row,
                        sequence: drawn.sequences[row]))
            }
            return shown
        }
        guard drawn.rows <= rowsLeft, let sequence = drawn.sequences.first else { return 0 }
        screen.graphics.append(
            Graphic(
                x: origin.x, y: origin.y, columns: drawn.columns, rows: drawn.rows,
                kind: drawn.format.isLayered ? .kittyLayer : .inCells, id: id, sequence: sequence,
                throughTmux: tmux && drawn.format.passesThroughTmux,
                transfer: drawn.transfer.isEmpty ? nil : Graphic.Transfer(id: drawn.kittyID, bytes: drawn.transfer)))
        return drawn.rows
    }
}
