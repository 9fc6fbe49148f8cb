import TUI

/// What a key does in the browser; the raw value is its name in the config file's `[keys.browse]`
/// (one table: a new action gets its config name here, and `KeymapTests` checks it has a key).
public enum BrowseAction: String, CaseIterable, Hashable, Sendable {
    case up, down, pageUp = "page-up", pageDown = "page-down", top, bottom, open, newPost = "new", filter, publish
    case toggleDraft = "draft", sync, sort, section, previousSection = "previous-section"
    case externalEditor = "external-editor", suspend, problems, help, quit
}

/// What a key does in the editor (keys not bound here go to the text); the raw value is its name
/// in `[keys.editor]`.
public enum EditorAction: String, CaseIterable, Hashable, Sendable {
    case save, publish, back, find, findNext = "find-next", togglePreview = "preview", frontMatter = "fields"
    case insertImage = "image", lineNumbers = "line-numbers", wrap, help, externalEditor = "external-editor"
    case nextMisspelling = "next-misspelling", previousMisspelling = "previous-misspelling"
}

/// The default keymaps. They handle the keys and generate the hint bar and help, so neither can lie.
public enum Keymaps {
    public static let browse = Keymap<BrowseAction>([
        .init([.up(), .character("k")], .up, help: "previous post"),
        .init([.down(), .character("j")], .down, help: "next post"),
        .init([.pageUp], .pageUp, help: "page up"),
        .init([.pageDown], .pageDown, help: "page down"),
        .init([.home, .character("g")], .top, help: "first post"),
        .init([.end, .character("G")], .bottom, help: "last post"),
        .init([.enter], .open, hint: "open", help: "open the post in the editor"),
        .init([.character("n")], .newPost, hint: "new", help: "new post from the archetype"),
        .init(
            [.character("/")], .filter, hint: "filter", help: "filter by title, tags, date; /?text searches the text"),
        .init([.character("P")], .publish, hint: "publish", help: "publish the post (commit + push)"),
        .init([.character("d")], .toggleDraft, hint: "draft", help: "toggle draft"),
        .init([.character("s")], .sync, hint: "sync", help: "fetch and update from the remote"),
        .init([.character("o")], .sort, hint: "sort", help: "sort by date / title"),
        .init([.tab], .section, help: "next section (all, posts, …)"),
        .init([.backTab], .previousSection, help: "previous section"),
        .init([.character("e")], .externalEditor, help: "edit in $EDITOR"),
        .init([.control("z")], .suspend, help: "suspend to the shell (fg comes back)"),
        .init([.character("!")], .problems, help: "files that could not be read, and why"),
        .init([.character("?")], .help, hint: "help", help: "this help"),
        .init([.character("q"), .control("c")], .quit, hint: "quit", help: "quit"),
    ])

    public static let editor = Keymap<EditorAction>([
        .init([.control("s")], .save, hint: "save", help: "save (atomic)"),
        .init([.control("p")], .publish, hint: "publish", help: "save and publish"),
        .init([.escape], .back, hint: "back", help: "back to the posts"),
        .init([.control("f")], .find, hint: "find", help: "find / find next"),
        .init([.control("n")], .findNext, help: "find / find next"),
        .init([.control("t")], .togglePreview, hint: "preview", help: "show / hide the preview"),
        .init([.control("k")], .frontMatter, hint: "fields", help: "front-matter form (title, date, draft, tags…)"),
        .init([.control("r")], .insertImage, help: "add an image: copy a file into the bundle and insert it"),
        .init([.control("l")], .lineNumbers, help: "line numbers / soft wrap on or off"),
        .init([.control("w")], .wrap, help: "line numbers / soft wrap on or off"),
        .init([.control("o")], .externalEditor, help: "edit in $EDITOR (saves first)"),
        .init(
            [.function(7), .character("s", alt: true)], .nextMisspelling,
            help: "next misspelled word, with suggestions (Shift: previous)"),
        .init(
            [.function(8), .character("S", alt: true)], .previousMisspelling,
            help: "next misspelled word, with suggestions (Shift: previous)"),
        .init([.control("g"), .function(1)], .help, hint: "help", help: "this help"),
    ])

    /// The help of `keymap`, a row per binding; neighbouring bindings with the same help share
    /// a row (`← → ↑ ↓  move`).
    static func helpRows<Action>(_ keymap: Keymap<Action>) -> [HelpRow] {
        var rows: [HelpRow] = []
        for binding in keymap.bindings {
            let keys = binding.keys.map(KeyName.of).joined(separator: " ")
            if let last = rows.last, last.help == binding.help {
                rows[rows.count - 1] = HelpRow(keys: last.keys + " " + keys, help: last.help)
            } else {
                rows.append(HelpRow(keys: keys, help: binding.help))
            }
        }
        return rows
    }
}
