import TUI

/// What a key does in the editor (keys bound to no command go to the text). The one table: the
/// raw value is its name in `[keys.editor]`; the switches give its default keys, help and hint.
public enum EditorAction: String, Command {
    case save, publish, back, find, replace, findNext = "find-next", togglePreview = "preview", frontMatter = "fields"
    case goTo = "go-to", nextHeading = "next-heading", previousHeading = "previous-heading"
    case switchPost = "switch-post", searchPosts = "search-posts", insertSnippet = "snippet", history
    case insertImage = "image", lineNumbers = "line-numbers", wrap, externalEditor = "external-editor"
    case nextMisspelling = "next-misspelling", previousMisspelling = "previous-misspelling", help

    public var defaultKeys: [KeyEvent] {
        switch self {
        case .save: [.control("s")]
        case .publish: [.control("p")]
        case .back: [.escape]
        case .find: [.control("f")]
        case .replace: [.character("r", alt: true)]
        case .findNext: [.control("n")]
        case .togglePreview: [.control("t")]
        case .frontMatter: [.control("k")]
        case .goTo: [.control("g")]
        case .nextHeading: [.controlArrow(.down)]
        case .previousHeading: [.controlArrow(.up)]
        case .switchPost: [.character("o", alt: true)]
        case .searchPosts: [.character("/", alt: true)]
        case .insertSnippet: [.character("i", alt: true)]
        case .history: [.character("h", alt: true)]
        case .insertImage: [.control("r")]
        case .lineNumbers: [.control("l")]
        case .wrap: [.character("z", alt: true)]
        case .externalEditor: [.control("o")]
        case .nextMisspelling: [.function(7), .character("s", alt: true)]
        case .previousMisspelling: [.function(8), .character("S", alt: true)]
        case .help: [.function(1), .character("?", alt: true)]
        }
    }

    public var leavesTheApp: Bool { self == .externalEditor }

    public var help: String {
        switch self {
        case .save: "save (atomic)"
        case .publish: "save and publish"
        case .back: "back to the posts"
        case .find: "find (in the bar: M-r regex, M-c case, M-w word; Tab: replace)"
        case .replace: "find and replace (one, skip, all as one undo step; in the bar M-r is regex)"
        case .findNext: "find the last query again"
        case .togglePreview: "show / hide the preview"
        case .frontMatter: "front-matter form (title, date, draft, tags…)"
        case .goTo: "go to a line (42, :42) or a heading of the post"
        case .nextHeading, .previousHeading: "next / previous heading"
        case .switchPost: "switch to another post (fuzzy: title, slug, path)"
        case .searchPosts: "search the text of every post; Enter opens a line"
        case .history: "the post's history: compare, bring a paragraph or a version back, unpublish"
        case .insertSnippet: "insert a shortcode or include (with its parameters) or one of your snippets"
        case .insertImage: "add an image: copy a file into the bundle and insert it"
        case .lineNumbers, .wrap: "line numbers / soft wrap on or off"
        case .externalEditor: "edit in $EDITOR (saves first)"
        case .nextMisspelling, .previousMisspelling: "next misspelled word, with suggestions (Shift: previous)"
        case .help: "this help"
        }
    }

    public var hint: String? {
        switch self {
        case .save: "save"
        case .publish: "publish"
        case .back: "back"
        case .find: "find"
        case .togglePreview: "preview"
        case .goTo: "go to"
        case .frontMatter: "fields"
        case .help: "help"
        default: nil
        }
    }
}

extension EditorAction {
    /// What the command asks before it acts on `screen`, when it asks (nil: it acts at once);
    /// the one place an editor key's confirmation lives, as `BrowseAction.question` is the
    /// browser's.
    func question(_ screen: EditorScreen) -> Confirmation? {
        switch self {
        case .back where screen.editor.isDirty:
            return Confirmation(
                title: "Unsaved changes",
                lines: ["\(screen.path) has unsaved changes.", "Leave without saving? (Ctrl-S saves)"],
                action: .leaveEditor)
        default:
            return nil
        }
    }
}
