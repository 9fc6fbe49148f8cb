import Blog
import Foundation
import TUI
import Workflows

/// The history screen's keys and where its answers land.
extension App {
    /// Opens the history of `post`; its versions arrive from a task.
    static func openHistory(_ state: inout AppState, post: String, fromEditor: Bool) -> [AppEffect] {
        state.overlay = .history(HistoryView(post: post, fromEditor: fromEditor))
        return [.perform(.loadHistory(post))]
    }

    static func handleHistoryKey(_ state: inout AppState, _ view: inout HistoryView, _ key: KeyEvent, now: TimeInterval)
        -> [AppEffect]
    {
        if var compare = view.compare {
            let effects = handleCompareKey(&state, &view, &compare, key, now: now)
            if case .history? = state.overlay { state.overlay = .history(view) }
            return effects
        }
        let version = view.selected < view.versions.count ? view.versions[view.selected] : nil
        switch key {
        case .escape, .character("q", alt: false):
            state.overlay = nil
            return []
        case .up(false), .character("k", alt: false): view.selected = max(0, view.selected - 1)
        case .down(false), .character("j", alt: false):
            view.selected = min(max(0, view.versions.count - 1), view.selected + 1)
        case .enter:
            guard let version, let history = view.history else { break }
            // Against the text in the editor, or the file as it is.
            let current = view.fromEditor ? state.editor?.editor.text : nil
            state.overlay = .history(view)
            return [.perform(.compare(history, version, against: current, previous: false))]
        case .character("c", alt: false):
            guard let version, let history = view.history else { break }
            state.overlay = .history(view)
            return [.perform(.compare(history, version, against: nil, previous: true))]
        case .character("R", alt: false):
            guard let version, let history = view.history, view.fromEditor else {
                view.problem = "Open the post to bring a version back (Enter in the list, then Alt-H)"
                break
            }
            state.overlay = .history(view)
            return [.perform(.restoreVersion(history, version))]
        case .character("u", alt: false):
            state.overlay = .confirm(
                Confirmation(
                    title: "Take this post off the site",
                    lines: [
                        "\(view.post) becomes a draft (Jekyll: back to _drafts/, keeping its date),",
                        "then the publish sheet commits and pushes it with its check.",
                        "Its address stops existing. Go on?",
                    ], action: .unpublish(view.post)))
            return []
        case .character("U", alt: false):
            state.overlay = .confirm(
                Confirmation(
                    title: "Undo the last publish of this post",
                    lines: [
                        "\(view.post) goes back to what it was before its last commit,",
                        "as a new commit pushed through the publish sheet (history is kept). Go on?",
                    ], action: .undoPublish(view.post)))
            return []
        default: break
        }
        state.overlay = .history(view)
        return []
    }

    private static func handleCompareKey(
        _ state: inout AppState, _ view: inout HistoryView, _ compare: inout CompareView, _ key: KeyEvent,
        now: TimeInterval
    ) -> [AppEffect] {
        let page = max(1, state.rows - 6)
        switch key {
        case .escape, .character("q", alt: false):
            view.compare = nil
            return []
        case .up(false), .character("k", alt: false): compare.top = max(0, compare.top - 1)
        case .down(false), .character("j", alt: false): compare.top += 1
        case .pageUp: compare.top = max(0, compare.top - page)
        case .pageDown, .character(" ", alt: false): compare.top += page
        case .character("n", alt: false), .tab:
            compare.hunk = min(max(0, compare.diff.hunks.count - 1), compare.hunk + 1)
            compare.top = CompareRows.firstRow(ofHunk: compare.hunk, in: compare, width: state.columns - 4)
        case .character("p", alt: false), .backTab:
            compare.hunk = max(0, compare.hunk - 1)
            compare.top = CompareRows.firstRow(ofHunk: compare.hunk, in: compare, width: state.columns - 4)
        case .character("h", alt: false), .enter:
            guard compare.againstEditor, compare.hunk < compare.diff.hunks.count, var screen = state.editor else {
                view.problem = "Compare a version with the editor's text to bring a paragraph back"
                break
            }
            restore(compare.diff.hunks[compare.hunk], into: &screen, now: now)
            state.editor = screen
            compare.diff = ProseDiff(from: compare.versionText, to: screen.editor.text, file: view.post)
            compare.hunk = min(compare.hunk, max(0, compare.diff.hunks.count - 1))
            view.problem = "Paragraph brought back (Ctrl-Z undoes it; Ctrl-S saves)"
        case .character("R", alt: false):
            guard compare.againstEditor, var screen = state.editor else { break }
            screen.editor.replaceText(with: compare.versionText, now: now)
            screen.lastEditTime = now
            state.editor = screen
            compare.diff = ProseDiff(from: compare.versionText, to: screen.editor.text, file: view.post)
            view.problem = "Version brought back (Ctrl-Z undoes it; Ctrl-S saves)"
        default: break
        }
        view.compare = compare
        return []
    }

    /// The old paragraphs of `hunk` in place of the new ones, as one undo step.
    static func restore(_ hunk: ProseDiff.Hunk, into screen: inout EditorScreen, now: TimeInterval) {
        var lines = screen.editor.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let range = hunk.newLines.clamped(to: 0..<lines.count)
        var old =
            hunk.oldText.isEmpty
            ? [] : hunk.oldText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A paragraph put back where there was none is set off by a blank line.
        if range.isEmpty && !old.isEmpty { old.append("") }
        if old.isEmpty && !range.isEmpty && range.upperBound < lines.count && lines[range.upperBound].isEmpty {
            lines.remove(at: range.upperBound)
        }
        lines.replaceSubrange(range, with: old)
        screen.editor.replaceText(with: lines.joined(separator: "\n"), now: now)
        screen.lastEditTime = now
    }
}

extension SiteTask {
    static func loadHistory(_ post: String) -> SiteTask {
        SiteTask("history \(post)", readsOnly: true) { context in
            let result: Result<PostHistory, WorkflowError>
            do throws(WorkflowError) {
                result = .success(try PostHistory.load(post: post, site: context.site, restricted: context.restricted))
            } catch {
                result = .failure(error)
            }
            return StateChange { state, _ in
                guard case .history(var view)? = state.overlay, view.post == post else { return [] }
                switch result {
                case .success(let history):
                    view.history = history
                    if history.versions.isEmpty { view.problem = "No commits yet: this post has never been committed" }
                case .failure(let error): view.problem = error.description
                }
                state.overlay = .history(view)
                return []
            }
        }
    }

    /// `version` against `current` (the editor's text), the file on disk (nil), or the version
    /// before it (`previous`).
    static func compare(
        _ history: PostHistory, _ version: PostHistory.Version, against current: String?, previous: Bool
    )
        -> SiteTask
    {
        SiteTask("compare \(version.entry.commit) \(previous)", readsOnly: true) { context in
            let versionText = history.text(of: version) ?? ""
            let other: String
            let title: String
            let when = String(version.entry.commit.prefix(7)) + " (" + PostHistory.relative(version.entry.time) + ")"
            if previous {
                other = versionText
                title = "What \(when) changed"
            } else {
                other =
                    current ?? (try? String(contentsOfFile: context.site.absolute(history.post), encoding: .utf8)) ?? ""
                title = "\(when) → " + (current == nil ? "the file now" : "your text")
            }
            let base = previous ? (history.textBefore(version) ?? "") : versionText
            let diff = ProseDiff(from: base, to: other, file: history.post)
            let against = current != nil && !previous
            return StateChange { state, _ in
                guard case .history(var view)? = state.overlay, view.post == history.post else { return [] }
                view.compare = CompareView(title: title, diff: diff, versionText: versionText, againstEditor: against)
                view.problem = nil
                state.overlay = .history(view)
                return []
            }
        }
    }

    /// The whole version brought into the editor (one undo step; saved when the writer saves).
    static func restoreVersion(_ history: PostHistory, _ version: PostHistory.Version) -> SiteTask {
        SiteTask("restore \(version.entry.commit)") { _ in
            let text = history.text(of: version)
            return StateChange { state, now in
                guard case .history(var view)? = state.overlay, var screen = state.editor, screen.path == history.post
                else { return [] }
                guard let text else {
                    view.problem = "That version has no text (the post was deleted there)"
                    state.overlay = .history(view)
                    return []
                }
                screen.editor.replaceText(with: text, now: now)
                screen.lastEditTime = now
                state.editor = screen
                state.overlay = nil
                App.toast(
                    &state, "Version \(version.entry.commit.prefix(7)) brought back: Ctrl-Z undoes, Ctrl-S saves",
                    now: now)
                return []
            }
        }
    }
}

extension SiteTask {
    /// Unpublish: the post becomes a draft, then its publish sheet opens saying which address
    /// stops existing (the draft choice off, so it is committed as a draft).
    static func unpublish(_ post: String) -> SiteTask {
        SiteTask("unpublish \(post)") { context in
            if let reason = context.notYours(post) { return .failed(AppFailure(.unpublish, reason)) }
            let result: (path: String, movedFrom: String?, address: String?)
            do throws(WorkflowError) { result = try Unpublish.run(post, site: context.site) } catch {
                return .failed(AppFailure(.unpublish, error.description))
            }
            let title = PostIndex.post(
                at: result.path, bytes: WholeFile.read(context.site.absolute(result.path)) ?? [], site: context.site)?
                .title
            return StateChange { state, now in
                state.pendingPublish = PendingPublish(
                    post: result.path, message: "Unpublish: " + (title ?? result.path), keepDraft: true,
                    stopsAddress: result.address)
                if case .history? = state.overlay { state.overlay = nil }
                let moved = App.handlePostResult(
                    &state, .draftToggled(path: result.path, movedFrom: result.movedFrom), now: now)
                App.toast(&state, "\(result.path) is a draft now: Enter on the sheet takes it off the site", now: now)
                return moved + [
                    .reloadPost(result.path),
                    .preparePublish(post: result.path, ignoringWords: state.ignoredWords.sorted()),
                ]
            }
        }
    }

    /// Undo the post's last publish: its file as it was before that commit, then the sheet.
    static func undoPublish(_ post: String) -> SiteTask {
        SiteTask("undo-publish \(post)") { context in
            if let reason = context.notYours(post) { return .failed(AppFailure(.undoPublish, reason)) }
            let result: (path: String, undone: String)
            do throws(WorkflowError) {
                result = try Unpublish.undoLastPublish(post, site: context.site, restricted: context.restricted)
            } catch {
                return .failed(AppFailure(.undoPublish, error.description))
            }
            return StateChange { state, now in
                state.pendingPublish = PendingPublish(
                    post: result.path, message: "Revert \"\(result.undone)\"", keepDraft: true, stopsAddress: nil)
                if case .history? = state.overlay { state.overlay = nil }
                let moved = App.handlePostResult(
                    &state, .draftToggled(path: result.path, movedFrom: result.path == post ? nil : post), now: now)
                App.toast(
                    &state, "Put back as before \"\(result.undone)\": Enter on the sheet publishes that", now: now)
                return moved + [
                    .reloadPost(result.path),
                    .preparePublish(post: result.path, ignoringWords: state.ignoredWords.sorted()),
                ]
            }
        }
    }
}
