import GitOps

extension ProgressPrinter {
    /// Publish and sync progress, in git's words.
    func show(_ event: PublishEvent) {
        switch event {
        case .committed(let outcome):
            finish()
            let files = outcome.files.count == 1 ? "1 file" : "\(outcome.files.count) files"
            FileHandleOutput.standardError.write(
                "Committed \(outcome.commit.shortID) \(outcome.commit.summary) (\(files)\(outcome.signed ? ", signed" : "")).\n"
            )
        case .remoteLine(let line, let isProgress):
            update("remote: " + line, phase: "remote", final: !isProgress)
        case .packing(let current, let total) where total == 0:
            // libgit2 is still counting what to send (its first packing stage).
            update("Counting objects: \(current)", phase: "counting", final: false)
        case .packing(let current, let total):
            update("Compressing objects: " + Self.count(current, total), phase: "packing", final: current == total)
        case .sending(let p):
            update(Self.sendingText(p), phase: "sending", final: p.current == p.total)
        case .fetching(let progress):
            show(CloneEvent.transfer(progress))
        case .rebased(let commits, let onto):
            finish()
            let what = commits == 1 ? "1 local commit" : "\(commits) local commits"
            FileHandleOutput.standardError.write("The remote had new commits: replayed \(what) onto \(onto).\n")
        case .fastForwarded(let commit):
            finish()
            FileHandleOutput.standardError.write("Fast-forwarded to \(commit.prefix(7)).\n")
        case .finished:
            break
        }
    }

    /// `Writing objects: 50% (3/6), 2.0 KiB | 1.0 KiB/s`, without the bytes where none are sent.
    static func sendingText(_ p: PushProgress) -> String {
        var text = "Writing objects: " + count(p.current, p.total)
        if let bytes = p.bytes { text += ", " + Self.bytes(Double(bytes)) }
        if let rate = p.bytesPerSecond { text += " | " + Self.bytes(rate) + "/s" }
        return text
    }
}
