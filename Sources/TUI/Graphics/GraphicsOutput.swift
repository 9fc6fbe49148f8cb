/// What the backend writes for a frame's graphics, decided without a terminal (tests read it):
/// the graphics whose place, picture or cells changed are written again, kitty's layer is
/// cleared first when anything on it changed, and the rows where an in-cell graphic was (and is
/// no longer) are handed back to be repainted, which wipes it.
public struct GraphicsOutput: Sendable, Equatable {
    /// Rows (top, count) the backend must repaint from its cells before writing `bytes`.
    public var repaint: [(top: Int, count: Int)]
    /// The escape sequences to write after the frame's cells.
    public var bytes: [UInt8]
    /// The transfers the terminal has after these bytes (`Graphic.transfer`).
    public var transferred: Set<Int> = []

    public static func == (a: GraphicsOutput, b: GraphicsOutput) -> Bool {
        a.bytes == b.bytes && a.repaint.map { [$0.top, $0.count] } == b.repaint.map { [$0.top, $0.count] }
            && a.transferred == b.transferred
    }

    /// `shown`: the graphics written last; `frame`: this frame's; `changed`: the runs of cells
    /// the frame rewrites (one row each: a graphic they overlap is written again; text beside a
    /// graphic on its rows leaves it be); `cleared`: the whole screen is redrawn (a resize);
    /// `transferred`: the transfers the terminal has already.
    public static func plan(
        shown: [Graphic], frame: [Graphic], changed: [Rect], cleared: Bool, transferred: Set<Int> = []
    ) -> GraphicsOutput {
        var transferred = transferred
        var repaint: [(top: Int, count: Int)] = []
        for old in shown where old.kind == .inCells && !frame.contains(where: { $0.isSamePlacement(as: old) }) {
            repaint.append((old.y, old.rows))
        }
        let repainted = Set(repaint.flatMap { $0.top..<($0.top + $0.count) })
        func overlaps(_ run: Rect, _ area: Rect) -> Bool {
            run.y >= area.y && run.y < area.y + area.height && run.x < area.x + area.width && run.x + run.width > area.x
        }
        func mustWrite(_ graphic: Graphic) -> Bool {
            cleared || !shown.contains(where: { $0.isSamePlacement(as: graphic) })
                || (graphic.y..<(graphic.y + graphic.rows)).contains { repainted.contains($0) }
                || changed.contains { overlaps($0, graphic.area) }
        }
        let kittyShown = shown.filter { $0.kind == .kittyLayer }, kittyNow = frame.filter { $0.kind == .kittyLayer }
        let kittyChanged = kittyNow.contains(where: mustWrite) || kittyShown.count != kittyNow.count
        var bytes: [UInt8] = []
        if kittyChanged && !kittyShown.isEmpty {
            // Every placement of ours on kitty's layer goes: the ones still wanted are written again.
            bytes += passthrough(Array("\u{1B}_Ga=d,d=a\u{1B}\\".utf8), tmux: kittyShown.contains { $0.throughTmux })
        }
        for graphic in frame where graphic.kind == .kittyLayer ? kittyChanged : mustWrite(graphic) {
            if let transfer = graphic.transfer, transferred.insert(transfer.id).inserted {
                bytes += passthrough(transfer.bytes, tmux: graphic.throughTmux)
            }
            bytes += Array("\u{1B}7\u{1B}[\(graphic.y + 1);\(graphic.x + 1)H".utf8)
            bytes += passthrough(graphic.sequence, tmux: graphic.throughTmux)
            bytes += Array("\u{1B}8".utf8)
        }
        return GraphicsOutput(repaint: repaint, bytes: bytes, transferred: transferred)
    }

    /// `sequence` as tmux passes it on to the terminal it runs in: inside `ESC P tmux; … ESC \`,
    /// every Escape doubled (tmux's `allow-passthrough` must be on).
    public static func passthrough(_ sequence: [UInt8], tmux: Bool) -> [UInt8] {
        guard tmux else { return sequence }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        wrapped.reserveCapacity(sequence.count + sequence.count / 64 + 16)
        for byte in sequence {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        return wrapped + Array("\u{1B}\\".utf8)
    }
}
