import Blog
import TUI

/// What a key does in the browser. The one table: the raw value is its name in the config file's
/// `[keys.browse]`; the switches below give each its default keys, help and hint (a new case
/// without them does not compile).
public enum BrowseAction: String, Command {
    case up, down, pageUp = "page-up", pageDown = "page-down", top, bottom, open, newPost = "new", filter, publish
    case toggleDraft = "draft", sync, sort, section, previousSection = "previous-section"
    case switchPost = "switch-post", searchPosts = "search-posts", history, note
    case externalEditor = "external-editor", suspend, problems, help, quit

    public var defaultKeys: [KeyEvent] {
        switch self {
        case .up: [.up(), .character("k")]
        case .down: [.down(), .character("j")]
        case .pageUp: [.pageUp]
        case .pageDown: [.pageDown]
        case .top: [.home, .character("g")]
        case .bottom: [.end, .character("G")]
        case .open: [.enter]
        case .newPost: [.character("n")]
        case .filter: [.character("/")]
        case .publish: [.character("P")]
        case .toggleDraft: [.character("d")]
        case .sync: [.character("s")]
        case .sort: [.character("o")]
        case .section: [.tab]
        case .previousSection: [.backTab]
        case .switchPost: [.control("p"), .character("o", alt: true)]
        case .searchPosts: [.character("/", alt: true)]
        case .history: [.character("h")]
        case .note: [.character("m")]
        case .externalEditor: [.character("e")]
        case .suspend: [.control("z")]
        case .problems: [.character("!")]
        case .help: [.character("?")]
        case .quit: [.character("q"), .control("c")]
        }
    }

    public var leavesTheApp: Bool { self == .externalEditor || self == .suspend }

    public var help: String {
        switch self {
        case .up: "previous post"
        case .down: "next post"
        case .pageUp: "page up"
        case .pageDown: "page down"
        case .top: "first post"
        case .bottom: "last post"
        case .open: "open the post in the editor"
        case .newPost: "new post from the archetype"
        case .filter: "filter by title, tags, date; /?text searches the text"
        case .publish: "publish the post (commit + push)"
        case .toggleDraft: "toggle draft"
        case .sync: "fetch and update from the remote"
        case .sort: "sort by date / title"
        case .section: "next section (all, posts, …)"
        case .previousSection: "previous section"
        case .switchPost: "open a post by name (fuzzy: title, slug, path)"
        case .searchPosts: "search the text of every post; Enter opens a line"
        case .history: "the post's history: compare versions, unpublish, undo a publish"
        case .note: "a short note (no title), published in one step"
        case .externalEditor: "edit in $EDITOR"
        case .suspend: "suspend to the shell (fg comes back)"
        case .problems: "files that could not be read, and why"
        case .help: "this help"
        case .quit: "quit"
        }
    }

    public var hint: String? {
        switch self {
        case .open: "open"
        case .newPost: "new"
        case .filter: "filter"
        case .publish: "publish"
        case .toggleDraft: "draft"
        case .sync: "sync"
        case .sort: "sort"
        case .help: "help"
        case .quit: "quit"
        default: nil
        }
    }
}

extension BrowseAction {
    /// What the command asks before it acts, when the state calls for it (nil: it acts at once).
    /// The one place a browser key's confirmation lives: the key handler asks, and a yes runs
    /// the command on the post it was asked about (`Confirmation.Action.browse`).
    func question(_ state: AppState, post: Post?) -> Confirmation? {
        switch self {
        case .toggleDraft:
            // Taking a live post off the site (the key is one letter away from others).
            guard let post, let site = state.site, !post.draft, !post.unpublished, state.git.upstream != nil
            else { return nil }
            let mark = BrowseRender.gitMark(post, state.git, siteRoot: site.root)
            guard mark == "" || mark == "modified" else { return nil }
            let url = site.config.baseURLPath + post.url(config: site.config)
            return Confirmation(
                title: "Make it a draft?",
                lines: [
                    "“\(post.title.isEmpty ? post.path : post.title)” is on the site"
                        + (url.isEmpty ? "." : " at \(url)."),
                    "As a draft it comes off the site when you next publish it.",
                ], action: .browse(self, post: post.path))
        case .quit:
            guard state.isPublishing else { return nil }
            return Confirmation(
                title: "Publishing",
                lines: ["A publish is still running.", "Quit anyway? It stops; your commit stays local."],
                action: .browse(self, post: nil))
        default:
            return nil
        }
    }
}
