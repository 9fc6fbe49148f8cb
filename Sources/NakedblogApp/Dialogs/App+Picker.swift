import Blog
import Foundation
import Preview
import TUI
import TextSearch
import Workflows

/// Go to a line or heading, switch posts, search every post: the picker's keys and where its
/// choices lead.
extension App {
    /// Ctrl-G in the editor: the post's headings (from CommonMark), or a line number typed.
    static func openGoTo(_ state: inout AppState, _ screen: EditorScreen) {
        let headings = MarkdownOutline.headings(
            in: screen.editor.text, skippingLines: screen.frontMatterLines()?.count ?? 0)
        let top = headings.map(\.level).min() ?? 1
        let items = headings.map { heading in
            Picker.Item(
                label: String(repeating: "  ", count: heading.level - top) + heading.text,
                detail: "line \(heading.line + 1)", key: heading.text, target: .line(heading.line + 1))
        }
        var picker = Picker(title: "Go to a line (42 or :42) or a heading", purpose: .goTo, items: items)
        if items.isEmpty { picker.note = "No headings: type a line number" }
        state.overlay = .picker(picker)
    }

    /// Alt-O: every post of the site, fuzzy by title, slug and path.
    static func openSwitcher(_ state: inout AppState) {
        let items = state.browse.posts.map { post in
            Picker.Item(
                label: post.title.isEmpty ? post.path : post.title, detail: post.path,
                key: post.title + " " + post.path, target: .post(post.path, line: nil))
        }
        state.overlay = .picker(Picker(title: "Switch to a post", purpose: .switchPost, items: items))
    }

    /// Alt-/: search the text of every post (the engine of `nakedblog search`).
    static func openSearch(_ state: inout AppState) {
        var picker = Picker(title: "Search every post", purpose: .search(searched: nil), items: [])
        picker.note = "Type, then Enter searches front matter and text (a query without capitals ignores case)"
        state.overlay = .picker(picker)
    }

    static func handlePickerKey(_ state: inout AppState, _ picker: inout Picker, _ key: KeyEvent, now: TimeInterval)
        -> [AppEffect]
    {
        let room = max(1, state.rows - 8)
        switch key {
        case .escape:
            state.overlay = nil
            return []
        case .up(false), .control("p"): picker.move(by: -1)
        case .down(false), .control("n"): picker.move(by: 1)
        case .pageUp: picker.move(by: -room)
        case .pageDown: picker.move(by: room)
        case .enter:
            if case .search(let searched) = picker.purpose, searched != picker.field.text {
                let query = picker.field.text
                guard !query.isEmpty else { return [] }
                picker.note = "Searching…"
                state.overlay = .picker(picker)
                return [.perform(.searchPosts(query))]
            }
            guard let target = picker.target else { return [] }
            state.overlay = nil
            return go(&state, to: target)
        default:
            let before = picker.field.text
            _ = picker.field.handle(key)
            if picker.field.text != before { picker.refilter() }
        }
        state.overlay = .picker(picker)
        return []
    }

    /// Goes where a picker's item leads: a line of the post in the editor (mid-screen), or
    /// another post (asking first when the one in the editor has unsaved changes).
    static func go(_ state: inout AppState, to target: Picker.Target) -> [AppEffect] {
        switch target {
        case .line(let line):
            guard var screen = state.editor else { return [] }
            screen.editor.goToLine(line)
            screen.view.centreOnCursor()
            state.editor = screen
            return []
        case .post(let path, let line):
            if var screen = state.editor, state.page == .editor {
                if screen.path == path {
                    if let line {
                        screen.editor.goToLine(line)
                        screen.view.centreOnCursor()
                        state.editor = screen
                    }
                    return []
                }
                if screen.editor.isDirty && screen.readOnlyBecause == nil {
                    state.overlay = .confirm(
                        Confirmation(
                            title: "Unsaved changes",
                            lines: ["\(screen.path) has unsaved changes.", "Save it and open \(path)? (n stays here)"],
                            action: .saveAndOpen(path, line: line)))
                    return []
                }
            }
            return open(&state, path, line: line)
        }
    }

    /// Opens `path` in the editor at `line` (the post in the editor, if another, is let go).
    static func open(_ state: inout AppState, _ path: String, line: Int?) -> [AppEffect] {
        var effects: [AppEffect] = []
        if let screen = state.editor, screen.path != path, state.page == .editor {
            effects += [.releasePost(screen.path), .perform(.rememberPosition(screen.path, screen.editor.cursor))]
        }
        state.browse.select(path)
        return effects + [.openPost(path, at: line.map(OpenAt.line) ?? .lastPlace)]
    }

    /// Ctrl-↓ / Ctrl-↑: the next (previous) heading's line.
    static func stepHeading(_ screen: inout EditorScreen, forward: Bool) -> Bool {
        let headings = MarkdownOutline.headings(
            in: screen.editor.text, skippingLines: screen.frontMatterLines()?.count ?? 0)
        let line = screen.editor.cursor.line
        let next = forward ? headings.first { $0.line > line } : headings.last { $0.line < line }
        guard let next else { return false }
        screen.editor.goToLine(next.line + 1)
        return true
    }
}

extension SiteTask {
    /// The search picker's Enter: every post searched (smart case), the rows shown as
    /// `path:line: text`, each opening its post at its line.
    static func searchPosts(_ query: String) -> SiteTask {
        SiteTask("search-posts \(query)", readsOnly: true) { context in
            let hits: [PostSearch.Hit]
            do throws(WorkflowError) {
                hits = try PostSearch.run(SearchQuery.smartCase(query), in: context.site)
            } catch {
                return StateChange { state, _ in
                    guard case .picker(var picker)? = state.overlay, picker.field.text == query else { return [] }
                    picker.showResults([], for: query, note: error.description)
                    state.overlay = .picker(picker)
                    return []
                }
            }
            // One row a line (several matches on a line are one row), at most 2,000.
            var seen = Set<String>()
            var items: [Picker.Item] = []
            for hit in hits where seen.insert("\(hit.path):\(hit.line)").inserted {
                if items.count == 2_000 { break }
                let text = hit.text.trimmingCharacters(in: .whitespaces)
                items.append(
                    Picker.Item(
                        label: "\(hit.path):\(hit.line): \(text)", target: .post(hit.path, line: hit.line)))
            }
            let posts = Set(hits.map(\.path)).count
            let note =
                hits.isEmpty
                ? "Nothing matches “\(query)”"
                : "\(seen.count) lines in \(posts) posts" + (seen.count > items.count ? " (first \(items.count))" : "")
            let results = items
            return StateChange { state, _ in
                // Only if the picker still waits for this query.
                guard case .picker(var picker)? = state.overlay, picker.field.text == query else { return [] }
                picker.showResults(results, for: query, note: note)
                state.overlay = .picker(picker)
                return []
            }
        }
    }
}
