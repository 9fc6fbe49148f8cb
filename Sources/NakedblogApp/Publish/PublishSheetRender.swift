import Foundation
import GitOps
import TUI
import TextWidth

extension PublishSheet {
    /// The sheet over the page, in the publish's phase; returns the cursor of a field it shows.
    func render(into screen: inout Screen, area: Rect) -> (x: Int, y: Int)? {
        let sheet = self
        var lines: [String] = []
        var styles: [Int: Style] = [:]
        switch sheet.phase {
        case .confirm:
            lines.append(
                sheet.post == nil ? "Push the commits that are not on the remote yet." : "Publish “\(sheet.title)”:")
            for file in sheet.files.prefix(6) { lines.append("  \(DisplayWidth.pad(file.change, to: 9)) \(file.path)") }
            if sheet.files.count > 6 { lines.append("  … and \(sheet.files.count - 6) more") }
            if sheet.files.isEmpty && sheet.post != nil {
                lines.append("  (no changes to commit; unpushed commits are pushed)")
            }
            if !sheet.changedKeys.isEmpty {
                lines.append("Front matter changed: " + sheet.changedKeys.joined(separator: ", "))
            }
            func add(_ more: [String], _ role: StyleRole) {
                for line in more { styles[lines.count] = Style(role); lines.append(line) }
            }
            for warning in sheet.review.warnings.prefix(5) { add(App.wrap("⚠ " + warning, width: 66), .warning) }
            if sheet.review.warnings.count > 5 { add(["⚠ … and \(sheet.review.warnings.count - 5) more"], .warning) }
            if let address = sheet.stopsAddress {
                add(App.wrap("⚠ \(address) stops existing on the site", width: 66), .warning)
            }
            for warning in sheet.pictureWarnings.prefix(3) { add(App.wrap("⚠ " + warning, width: 66), .warning) }
            if sheet.pictureWarnings.count > 3 {
                add(["⚠ … and \(sheet.pictureWarnings.count - 3) more about pictures"], .warning)
            }
            if !sheet.brokenLinks.isEmpty {
                let count = sheet.brokenLinks.count
                add(["⚠ \(count) broken link\(count == 1 ? "" : "s"):"], .warning)
                for problem in sheet.brokenLinks.prefix(3) {
                    let what = "line \(problem.line): " + problem.link + (problem.suggestion.map { " → \($0)?" } ?? "")
                    add(App.wrap("  " + what, width: 66), .warning)
                }
                if count > 3 { add(["  … and \(count - 3) more (nakedblog check --links)"], .warning) }
            }
            if let misspelled = sheet.misspelled, misspelled > 0 {
                add(["⚠ \(misspelled) misspelled word\(misspelled == 1 ? "" : "s") (F7 goes to the first)"], .warning)
            }
            if let refusal = sheet.review.refusal {
                lines.append("")
                add(App.wrap("Refused: \(refusal)", width: 66), .error)
            }
            if sheet.review.addressChange != nil, sheet.keepsOldAddress {
                lines.append("Ctrl-K keeps the old address as a redirect")
            }
            if sheet.takesOffSite && !sheet.setDraftFalse {
                add(["It is a draft now: this publish takes it off the site."], .warning)
            }
            if sheet.wasDraft {
                let what = sheet.draftMoves ? "publish as a post (moves it to _posts/)" : "set draft: false"
                lines.append("[\(sheet.setDraftFalse ? "x" : " ")] \(what) (Tab toggles)")
            }
            var hint =
                sheet.review.refusal == nil
                ? "Enter publishes · Esc cancels"
                : "Enter opens the post at line \(sheet.review.refusal?.line ?? 1) · Ctrl-F publishes anyway · Esc cancels"
            switch sheet.check {
            case .notRun: break
            case .running(let generator):
                add(
                    [
                        sheet.publishWhenChecked
                            ? "⧗ Building the site with \(generator)… publishing when it passes"
                            : "⧗ Building the site with \(generator) to check the change…"
                    ], .dim)
                if sheet.review.refusal == nil {
                    hint = "Enter publishes when the build passes · Ctrl-F publishes now · Esc cancels"
                }
            case .done(let check):
                for appearance in check.appearances.prefix(2) {
                    let text = appearance.when.description
                    add(App.wrap(text.prefix(1).uppercased() + text.dropFirst() + ".", width: 66), .dim)
                }
                let role: StyleRole
                switch check.verdict {
                case .failed: role = .error
                case .alreadyBroken: role = .warning
                case .passed, .unavailable: role = .dim
                }
                // ✓ only for a site that builds: a site already broken is a warning, a check not
                // run is said without a mark.
                let mark: String
                switch check.verdict {
                case .passed: mark = "✓ "
                case .failed: mark = "✗ "
                case .alreadyBroken: mark = "⚠ "
                case .unavailable: mark = "· "
                }
                let shown = check.lines.prefix(check.refuses || check.verdict == .alreadyBroken ? 4 : 2)
                for (index, line) in shown.enumerated() {
                    add(App.wrap((index == 0 ? mark : "  ") + line, width: 66), role)
                }
                if check.refuses && sheet.review.refusal == nil {
                    if let problem = check.postProblem, problem.path == sheet.post {
                        hint = "Enter opens the post at line \(problem.line) · Ctrl-F publishes anyway · Esc cancels"
                    } else {
                        hint = "Ctrl-F publishes anyway · Esc cancels"
                    }
                }
            }
            lines += ["", "Commit message:", "", "", hint]
        case .running(let step, _):
            lines =
                [step, "", ""] + sheet.remoteLines.suffix(3).map { "remote: " + $0 } + [
                    "", "Esc hides this; publishing continues.",
                ]
        case .failed(let message):
            lines =
                App.wrap(message, width: 60) + [
                    "", "Your commit is kept locally (shown as unpushed).", "r retries · Esc closes",
                ]
        case .conflict(let files, let selected):
            lines = ["The remote changed the same lines in:"]
            for (index, file) in files.enumerated() {
                let choice: String
                switch sheet.resolutions[file] {
                case .local?: choice = "mine"
                case .remote?: choice = "remote's"
                case .content?: choice = "edited"
                case nil: choice = "—"
                }
                lines.append((index == selected ? "▸ " : "  ") + DisplayWidth.pad(choice, to: 9) + file)
            }
            // The selected file's changes, both sides, before a side is kept.
            if selected < files.count, let changes = sheet.conflictSides?.changes[files[selected]] {
                lines.append("")
                for change in changes.prefix(2) {
                    lines.append("theirs " + OverlayRender.excerpt(change.theirs, width: 58))
                    lines.append("mine   " + OverlayRender.excerpt(change.mine, width: 58))
                }
                if changes.count > 2 { lines.append("… and \(changes.count - 2) more (e shows them all)") }
            } else if sheet.conflictSides == nil {
                lines += ["", "Reading both sides…"]
            }
            lines += [
                "", "m keep mine · t take the remote's · e edit by hand (markers shown)",
                files.count > 1
                    ? "M / T all files · Enter continue · a abort (your commit stays local)"
                    : "a abort (your commit stays local)",
            ]
        case .identity:
            lines = [
                "git does not know who you are yet. Your name and email go into",
                "every commit (saved in ~/.gitconfig, as git config --global does):",
                "", "Name:", "", "Email:", "", "", "Enter saves and publishes · Tab next · Esc cancels",
            ]
        case .done(let message):
            lines = [message]
        }
        let title = sheet.post == nil ? "Publish" : "Publish · \(sheet.title)"
        guard
            let inner = OverlayRender.box(
                title: title, lines: lines, styles: styles, minWidth: 60, into: &screen, area: area)
        else { return nil }
        switch sheet.phase {
        case .confirm:
            let y = inner.y + lines.count - 3
            return (sheet.message.render(into: &screen, area: Rect(x: inner.x, y: y, width: inner.width, height: 1)), y)
        case .running(_, let fraction):
            ProgressBar(label: "", fraction: fraction).render(
                into: &screen, area: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1))
        case .failed:
            screen.put("Publishing failed", x: inner.x, y: inner.y - 1, style: Style(.error, bold: true))
        case .identity(let name, let email, let focus):
            let nameColumn = name.render(
                into: &screen, area: Rect(x: inner.x + 7, y: inner.y + 3, width: inner.width - 7, height: 1))
            let emailColumn = email.render(
                into: &screen, area: Rect(x: inner.x + 7, y: inner.y + 5, width: inner.width - 7, height: 1))
            return focus == 0 ? (nameColumn, inner.y + 3) : (emailColumn, inner.y + 5)
        default: break
        }
        return nil
    }
}
