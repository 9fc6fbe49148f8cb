import Blog
import Foundation
import GitOps
import TUI

/// Where the browser's parts go (shared by update and render).
enum BrowseLayout {
    /// Rows for the list: the screen minus title, header, status and hint bars.
    static func listHeight(rows: Int) -> Int { max(1, rows - 4) }
}

extension App {
    static func handleBrowseKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        let height = BrowseLayout.listHeight(rows: state.rows)
        let post = state.browse.selectedPost
        if state.browse.filtering {
            return handleFilterKey(&state, key, height: height, now: now)
        }
        // Esc with a filter applied clears it (the empty list says so).
        if key == .escape, !state.browse.filter.isEmpty {
            state.browse.filter = ""
            state.browse.refilter()
            state.browse.scroll(height: height)
            toast(&state, "Filter cleared", now: now)
            return []
        }
        guard let action = state.keys.browse.action(for: key) else {
            if state.unavailableBrowseKeys.contains(key) { toast(&state, "Not available on this server", now: now) }
            return []
        }
        // Keys that need a post say so when the list is empty (filtered to nothing, or no posts).
        if post == nil, [.open, .toggleDraft, .externalEditor].contains(action) {
            toast(
                &state,
                state.browse.visible.isEmpty
                    ? "No post is listed" + BrowseRender.emptyReason(state) : "No post is selected", now: now)
            return []
        }
        if let question = action.question(state, post: post) {
            state.overlay = .confirm(question)
            return []
        }
        return perform(&state, action, post: post, now: now)
    }

    /// A browser command, asked first already when it asks (`BrowseAction.question`).
    static func perform(_ state: inout AppState, _ action: BrowseAction, post: Post?, now: TimeInterval)
        -> [AppEffect]
    {
        let height = BrowseLayout.listHeight(rows: state.rows)
        switch action {
        case .up: state.browse.move(by: -1, height: height)
        case .down: state.browse.move(by: 1, height: height)
        case .pageUp: state.browse.move(by: -(height - 1), height: height)
        case .pageDown: state.browse.move(by: height - 1, height: height)
        case .top: state.browse.move(by: -state.browse.visible.count, height: height)
        case .bottom: state.browse.move(by: state.browse.visible.count, height: height)
        case .open:
            if let post { return [.openPost(post.path)] }
        case .newPost:
            guard let site = state.site else { return [] }
            let languages = site.config.languageCodes
            state.overlay = .newPost(
                NewPostDialog(
                    sections: state.browse.sections.isEmpty ? ["posts"] : state.browse.sections,
                    languages: languages.count > 1 ? languages : [], jekyll: site.kind.jekyll != nil))
        case .filter:
            state.browse.filtering = true
            // The last query, selected: typing replaces it, Enter or a move keeps it.
            state.browse.filterSelected = !state.browse.filter.isEmpty
        case .publish:
            // A publish under way (running, or waiting on a conflict): its sheet again.
            if state.publishUnderWay {
                state.overlay = .publish
                return []
            }
            return [.preparePublish(post: post?.path, ignoringWords: state.ignoredWords.sorted())]
        case .toggleDraft:
            guard let post else { return [] }
            return [.toggleDraft(post.path)]
        case .sync:
            guard !state.isPublishing else {
                toast(&state, "A publish is running; sync after it finishes", isError: true, now: now)
                return []
            }
            state.git.fetching = true
            return [.sync]
        case .sort:
            state.browse.sort = state.browse.sort == .date ? .title : .date
            state.browse.refilter()
            state.browse.scroll(height: height)
        case .section, .previousSection:
            // all → each section → all, forwards (Tab) or backwards (Shift-Tab).
            let choices: [String?] = [nil] + state.browse.sections.map { Optional($0) }
            let index = choices.firstIndex(of: state.browse.section) ?? 0
            let step = action == .section ? 1 : choices.count - 1
            state.browse.section = choices[(index + step) % choices.count]
            state.browse.refilter()
            state.browse.scroll(height: height)
            toast(&state, "Section: " + BrowseRender.sectionName(state.browse.section), now: now)
        case .history:
            if let post { return openHistory(&state, post: post.path, fromEditor: false) }
        case .note:
            guard state.site != nil else { return [] }
            state.overlay = .note(TextField())
        case .switchPost:
            openSwitcher(&state)
        case .searchPosts:
            openSearch(&state)
        case .externalEditor:
            if let post { return [.runExternalEditor(post.path)] }
        case .suspend:
            return [.suspend]
        case .problems:
            let problems = state.browse.problems.map { String(describing: $0) }
            state.overlay = .message(
                title: "Problems (\(problems.count))",
                lines: problems.isEmpty
                    ? ["Every content file was read."]
                    : problems)
        case .help:
            state.overlay = .help(title: "Posts", rows: Keymaps.helpRows(state.keys.browse))
        case .quit:
            return [.quit]
        }
        return []
    }

    private static func handleFilterKey(_ state: inout AppState, _ key: KeyEvent, height: Int, now: TimeInterval)
        -> [AppEffect]
    {
        let replacing = state.browse.filterSelected
        state.browse.filterSelected = false
        switch key {
        case .escape:
            state.browse.filtering = false
            state.browse.filter = ""
            state.browse.refilter()
            state.browse.scroll(height: height)
            return []
        case .enter:
            // One Enter opens the highlighted match (the filter stays applied behind it).
            state.browse.filtering = false
            guard let post = state.browse.selectedPost else {
                toast(&state, "No post is listed" + BrowseRender.emptyReason(state), isError: true, now: now)
                return []
            }
            return [.openPost(post.path)]
        case .up(false), .down(false), .pageUp, .pageDown:
            state.browse.filtering = false
            return handleBrowseKey(&state, key, now: 0)
        case .backspace:
            if replacing {
                state.browse.filter = ""
            } else if !state.browse.filter.isEmpty {
                state.browse.filter.removeLast()
            }
        case .control("u"):
            state.browse.filter = ""
        case .control("w"), .controlBackspace:
            var words = state.browse.filter.split(separator: " ", omittingEmptySubsequences: false)
            while words.last == "" { words.removeLast() }
            if !words.isEmpty { words.removeLast() }
            state.browse.filter = words.joined(separator: " ") + (words.isEmpty ? "" : " ")
        case .character(let c, false):
            if replacing { state.browse.filter = "" }
            state.browse.filter.append(c)
        case .paste(let text):
            if replacing { state.browse.filter = "" }
            state.browse.filter += text.replacingOccurrences(of: "\n", with: " ")
        default:
            state.browse.filterSelected = replacing
            return []
        }
        // ▸ on the best match for what is typed now.
        state.browse.refilter()
        state.browse.selected = 0
        state.browse.scroll(height: height)
        let query = state.browse.textQuery
        guard !query.isEmpty, state.browse.textMatches?.query != query else { return [] }
        return [.searchBodies(query: query, paths: state.browse.posts.map(\.path))]
    }

    static func handleStartKey(_ state: inout AppState, _ key: KeyEvent, now: TimeInterval) -> [AppEffect] {
        if state.restricted { return handleRestrictedStartKey(&state) }
        if state.start.editingURL {
            switch key {
            case .escape: state.start.editingURL = false
            case .enter:
                let url = state.start.url.text.trimmingCharacters(in: .whitespaces)
                guard !url.isEmpty else {
                    state.start.problem = "Type the URL of a git repository to clone (Esc goes back)."
                    return []
                }
                // Parsing may ask the file system (a local folder?): an effect, not update's work.
                state.start.problem = nil
                return [.checkCloneURL(url: url, directory: state.start.directory)]
            default: _ = state.start.url.handle(key)
            }
            return []
        }
        switch key {
        case .character("q", false), .control("q"), .control("c"): return [.quit]
        case .character("c", false): state.start.editingURL = true
        case .up(false), .character("k", false): state.start.selected = max(0, state.start.selected - 1)
        case .down(false), .character("j", false):
            state.start.selected = min(max(0, state.start.recent.count - 1), state.start.selected + 1)
        case .enter:
            if state.start.recent.indices.contains(state.start.selected) {
                state.start.problem = nil
                return [.loadSite(state.start.recent[state.start.selected])]
            }
        default: break
        }
        return []
    }
}
