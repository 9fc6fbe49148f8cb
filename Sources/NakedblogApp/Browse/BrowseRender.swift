import Blog
import Foundation
import TUI
import TextWidth

/// The post browser.
enum BrowseRender {
    static func draw(_ state: AppState, into screen: inout Screen) -> (x: Int, y: Int)? {
        let width = state.columns, browse = state.browse
        let drafts = browse.draftCount
        let counts =
            browse.loading
            ? "loading…"
            : "\(browse.visible.count) of \(browse.posts.count) posts · \(drafts) draft\(drafts == 1 ? "" : "s")"
        Render.titleBar("nakedblog · \(state.site?.config.title ?? "")", right: counts, into: &screen, width: width)
        let columns = Columns(width: width)
        var header = " " + DisplayWidth.pad("Title", to: columns.title) + " " + DisplayWidth.pad("Date", to: 10) + " "
        header += DisplayWidth.pad("Status", to: 9) + " " + "Git"
        screen.put(DisplayWidth.truncate(header, to: width), x: 0, y: 1, style: Style(.dim, bold: true))
        let height = BrowseLayout.listHeight(rows: state.rows)
        if browse.visible.isEmpty && !browse.loading {
            emptyState(state, into: &screen, y: 3)
        }
        let now = state.today
        let multilingual = (state.site?.config.languageCodes.count ?? 1) > 1
        for row in 0..<height {
            let position = browse.top + row
            guard position < browse.visible.count else { break }
            let post = browse.posts[browse.visible[position]]
            let y = 2 + row
            let isSelected = position == browse.selected
            let base = isSelected ? Style(.selection) : Style(.normal)
            if isSelected { screen.fill(Rect(x: 0, y: y, width: width, height: 1), style: base) }
            var title = post.title.isEmpty ? (post.lead ?? post.slug) : post.title
            if multilingual {
                title += " [\(post.lang)\(post.translations.isEmpty ? "" : "+\(post.translations.count)")]"
            }
            // Posts with the same title told apart by their bundle or file name.
            if browse.hasRepeatedTitle(post) {
                title +=
                    " · "
                    + (post.bundleDirectory.map { ($0 as NSString).lastPathComponent }
                        ?? (post.path as NSString).lastPathComponent)
            }
            var x = screen.put(isSelected ? "▸" : " ", x: 0, y: y, style: base)
            let shownTitle = DisplayWidth.truncate(title, to: columns.title)
            screen.put(DisplayWidth.pad(shownTitle, to: columns.title), x: x, y: y, style: base)
            markMatches(of: browse.filter, in: shownTitle, x: x, y: y, selected: isSelected, into: &screen)
            x += columns.title + 1
            let date = post.date.map { String($0.text.prefix(10)) } ?? "—"
            x = screen.put(DisplayWidth.pad(date, to: 10), x: x, y: y, style: isSelected ? base : Style(.dim)) + 1
            let status = post.status(at: now)
            let badge = status == .published ? "" : status.rawValue
            x =
                screen.put(
                    DisplayWidth.pad(badge, to: 9), x: x, y: y,
                    style: isSelected ? base : Style(status == .draft ? .warning : .badge)) + 1
            // A post that is a link out of the site says so where its git state would be.
            let mark =
                post.outsideSite ? "↗ link outside the site" : gitMark(post, state.git, siteRoot: state.site?.root)
            screen.put(
                mark, x: x, y: y, style: isSelected ? base : Style(mark == "unpushed" ? .warning : .success),
                clip: Rect(x: x, y: y, width: max(0, width - x), height: 1))
        }
        statusLine(state, into: &screen)
        KeyHintBar(hints: state.keys.browse.hints).render(
            into: &screen, area: Rect(x: 0, y: state.rows - 1, width: width, height: 1))
        if browse.filtering {
            let x = DisplayWidth.of(" Filter: " + browse.filter)
            return (min(x, width - 1), state.rows - 2)
        }
        return nil
    }

    /// Underlines, in bold, where the filter's words occur in a shown title (case ignored, as the
    /// filter matches), so it is plain why a post is listed (a tag or the slug may be why, too).
    static func markMatches(
        of filter: String, in title: String, x: Int, y: Int, selected: Bool, into screen: inout Screen
    ) {
        let style = Style(selected ? .selection : .marker, bold: true, underline: true)
        for word in filter.split(separator: " ") {
            var from = title.startIndex
            while let range = title.range(of: word, options: .caseInsensitive, range: from..<title.endIndex),
                !range.isEmpty
            {
                screen.put(
                    String(title[range]), x: x + DisplayWidth.of(String(title[..<range.lowerBound])), y: y, style: style
                )
                from = range.upperBound
            }
        }
    }

    struct Columns {
        let title: Int
        init(width: Int) { title = max(10, width - 1 - 11 - 10 - 9) }
    }

    /// A section as it is shown: the content root's pages are "(root)".
    static func sectionName(_ section: String?) -> String {
        guard let section else { return "all" }
        return section.isEmpty ? "(root)" : section
    }

    /// Why nothing is listed: ": nothing matches “x” in the section “posts”" (or "").
    static func emptyReason(_ state: AppState) -> String {
        let inSection = state.browse.section.map { " in the section “\(sectionName($0))”" } ?? ""
        if !state.browse.filter.isEmpty { return ": nothing matches “\(state.browse.filter)”" + inSection }
        return inSection.isEmpty ? "" : ": none" + inSection
    }

    private static func emptyState(_ state: AppState, into screen: inout Screen, y: Int) {
        let lines: [String]
        let query = state.browse.textQuery
        if !query.isEmpty, state.browse.textMatches?.query != query {
            lines = ["Searching the posts' text for “\(query)”…"]
        } else if !state.browse.filter.isEmpty {
            let inSection = state.browse.section.map { " in the section “\(sectionName($0))”" } ?? ""
            lines = [
                "No post matches “\(state.browse.filter)”\(inSection).",
                "Esc clears the filter" + (inSection.isEmpty ? "." : "; Tab / Shift-Tab change the section."),
            ]
        } else if state.browse.section != nil {
            lines = [
                "No posts in the section “\(sectionName(state.browse.section))”.",
                "Tab / Shift-Tab show another section (or all).",
            ]
        } else {
            lines = ["No posts yet.", "Press n to write the first one."]
        }
        for (index, line) in lines.enumerated() {
            screen.put(line, x: 3, y: y + index, style: Style(index == 0 ? .normal : .dim, bold: index == 0))
        }
    }

    private static func statusLine(_ state: AppState, into screen: inout Screen) {
        let area = Rect(x: 0, y: state.rows - 2, width: state.columns, height: 1)
        if state.browse.filtering || !state.browse.filter.isEmpty {
            screen.fill(area, style: Style(.statusBar))
            screen.put(
                " Filter: " + state.browse.filter, x: 0, y: area.y,
                style: Style(.statusBar, bold: state.browse.filtering), clip: area)
            if state.browse.filterSelected {
                // The last query, selected: the first key typed replaces it.
                screen.put(
                    state.browse.filter, x: DisplayWidth.of(" Filter: "), y: area.y, style: Style(.selection),
                    clip: area)
            }
            return
        }
        var left = state.git.branch.map { "⎇ \($0)" } ?? "not a git repository"
        if let author = state.author { left = "✎ \(author) · " + left }
        if state.git.unpushed > 0 { left += " · \(state.git.unpushed) unpushed" }
        if state.git.behind > 0 { left += " · \(state.git.behind) behind (s to sync)" }
        if state.git.fetching { left += " · fetching…" }
        if state.isPublishing { left += " · publishing…" }
        if let problem = state.git.problem { left += " · " + problem }
        let problems = state.browse.problems.count
        let right =
            "sort: \(state.browse.sort.rawValue) · section: \(sectionName(state.browse.section))"
            + (problems > 0 ? " · \(problems) problem\(problems == 1 ? "" : "s") (!)" : "")
        StatusBar(left: left, right: right).render(into: &screen, area: area)
    }

    /// "new", "modified" or "unpushed" for a post's file or bundle.
    static func gitMark(_ post: Post, _ git: GitSummary, siteRoot: String?) -> String {
        let prefix = (post.bundleDirectory ?? post.path)
        var mark = ""
        for (path, change) in git.changes where path == post.path || path.hasPrefix(prefix + "/") || path == prefix {
            // New is the post itself never committed (its page, or its whole folder); a new
            // picture in a published post's bundle is a change to that post.
            let isPost = path == post.path || path == prefix || path == prefix + "/"
            if change == .new && isPost { return "new" }
            mark = "modified"
        }
        if !mark.isEmpty { return mark }
        if git.unpushedFiles.contains(where: { $0 == post.path || $0.hasPrefix(prefix + "/") }) { return "unpushed" }
        return ""
    }
}
