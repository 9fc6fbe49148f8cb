import Blog
import Foundation
import GitOps
import TUI

extension App {
    /// Shows `sheet` running `step` and starts its publish: the first commit with the sheet's
    /// draft choice, or (`resolve` given) a retry that resolves conflicts as chosen.
    static func startPublish(
        _ state: inout AppState, _ sheet: inout PublishSheet, step: String,
        firstAttempt: Bool = true, resolve: Publisher.ConflictResolution? = nil
    ) -> [AppEffect] {
        sheet.phase = .running(step: step, fraction: nil)
        state.showPublish(sheet)
        return [
            .publish(
                commitPath: resolve == nil ? sheet.commitPath : nil, post: sheet.post, message: sheet.message.text,
                setDraftFalse: firstAttempt && resolve == nil && sheet.wasDraft && sheet.setDraftFalse, resolve: resolve
            )
        ]
    }

    static func handlePublishKey(
        _ state: inout AppState, _ sheet: inout PublishSheet, _ key: KeyEvent, now: TimeInterval
    ) -> [AppEffect] {
        switch sheet.phase {
        case .confirm:
            switch key {
            case .escape:
                state.closePublish()
                // A build still running is stopped with the sheet (its generator and copy go too).
                if sheet.check.isRunning { return [.stopPublishCheck] }
            case .enter where sheet.review.refusal != nil:
                // Refused: the default is to go and fix it, at the line where reading stopped.
                return openRefusedPost(&state, sheet)
            case .enter where sheet.check.isRunning:
                // Enter waits for the build check; the sheet stays usable meanwhile.
                sheet.publishWhenChecked = true
                state.publish = sheet
            case .enter where sheet.checkRefuses:
                // The build fails: the default is to go to the post's line the generator named.
                if case .done(let check) = sheet.check, let problem = check.postProblem, problem.path == sheet.post {
                    return openRefusedPost(&state, sheet, line: problem.line)
                }
            case .enter, .control("f"):
                return startPublish(&state, &sheet, step: "Committing…")
            case _ where state.keys.editor.action(for: key) == .nextMisspelling && (sheet.misspelled ?? 0) > 0:
                return openAtFirstMisspelling(&state, sheet)
            case .control("k"):
                guard let post = sheet.post, let change = sheet.review.addressChange, sheet.keepsOldAddress else {
                    break
                }
                return [.perform(.keepOldAddress(post: post, change: change))]
            case .control("d"), .tab:
                guard sheet.wasDraft else { break }
                sheet.setDraftFalse.toggle()
                state.publish = sheet
                // What is built changes with the draft choice: check again.
                if let post = sheet.post, sheet.check != .notRun {
                    sheet.check = .running(generator: state.site?.kind.command ?? "the generator")
                    state.publish = sheet
                    return [.runPublishCheck(post: post, undraft: sheet.setDraftFalse)]
                }
            default:
                _ = sheet.message.handle(key)
                state.publish = sheet
            }
        case .running:
            // Esc hides the sheet; the publish goes on (the status bar shows it).
            if key == .escape { state.closePublish() }
        case .failed:
            switch key {
            case .character("r", false), .enter:
                return startPublish(&state, &sheet, step: "Retrying…", firstAttempt: false)
            default:
                state.closePublish()
            }
        case .conflict(let conflicted, var selected):
            func publish(_ resolution: Publisher.ConflictResolution, _ step: String) -> [AppEffect] {
                startPublish(&state, &sheet, step: step, resolve: resolution)
            }
            let current: String? = conflicted.indices.contains(selected) ? conflicted[selected] : nil
            switch key {
            case .up(false), .character("k", false): selected = max(0, selected - 1)
            case .down(false), .character("j", false): selected = min(conflicted.count - 1, selected + 1)
            case .character("m", false), .character("t", false):
                let choice: Publisher.FileResolution = key == .character("m") ? .local : .remote
                if conflicted.count == 1 {
                    return publish(
                        .files([conflicted[0]: choice]),
                        choice == .local ? "Keeping your version…" : "Taking the remote's version…")
                }
                if let current { sheet.resolutions[current] = choice }
                selected = min(conflicted.count - 1, selected + 1)
            case .character("M", false): return publish(.side(.local), "Keeping your version of every file…")
            case .character("T", false): return publish(.side(.remote), "Taking the remote's version of every file…")
            case .character("e", false):
                guard let current else { return [] }
                // The sheet waits, hidden, while the file is edited by hand.
                state.publish = sheet
                state.overlay = nil
                return [.loadConflict(path: current)]
            case .enter:
                if conflicted.allSatisfy({ sheet.resolutions[$0] != nil }) {
                    return publish(.files(sheet.resolutions), "Publishing with your resolutions…")
                }
            case .character("a", false), .escape:
                state.closePublish()
                toast(&state, "Publish stopped: your commit is kept locally, nothing was pushed", now: now)
                return []
            default: return []
            }
            sheet.phase = .conflict(files: conflicted, selected: selected)
            state.publish = sheet
        case .identity(var name, var email, var focus):
            switch key {
            case .escape:
                state.closePublish()
                return []
            case .tab, .down(false), .up(false), .backTab:
                focus = 1 - focus
            case .enter:
                let (n, e) = (
                    name.text.trimmingCharacters(in: .whitespaces), email.text.trimmingCharacters(in: .whitespaces)
                )
                if n.isEmpty || !e.contains("@") {
                    focus = n.isEmpty ? 0 : 1
                } else {
                    return [.setIdentity(name: n, email: e)] + startPublish(&state, &sheet, step: "Committing…")
                }
            default:
                if focus == 0 { _ = name.handle(key) } else { _ = email.handle(key) }
            }
            sheet.phase = .identity(name: name, email: email, focus: focus)
            state.publish = sheet
        case .done:
            state.closePublish()
        }
        return []
    }

    /// Closes the sheet and puts the cursor on the line where reading the front matter stopped.
    static func openRefusedPost(_ state: inout AppState, _ sheet: PublishSheet, line given: Int? = nil) -> [AppEffect] {
        state.closePublish()
        guard let post = sheet.post else { return [] }
        let line = given ?? sheet.review.refusal?.line ?? 1
        if state.page == .editor, var screen = state.editor, screen.path == post {
            screen.editor.goToLine(line)
            screen.view.centreOnCursor()
            state.editor = screen
            return []
        }
        return [.openPost(post, at: .line(line))]
    }

    /// F7 on the sheet: the post in the editor at its first misspelled word, with suggestions.
    static func openAtFirstMisspelling(_ state: inout AppState, _ sheet: PublishSheet) -> [AppEffect] {
        state.closePublish()
        guard let post = sheet.post else { return [] }
        let stop: [AppEffect] = sheet.check.isRunning ? [.stopPublishCheck] : []
        if state.page == .editor, var screen = state.editor, screen.path == post {
            screen.editor.goTo(TextPosition(line: 0, column: 0))
            let effects = findMisspelling(&state, &screen, forward: true)
            state.editor = screen
            return stop + effects
        }
        return stop + [.openPost(post, at: .firstMisspelling)]
    }

    /// The sheet opened: its build check starts in the background.
    /// Publishing's results, each where it lands.
    static func handlePublish(_ state: inout AppState, _ message: PublishMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .sheetReady(let sheet): return publishSheetReady(&state, sheet)
        case .checked(let post, let undraft, let check):
            return publishChecked(&state, post: post, undraft: undraft, check)
        case .event(let event):
            updatePublishProgress(&state, event)
            return []
        case .finished(let result): return publishFinished(&state, result, now: now)
        case .failed(let error): return publishFailed(&state, error, now: now)
        case .refused(let failure):
            guard var sheet = state.publish, sheet.isRunning else {
                state.git.fetching = false
                toast(&state, failure.reason, isError: true, now: now)
                return [.refreshGit]
            }
            sheet.phase = .failed(failure.reason)
            state.showPublish(sheet)
            return [.refreshGit]
        }
    }

    static func publishSheetReady(_ state: inout AppState, _ sheet: PublishSheet) -> [AppEffect] {
        var sheet = sheet
        var effects: [AppEffect] = []
        if let pending = state.pendingPublish, pending.post == sheet.post {
            state.pendingPublish = nil
            sheet.message = TextField(pending.message)
            sheet.stopsAddress = pending.stopsAddress
            if pending.keepDraft { sheet.setDraftFalse = false }
        }
        if let post = sheet.post, state.buildCheck {
            sheet.check = .running(generator: state.site?.kind.command ?? "the generator")
            effects.append(.runPublishCheck(post: post, undraft: sheet.wasDraft && sheet.setDraftFalse))
        }
        state.showPublish(sheet)
        return effects
    }

    /// A build check is done: shown on its sheet (if it is still the sheet's question), and the
    /// publish goes on if Enter was pressed meanwhile and the check passed.
    static func publishChecked(_ state: inout AppState, post: String, undraft: Bool, _ check: PublishCheck)
        -> [AppEffect]
    {
        guard case .publish? = state.overlay, var sheet = state.publish, sheet.post == post, sheet.phase == .confirm,
            undraft == (sheet.wasDraft && sheet.setDraftFalse)
        else { return [] }
        sheet.check = .done(check)
        if sheet.publishWhenChecked {
            sheet.publishWhenChecked = false
            if !check.refuses && sheet.review.refusal == nil {
                return startPublish(&state, &sheet, step: "Committing…")
            }
        }
        state.publish = sheet
        return []
    }

    static func updatePublishProgress(_ state: inout AppState, _ event: PublishEvent) {
        guard var sheet = state.publish, sheet.isRunning else { return }
        switch event {
        case .committed(let outcome):
            sheet.phase = .running(step: "Committed \(outcome.commit.shortID); pushing…", fraction: nil)
        case .remoteLine(let line, let isProgress): if !isProgress { sheet.remoteLines.append(line) }
        case .packing(let current, let total):
            // Total 0: libgit2 is still counting the objects to send.
            sheet.phase = .running(
                step: total > 0 ? "Packing \(current)/\(total)" : "Counting objects: \(current)",
                fraction: total > 0 ? Double(current) / Double(total) : nil)
        case .sending(let p):
            sheet.phase = .running(
                step: "Sending \(p.current)/\(p.total) objects",
                fraction: p.total > 0 ? Double(p.current) / Double(p.total) : nil)
        case .fetching(let p):
            sheet.phase = .running(
                step: "The remote moved on: fetching…",
                fraction: p.totalObjects > 0 ? Double(p.receivedObjects) / Double(p.totalObjects) : nil)
        case .rebased(let commits, let onto):
            sheet.phase = .running(step: "Replayed \(commits) commit(s) onto \(onto); pushing again…", fraction: nil)
        case .fastForwarded, .finished: break
        }
        state.publish = sheet
    }

    static func publishFinished(_ state: inout AppState, _ result: PublishResult, now: TimeInterval) -> [AppEffect] {
        let id = result.head.map { String($0.prefix(7)) } ?? ""
        let text: String
        if result.pushedCommits > 0 {
            text =
                "Published \(id) to \(result.upstream ?? "the remote")"
                + (result.rebasedCommits > 0 ? " (rebased onto new remote commits)" : "")
        } else if result.fastForwarded || result.rebasedCommits > 0 {
            text = "Synced: \(result.branch) at \(id)"
        } else {
            text = "Nothing new to publish"
        }
        let prefix = state.publish?.sitePrefix ?? ""
        if case .publish? = state.overlay { state.overlay = nil }
        state.publish = nil
        toast(&state, text, now: now)
        // Only what the commit touched is read again, unless the remote's commits came in too.
        let touched = SitePath(prefix: prefix).inSite(result.commit?.files ?? [])
        let remoteCameIn = result.rebasedCommits > 0 || result.fastForwarded
        // A publish made commits: the branch's counts are read again too.
        var effects: [AppEffect] =
            remoteCameIn || touched.isEmpty || state.site == nil
            ? [.loadSite(state.site?.root ?? "")] : [refresh(state, touched), .refreshGit]
        // The publish may have changed the post (draft: false): read it again, but never switch
        // to the editor if the user has left it meanwhile (`postReloaded`).
        if let editor = state.editor, !editor.editor.isDirty { effects.append(.reloadPost(editor.path)) }
        return effects
    }

    static func publishFailed(_ state: inout AppState, _ error: GitError, now: TimeInterval) -> [AppEffect] {
        guard var sheet = state.publish, sheet.isRunning else {
            // A sync failed.
            state.git.fetching = false
            if error.kind == .conflict {
                // Never a dead end: the choice a publish offers (yours, theirs, or edit, per
                // file), then the local commits go out with it (issue 60.3).
                var sheet = PublishSheet(
                    post: nil, commitPath: nil, title: "unpushed commits", files: [], changedKeys: [],
                    wasDraft: false, message: "")
                sheet.phase = .conflict(files: error.paths, selected: 0)
                state.showPublish(sheet)
                return [.refreshGit, .perform(.loadConflictSides())]
            }
            toast(&state, error.message, isError: true, now: now)
            return [.refreshGit]
        }
        var effects: [AppEffect] = [.refreshGit]
        if error.kind == .conflict {
            sheet.phase = .conflict(files: error.paths, selected: 0)
            effects.append(.perform(.loadConflictSides()))
        } else if error.kind == .identityMissing {
            sheet.phase = .identity(name: TextField(), email: TextField(), focus: 0)
        } else {
            var message = error.message
            if !error.remoteMessages.isEmpty {
                message += "\nThe remote said: " + error.remoteMessages.joined(separator: " / ")
            }
            sheet.phase = .failed(message)
        }
        state.showPublish(sheet)
        return effects
    }
}
