import Foundation
import GitOps
import TUI

extension App {
    /// Shows the clone screen and starts cloning `url` into `target`.
    public static func startClone(
        _ state: inout AppState, url: String, target: String, remote: GitURL? = nil, now: TimeInterval
    ) -> [AppEffect] {
        var clone = CloneState(url: url, target: target)
        clone.remote = remote
        clone.started = now
        state.clone = clone
        state.page = .clone
        return [.startClone(url: url, target: target)]
    }

    static func handleCloneKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        guard let clone = state.clone else { return [] }
        if clone.error != nil {
            if key == .escape || key == .character("q") || key == .enter {
                state.clone = nil
                state.page = .start
            }
            return []
        }
        if key == .escape || key == .control("c") {
            state.overlay = .confirm(
                Confirmation(
                    title: "Cancel the clone?",
                    lines: ["Stop cloning \(URLRedaction.redact(clone.url))?", "What was downloaded is removed."],
                    action: .cancelClone))
        }
        return []
    }

    static func cloneProgress(_ state: inout AppState, _ event: CloneEvent, now: TimeInterval) -> [AppEffect] {
        guard var clone = state.clone else { return [] }
        switch event {
        case .remoteLine(let line, let isProgress):
            if isProgress, let last = clone.remoteLines.last, last.hasPrefix(line.prefix(12)) {
                clone.remoteLines.removeLast()
            }
            clone.remoteLines.append(line)
            clone.remoteLines = Array(clone.remoteLines.suffix(4))
        case .transfer(let p):
            clone.transfer = TransferSnapshot(
                received: p.receivedObjects, total: p.totalObjects, bytes: p.receivedBytes,
                bytesPerSecond: p.bytesPerSecond, secondsRemaining: p.secondsRemaining,
                deltasDone: p.indexedDeltas, deltasTotal: p.totalDeltas)
        case .checkout(let p):
            clone.checkout = (p.completed, p.total, p.path)
        case .finished(let result):
            clone.finished = true
            state.clone = clone
            return [.loadSite(result.path)]
        }
        state.clone = clone
        return []
    }

    /// Cloning's results, each where it lands.
    static func handleClone(_ state: inout AppState, _ message: CloneMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .urlChecked(let url, let target, let remote):
            guard state.page == .start, state.start.editingURL else { return [] }
            state.start.editingURL = false
            return startClone(&state, url: url, target: target, remote: remote, now: now)
        case .urlRefused(let problem):
            state.start.problem = problem.prefix(1).uppercased() + problem.dropFirst()
            return []
        case .event(let event): return cloneProgress(&state, event, now: now)
        case .failed(let error): return cloneFailed(&state, error)
        case .refused(let failure):
            guard var clone = state.clone else { return [] }
            clone.error = URLRedaction.redact(failure.reason.prefix(1).uppercased() + failure.reason.dropFirst())
            state.clone = clone
            return []
        }
    }

    static func cloneFailed(_ state: inout AppState, _ error: GitError) -> [AppEffect] {
        guard var clone = state.clone else { return [] }
        if error.kind == .cancelled {
            state.clone = nil
            state.page = .start
            state.start.problem = "Clone cancelled; nothing was left behind."
            return []
        }
        if error.kind == .hostKeyUnknown, let key = error.hostKey {
            state.overlay = .confirm(
                Confirmation(
                    title: "Unknown SSH host",
                    lines: [
                        "The authenticity of \(key.knownHostsName) can't be established.",
                        "\(key.type) key fingerprint:", "  \(key.fingerprint)",
                        "Trust it (added to ~/.ssh/known_hosts) and continue?",
                    ],
                    action: .trustHostKey(key)))
            return []
        }
        let advice = GitErrorAdvice.explain(error, url: clone.remote, interactive: true)
        // Under the screen's "Clone failed" heading: the advice as a sentence of its own.
        clone.error = URLRedaction.redact(advice.prefix(1).uppercased() + advice.dropFirst())
        state.clone = clone
        return []
    }
}
