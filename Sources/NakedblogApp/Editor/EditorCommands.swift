import TUI

/// What a key does in the editor (keys bound to no command go to the text). The one table: the
/// raw value is its name in `[keys.editor]`; the switches give its default keys, help and hint.
public enum EditorAction: String, Command {
    case save, publish, back, find, replace, findNext = "find-next", togglePreview = "preview", frontMatter = "fields"
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
        case .insertImage: [.control("r")]
        case .lineNumbers: [.control("l")]
        case .wrap: [.control("w")]
        case .externalEditor: [.control("o")]
        case .nextMisspelling: [.function(7), .character("s", alt: true)]
        case .previousMisspelling: [.function(8), .character("S", alt: true)]
        case .help: [.control("g"), .function(1)]
        }
    }

    public var help: String {
        switch self {
        case .save: "save (atomic)"
        case .publish: "save and publish"
        case .back: "back to the posts"
        case .find: "find (literal or regex, case, whole word; Tab: replace)"
        case .replace: "find and replace (one, skip, all as one undo step)"
        case .findNext: "find the last query again"
        case .togglePreview: "show / hide the preview"
        case .frontMatter: "front-matter form (title, date, draft, tags…)"
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
        case .frontMatter: "fields"
        case .help: "help"
        default: nil
        }
    }
}
