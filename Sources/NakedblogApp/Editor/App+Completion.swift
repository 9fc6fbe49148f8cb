import Blog
import Foundation
import Preview
import TUI
import Workflows

/// Completion as the writer types links, generator tags and shortcodes (`CompletionMenu`), and
/// Alt-I: insert a shortcode, include or snippet at the cursor.
extension App {
    /// ↑/↓ pick, Tab/Enter insert, Esc closes; nil when the key is not the menu's.
    static func handleCompletionKey(_ screen: inout EditorScreen, _ key: KeyEvent, now: TimeInterval) -> Bool {
        guard var menu = screen.completion else { return false }
        switch key {
        case .up(false): menu.move(by: -1)
        case .down(false): menu.move(by: 1)
        case .escape: screen.completion = nil; return true
        case .tab, .enter:
            guard menu.selected < menu.shown.count else {
                screen.completion = nil
                return key == .tab
            }
            insert(menu.shown[menu.selected], of: menu, into: &screen, now: now)
            return true
        default: return false
        }
        screen.completion = menu
        return true
    }

    /// Whether `line` is prose (not code, not the front matter): completion opens only there.
    static func isProse(_ screen: EditorScreen, line: Int) -> Bool {
        MarkdownBlockContext.of(line: line, in: screen.editor.buffer) == .prose
    }

    /// Replaces the typed query with the item (cursor moved back into its first `""`).
    static func insert(
        _ item: CompletionMenu.Item, of menu: CompletionMenu, into screen: inout EditorScreen, now: TimeInterval
    ) {
        screen.completion = nil
        let cursor = screen.editor.cursor
        guard cursor.line == menu.line, cursor.column >= menu.column else { return }
        let range = TextPosition(line: menu.line, column: menu.column)..<cursor
        // A link is inserted whole: its `)` too, unless one follows already.
        var text = item.insert
        if [.pageLink, .image].contains(menu.kind),
            screen.editor.buffer.lineText(cursor.line).dropFirst(cursor.column).first != ")"
        {
            text += ")"
        }
        guard screen.editor.replace(range, expecting: screen.editor.buffer.text(in: range), with: text, now: now)
        else { return }
        for _ in 0..<item.cursorBack { _ = screen.editor.handle(.left(), now: now) }
        screen.lastEditTime = now
    }

    /// After a key reached the text: the open menu follows the query, or a trigger just typed
    /// opens one. Returns the work that reads what the menu offers.
    static func updateCompletion(_ state: inout AppState, _ screen: inout EditorScreen, after key: KeyEvent)
        -> [AppEffect]
    {
        let cursor = screen.editor.cursor
        let lineLength = screen.editor.buffer.lineLength(cursor.line)
        // A trigger just typed opens its menu, whatever was open (`](` then `#`: the anchors).
        // Every trigger ends in `(`, `"`, `#` or a space: other keys never copy the line.
        if case .character(let typed, false) = key, "(\"# ".contains(typed), let site = state.site,
            lineLength <= 4_096
        {
            let prefix = String(Array(screen.editor.buffer.lineText(cursor.line)).prefix(cursor.column))
            if let (kind, start) = CompletionMenu.trigger(prefix, jekyll: site.kind.jekyll != nil),
                start == cursor.column, isProse(screen, line: cursor.line)
            {
                let (items, task) = completionItems(kind, state: state, screen: screen, site: site, opening: prefix)
                screen.completion = CompletionMenu(
                    kind: kind, line: cursor.line, column: start, items: items, loading: task != nil)
                return task.map { [.perform($0)] } ?? []
            }
        }
        // Backspace back into a link's query opens its menu again, on what is left of the query.
        // Only where a trigger's last character sits is a trigger tried; the block context (a
        // walk from the top of the text) only once one is found: Backspace stays cheap.
        if screen.completion == nil, key == .backspace, let site = state.site, lineLength <= 4_096 {
            let line = Array(screen.editor.buffer.lineText(cursor.line))
            for start in stride(from: cursor.column, through: max(1, cursor.column - 64), by: -1)
            where "(\"# ".contains(line[start - 1]) {
                guard
                    let (kind, at) = CompletionMenu.trigger(
                        String(line.prefix(start)), jekyll: site.kind.jekyll != nil),
                    at == start
                else { continue }
                guard isProse(screen, line: cursor.line) else { break }
                let (items, task) = completionItems(
                    kind, state: state, screen: screen, site: site, opening: String(line.prefix(start)))
                var menu = CompletionMenu(
                    kind: kind, line: cursor.line, column: start, items: items, loading: task != nil)
                let query = String(line[start..<cursor.column])
                guard !menu.isFinished(by: query) else { break }
                menu.setQuery(query)
                screen.completion = menu
                return task.map { [.perform($0)] } ?? []
            }
        }
        if var menu = screen.completion {
            guard cursor.line == menu.line, cursor.column >= menu.column, lineLength <= 4_096 else {
                screen.completion = nil
                return []
            }
            let query = String(Array(screen.editor.buffer.lineText(cursor.line))[menu.column..<cursor.column])
            if menu.isFinished(by: query) {
                screen.completion = nil
            } else {
                menu.setQuery(query)
                screen.completion = menu
            }
            return []
        }
        return []
    }

    /// Alt-I: the site's shortcodes (or includes) and the writer's snippets, inserted whole at
    /// the cursor.
    static func openSnippets(_ state: inout AppState, _ screen: inout EditorScreen) -> [AppEffect] {
        guard let site = state.site else { return [] }
        let cursor = screen.editor.cursor
        screen.completion = CompletionMenu(
            kind: .snippet, line: cursor.line, column: cursor.column, items: [], loading: true)
        return [.perform(.snippets(site: site, at: cursor, opening: nil))]
    }

    /// What a trigger offers now (from the list in memory), and the task that reads the rest.
    static func completionItems(
        _ kind: CompletionMenu.Kind, state: AppState, screen: EditorScreen, site: Site, opening: String
    ) -> ([CompletionMenu.Item], SiteTask?) {
        let posts = state.browse.posts.filter { $0.path != screen.path }
        let at = TextPosition(line: screen.editor.cursor.line, column: screen.editor.cursor.column)
        switch kind {
        case .pageLink:
            if site.kind.jekyll != nil {
                return (
                    posts.map { post in
                        let posted = post.path.contains("_posts/")
                        let stem = ((post.path as NSString).lastPathComponent as NSString).deletingPathExtension
                        return CompletionMenu.Item(
                            label: post.title, detail: post.path,
                            insert: posted ? "{% post_url \(stem) %}" : "{% link \(post.path) %}",
                            key: post.title + " " + post.path)
                    }, nil
                )
            }
            return (
                posts.compactMap { post in
                    let url = post.url(config: site.config)
                    guard !url.isEmpty else { return nil }
                    return CompletionMenu.Item(
                        label: post.title, detail: (post.draft ? "draft · " : "") + url,
                        insert: site.config.baseURLPath + url, key: post.title + " " + post.path)
                }, nil
            )
        case .ref:
            let roots =
                site.config.contentRoots.map { $0.dir + "/" } + site.config.contentMounts.map { $0.source + "/" }
            return (
                posts.map { post in
                    var logical = post.path
                    if let root = roots.first(where: { logical.hasPrefix($0) }) {
                        logical = String(logical.dropFirst(root.count))
                    }
                    if post.isBundle { logical = (logical as NSString).deletingLastPathComponent }
                    let rest = screen.editor.buffer.lineText(at.line).dropFirst(at.column)
                    let close = rest.hasPrefix("\"") ? "" : "\" >}}"
                    return CompletionMenu.Item(
                        label: post.title, detail: "/" + logical, insert: "/" + logical + close,
                        key: post.title + " " + logical)
                }, nil
            )
        case .postURL:
            return (
                posts.filter { $0.path.contains("_posts/") }.map { post in
                    let stem = ((post.path as NSString).lastPathComponent as NSString).deletingPathExtension
                    return CompletionMenu.Item(
                        label: post.title, detail: stem, insert: stem + " %}", key: post.title + " " + stem)
                }, nil
            )
        case .jekyllLink:
            return (
                posts.map {
                    CompletionMenu.Item(
                        label: $0.title, detail: $0.path, insert: $0.path + " %}", key: $0.title + " " + $0.path)
                }, nil
            )
        case .image:
            let own = state.browse.posts.first { $0.path == screen.path }?.resources ?? []
            let images = own.filter {
                ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg"].contains(
                    ($0 as NSString).pathExtension.lowercased())
            }
            return (
                images.map { CompletionMenu.Item(label: $0, detail: "in the bundle", insert: $0) },
                .images(site: site, at: at)
            )
        case .anchor(let target):
            if target.isEmpty {
                let headings = MarkdownOutline.headings(
                    in: screen.editor.text, skippingLines: screen.frontMatterLines()?.count ?? 0)
                let ids = HeadingID.ids(headings.map(\.text), site: site)
                return (
                    zip(ids, headings).map { CompletionMenu.Item(label: $1.text, detail: "#" + $0, insert: $0) }, nil
                )
            }
            let wanted =
                target.hasPrefix(site.config.baseURLPath) && !site.config.baseURLPath.isEmpty
                ? String(target.dropFirst(site.config.baseURLPath.count)) : target
            func bare(_ url: String) -> String { url.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
            guard let post = state.browse.posts.first(where: { bare($0.url(config: site.config)) == bare(wanted) })
            else {
                return ([], nil)
            }
            return ([], .anchors(of: post.path, site: site, at: at))
        case .snippet:
            return ([], .snippets(site: site, at: at, opening: opening))
        }
    }
}

extension SiteTask {
    /// Lands items in the completion menu still open at `at` (one that moved on is left alone).
    private static func landing(_ items: [CompletionMenu.Item], at: TextPosition) -> StateChange {
        StateChange { state, _ in
            guard var screen = state.editor, var menu = screen.completion, menu.line == at.line,
                menu.column <= at.column
            else { return [] }
            menu.add(items)
            screen.completion = menu
            state.editor = screen
            return []
        }
    }

    static func images(site: Site, at: TextPosition) -> SiteTask {
        SiteTask("complete-images \(at.line):\(at.column)") { context in
            landing(
                SiteSnippets.images(context.site).map {
                    CompletionMenu.Item(label: $0, detail: "site", insert: site.config.baseURLPath + $0)
                }, at: at)
        }
    }

    static func anchors(of path: String, site: Site, at: TextPosition) -> SiteTask {
        SiteTask("complete-anchors \(path)") { context in
            landing(
                SiteSnippets.anchors(of: path, site: context.site).map {
                    CompletionMenu.Item(label: $0.heading, detail: "#" + $0.id, insert: $0.id)
                }, at: at)
        }
    }

    /// Shortcodes (Hugo) or includes (Jekyll) with their parameters, and the writer's snippets;
    /// `opening`: the text before the cursor when a tag was typed (`{{< `), nil for Alt-I.
    static func snippets(site: Site, at: TextPosition, opening: String?) -> SiteTask {
        SiteTask("complete-snippets \(at.line):\(at.column)") { context in
            let site = context.site
            let jekyll = site.kind.jekyll != nil
            let percent = opening?.hasSuffix("{{% ") ?? false
            var items: [CompletionMenu.Item] = []
            for snippet in jekyll ? SiteSnippets.includes(site) : SiteSnippets.shortcodes(site) {
                let parameters = snippet.parameters.map { " \($0)=\"\"" }.joined()
                let (open, close) =
                    jekyll ? ("{% include ", " %}") : (percent ? "{{% " : "{{< ", percent ? " %}}" : " >}}")
                var body = snippet.name + parameters + close
                if snippet.paired {
                    body += "\n\n" + (percent ? "{{% /" : "{{< /") + snippet.name + (percent ? " %}}" : " >}}")
                }
                let insert = (opening == nil ? open : "") + body
                // Into the first parameter's quotes, or between a paired tag's two lines.
                let back: Int
                if let first = snippet.parameters.first, let range = insert.range(of: first + "=\"") {
                    back = insert.distance(from: range.upperBound, to: insert.endIndex)
                } else if snippet.paired {
                    back = insert.distance(from: insert.range(of: "\n\n")!.lowerBound, to: insert.endIndex) - 1
                } else {
                    back = 0
                }
                items.append(
                    CompletionMenu.Item(
                        label: snippet.name,
                        detail: (snippet.parameters.isEmpty ? "" : snippet.parameters.joined(separator: " ") + " · ")
                            + (jekyll ? "include" : snippet.paired ? "shortcode, paired" : "shortcode"),
                        insert: insert, cursorBack: back))
            }
            if opening == nil {
                for snippet in SiteSnippets.userSnippets(environment: context.environment) {
                    items.append(
                        CompletionMenu.Item(label: snippet.name, detail: "snippet", insert: snippet.text ?? ""))
                }
            }
            return landing(items, at: at)
        }
    }
}
