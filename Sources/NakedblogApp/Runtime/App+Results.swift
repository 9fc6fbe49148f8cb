import Blog
import Foundation
import GitOps
import TUI

extension App {
    /// Messages that carry the result of an effect: the site's and git's here, the post's in
    /// `App+PostResults`, publishing's in `App+Publish`, cloning's in `App+Clone`.
    static func handleResult(_ state: inout AppState, _ message: AppMessage, now: TimeInterval) -> [AppEffect] {
        switch message {
        case .postsRefreshed(let site, let listing, let paths, let readAt):
            adopt(&state, site, listing, readAt: readAt)
            // Only what changed is asked of git: a save costs its post, not the repository.
            return [.refreshGitPaths(paths)]
        case .gitChangesRefreshed(let under, let changes):
            state.git.changes = state.git.changes.filter { key, _ in
                !under.contains { key == $0 || key.hasPrefix($0 + "/") }
            }
            state.git.changes.merge(changes) { $1 }
            return []
        case .siteLoaded(let site, let listing, let readAt):
            let firstLoad = state.site == nil
            adopt(&state, site, listing, readAt: readAt)
            var effects: [AppEffect] = firstLoad ? [.refreshGit, .fetch, .rememberSite(site.root)] : [.refreshGit]
            if let post = state.openOnLoad {
                state.openOnLoad = nil
                effects.append(.openPost(post.path, at: post.at))
            }
            return effects
        case .postOpened, .postBeingEdited, .postReadOnly, .postReloaded, .previewRendered, .failed, .saved,
            .postCreated,
            .draftToggled, .editorReturned, .recoveryFound, .saveConflict, .imageCopied, .conflictLoaded:
            return handlePostResult(&state, message, now: now)
        case .changed(let change):
            return change.apply(&state, now)
        case .postsChangedOnDisk(let paths):
            return postsChangedOnDisk(&state, paths)
        case .bodyMatches(let query, let paths):
            guard state.browse.textQuery == query else { return [] }
            state.browse.textMatches = (query, paths)
            state.browse.refilter()
            state.browse.selected = 0
            state.browse.scroll(height: BrowseLayout.listHeight(rows: state.rows))
            return []
        case .sitesFound(let folder, let sites):
            // Restricted: the author's one site or nothing (`SiteOpening` never looks below then).
            if state.restricted { return endRestricted(&state, "no site at \(folder)") }
            state.browse.loading = false
            state.start.sitesIn = folder
            state.start.recent = sites
            state.start.selected = 0
            state.start.problem = nil
            state.page = .start
            return []
        case .siteFailed(let failure):
            let problem = failure.reason
            // Restricted: no start screen (it clones and opens other sites); say why and end.
            if state.restricted { return endRestricted(&state, problem) }
            state.browse.loading = false
            state.start.sitesIn = nil
            state.start.problem = problem
            state.page = .start
            return []
        case .gitStatus(let summary):
            let fetching = state.git.fetching
            state.git = summary
            state.git.fetching = fetching
            return []
        case .fetched(let behind, let problem):
            state.git.fetching = false
            state.git.behind = behind
            if let problem { state.git.problem = problem }
            return [.refreshGit]
        case .publish(let message):
            return handlePublish(&state, message, now: now)
        case .clone(let message):
            return handleClone(&state, message, now: now)
        case .showMessage(let title, let lines):
            if case .diskConflict = state.overlay { state.returnOverlay = state.overlay }
            state.overlay = .message(title: title, lines: lines)
            return []
        case .credentialsNeeded(let url, let username):
            state.overlay = .signIn(SignInDialog(url: url, username: username))
            return []
        case .terminated:
            state.shouldQuit = true
            return []
        case .spelling(let message):
            return handleSpelling(&state, message, now: now)
        case .key, .resized, .tick, .pasteArriving:
            return []
        }
    }

    /// Where a new post's cursor goes: the first empty line of the body (0-based), else the
    /// body's first line. Where the body starts is `PageText`'s rule (the one the preview and
    /// the publish review use), not worked out again here.
    static func firstBodyLine(_ text: String) -> Int {
        guard let page = try? PageText(text: text, file: ""), page.frontMatter != nil else { return 0 }
        let lines = TextLines.split(text)
        let body = min(page.bodyFirstLine - 1, max(0, lines.count - 1))
        return lines[body...].firstIndex { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } } ?? body
    }

    /// Word-wraps `text` to `width` display columns (for renderers).
    static func wrap(_ text: String, width: Int) -> [String] { WordWrap.lines(text, width: width) }
}

extension App {
    /// Reads `paths` again into the posts the browser holds (the whole site when none is loaded).
    /// A listing read from disk becomes the browser's.
    private static func adopt(_ state: inout AppState, _ site: Site, _ listing: BrowseState, readAt: Date) {
        state.site = site
        state.today = readAt
        state.browse.adopt(listing, keeping: state.browse.selectAfterLoad)
        state.browse.loading = false
        state.browse.selectAfterLoad = nil
        if state.page == .start || state.page == .clone { state.page = .browse }
    }

    /// The list follows changes made elsewhere: the pages named, the pages below a folder named,
    /// and the page whose bundle holds a file named; their git state; the open post, if unedited.
    static func postsChangedOnDisk(_ state: inout AppState, _ changed: [String]) -> [AppEffect] {
        guard state.site != nil else { return [] }
        let named = Set(changed)
        var affected = named
        // Every folder a named path is in (a file deep in a bundle names the bundle too): each
        // post is then matched by set lookups, never against every named path.
        var folders = Set<String>()
        for path in changed {
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard folders.insert(folder).inserted else { break }
            }
        }
        for post in state.browse.posts {
            if let folder = post.bundleDirectory, folders.contains(folder) {
                affected.insert(post.path)
                continue
            }
            // Below a named folder (a bundle or a section deleted or moved in).
            var folder = post.path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                if named.contains(folder) {
                    affected.insert(post.path)
                    break
                }
            }
        }
        let paths = affected.sorted()
        var effects: [AppEffect] = [refresh(state, paths), .refreshGitPaths(paths)]
        // Not while a publish runs (its rebase writes the files; the editor is read again when it
        // ends) nor into a conflict being resolved by hand.
        if let editor = state.editor, affected.contains(editor.path), !editor.editor.isDirty,
            editor.resolvingConflict == nil,
            !state.publishUnderWay
        {
            effects.append(.reloadPost(editor.path))
        }
        return effects
    }

    static func refresh(_ state: AppState, _ paths: [String]) -> AppEffect {
        guard let site = state.site else { return .loadSite(state.start.directory) }
        return .refreshPosts(
            PostIndex(site: site, posts: state.browse.posts, problems: state.browse.problems), paths: paths,
            criteria: state.browse.criteria)
    }
}
