import Foundation
import GitOps
import TUI
import TextWidth

/// The clone screen: phases with progress bars, the remote's messages, errors.
enum CloneRender {
    static func draw(_ state: AppState, into screen: inout Screen) {
        guard let clone = state.clone else { return }
        let width = state.columns
        Render.titleBar("Cloning \(URLRedaction.redact(clone.url))", into: &screen, width: width)
        screen.put(
            "into \(clone.target)", x: 2, y: 2, style: Style(.dim), clip: Rect(x: 0, y: 2, width: width, height: 1))
        let bar = { (y: Int) in Rect(x: 2, y: y, width: max(1, width - 4), height: 1) }
        let transfer = clone.transfer
        var detail = ""
        if let t = transfer {
            detail = "\(t.received)/\(t.total) · \(Self.bytes(Double(t.bytes)))"
            if let rate = t.bytesPerSecond { detail += " · \(Self.bytes(rate))/s" }
            if let eta = t.secondsRemaining, t.received < t.total { detail += " · ETA \(Int(eta.rounded(.up)))s" }
        }
        ProgressBar(
            label: "Receiving objects ",
            fraction: transfer.map { $0.total > 0 ? Double($0.received) / Double($0.total) : 0 } ?? 0,
            detail: detail
        ).render(into: &screen, area: bar(4))
        let deltas =
            transfer.map {
                $0.deltasTotal > 0
                    ? Double($0.deltasDone) / Double($0.deltasTotal) : ($0.total > 0 && $0.received == $0.total ? 1 : 0)
            } ?? 0
        ProgressBar(
            label: "Resolving deltas  ", fraction: deltas,
            detail: transfer.map { "\($0.deltasDone)/\($0.deltasTotal)" } ?? ""
        ).render(into: &screen, area: bar(6))
        let checkout = clone.checkout
        ProgressBar(
            label: "Checking out files",
            fraction: checkout.map { $0.total > 0 ? Double($0.done) / Double($0.total) : 0 } ?? 0,
            detail: checkout.map { "\($0.done)/\($0.total)" } ?? ""
        ).render(into: &screen, area: bar(8))
        if let path = checkout?.path {
            screen.put(DisplayWidth.truncate(path, to: max(1, width - 6)), x: 4, y: 9, style: Style(.dim))
        }
        if !clone.remoteLines.isEmpty {
            let box = Rect(
                x: 2, y: 11, width: max(4, width - 4), height: min(clone.remoteLines.count + 2, max(3, state.rows - 14))
            )
            Box.draw(into: &screen, rect: box, title: "remote")
            for (index, line) in clone.remoteLines.suffix(box.height - 2).enumerated() {
                screen.put(line, x: box.x + 2, y: box.y + 1 + index, style: Style(.dim), clip: box.inset(1))
            }
        }
        if let error = clone.error {
            var y = max(11, state.rows - 8)
            screen.fill(Rect(x: 0, y: y - 1, width: width, height: state.rows - y - 1))
            screen.put("Clone failed", x: 2, y: y, style: Style(.error, bold: true))
            for line in App.wrap(error, width: max(10, width - 4)) where y < state.rows - 3 {
                y += 1
                screen.put(line, x: 2, y: y, style: Style(.error))
            }
        }
        let hints: [(key: String, label: String)] = clone.error == nil ? [("Esc", "cancel")] : [("Esc", "back")]
        KeyHintBar(hints: hints).render(into: &screen, area: Rect(x: 0, y: state.rows - 1, width: width, height: 1))
    }

    static func bytes(_ value: Double) -> String {
        let kib = 1024.0, mib = kib * 1024
        if value >= mib { return String(format: "%.1f MiB", value / mib) }
        if value >= kib { return String(format: "%.1f KiB", value / kib) }
        return String(format: "%.0f B", value)
    }
}
