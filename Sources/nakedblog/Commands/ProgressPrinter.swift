import Foundation
import GitOps
import TextWidth

/// Clone, fetch and push progress as text on stderr, like git's: rewritten in place on a terminal, otherwise
/// whole lines at most five times a second (plus each phase's final line).
final class ProgressPrinter {
    private let isTerminal: Bool
    private let output = FileHandleOutput.standardError
    private var lastPrint: TimeInterval = 0
    private var openLine = false
    private var phase = ""
    private var pending: String?

    init(isTerminal: Bool) { self.isTerminal = isTerminal }

    private var interval: TimeInterval { isTerminal ? 0.1 : 0.2 }

    func show(_ event: CloneEvent) {
        switch event {
        case .remoteLine(let line, let isProgress):
            update("remote: " + line, phase: "remote", final: !isProgress)
        case .transfer(let p):
            if p.isResolvingDeltas || (p.totalObjects > 0 && p.receivedObjects == p.totalObjects && p.totalDeltas > 0) {
                let done = p.indexedDeltas == p.totalDeltas
                update("Resolving deltas: " + Self.count(p.indexedDeltas, p.totalDeltas), phase: "deltas", final: done)
            } else if p.totalObjects > 0 {
                var text =
                    "Receiving objects: " + Self.count(p.receivedObjects, p.totalObjects) + ", "
                    + Self.bytes(Double(p.receivedBytes))
                if let rate = p.bytesPerSecond { text += " | " + Self.bytes(rate) + "/s" }
                if let eta = p.secondsRemaining, p.receivedObjects < p.totalObjects {
                    text += ", ETA " + Self.duration(eta)
                }
                update(text, phase: "objects", final: p.receivedObjects == p.totalObjects)
            }
        case .checkout(let p):
            guard p.total > 0 else { return }
            update("Updating files: " + Self.count(p.completed, p.total), phase: "files", final: p.completed == p.total)
        case .finished:
            break
        }
    }

    /// Ends any line being rewritten.
    func finish() {
        if let pending { emit(pending, final: true) }
        pending = nil
        if openLine { output.write("\n"); openLine = false }
    }

    func summary(_ result: CloneResult, seconds: Double, display: String) {
        var text = "Cloned \(result.remoteURL) into \(display)"
        if let branch = result.branch, let head = result.head {
            text += ": \(branch) at \(head.prefix(7))"
        } else {
            text += ": the repository is empty"
        }
        output.write(text + String(format: " (%.1f s).\n", seconds))
    }

    func update(_ text: String, phase: String, final: Bool) {
        let now = ProcessInfo.processInfo.systemUptime
        let newPhase = phase != self.phase
        if newPhase, let pending { emit(pending, final: true); self.pending = nil }
        if newPhase && openLine { output.write("\n"); openLine = false }
        self.phase = phase
        if final || newPhase || now - lastPrint >= interval {
            lastPrint = now
            pending = nil
            emit(text, final: final)
        } else {
            pending = text
        }
    }

    private func emit(_ text: String, final: Bool) {
        if isTerminal {
            output.write(trusted: "\r\u{1B}[K" + TerminalText.visible(text) + (final ? "\n" : ""))
            openLine = !final
        } else {
            output.write(text + "\n")
        }
    }

    static func count(_ done: Int, _ total: Int) -> String {
        let percent = total > 0 ? done * 100 / total : 0
        return String(format: "%3d%% (%d/%d)", percent, done, total)
    }

    static func bytes(_ value: Double) -> String {
        let kib = 1024.0, mib = kib * 1024, gib = mib * 1024
        if value >= gib { return String(format: "%.2f GiB", value / gib) }
        if value >= mib { return String(format: "%.2f MiB", value / mib) }
        if value >= kib { return String(format: "%.2f KiB", value / kib) }
        return String(format: "%.0f bytes", value)
    }

    static func duration(_ seconds: Double) -> String {
        seconds < 60
            ? String(format: "%.0fs", seconds.rounded(.up))
            : String(format: "%dm%02ds", Int(seconds) / 60, Int(seconds) % 60)
    }
}
