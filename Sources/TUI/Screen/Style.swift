/// What a cell's text is, in the app's terms; a theme turns roles into colours.
public enum StyleRole: String, Sendable, Equatable, CaseIterable {
    case normal, title, heading, emphasis, strong, code, link, quote, dim, marker
    case selection, cursorLine, statusBar, keyHint, keyHintKey, border, error, warning, success, badge
    /// The front-matter block in the editor (a subtle background), and its keys.
    case frontMatter, frontMatterKey
    /// Tokens of highlighted code in the preview.
    case codeKeyword, codeType, codeString, codeComment, codeNumber, codeFunction, codePreprocessor
}

/// A cell's style: a semantic role plus attributes a theme may add to.
public struct Style: Sendable, Equatable, Hashable {
    public var role: StyleRole
    public var bold: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool

    public init(
        _ role: StyleRole = .normal, bold: Bool = false, italic: Bool = false, underline: Bool = false,
        reverse: Bool = false
    ) {
        self.role = role
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    public static let normal = Style()
}

/// One terminal cell. A wide character (CJK, emoji) fills its cell and marks the next one as its
/// continuation, so the grid always matches what the terminal shows.
public struct Cell: Sendable, Equatable {
    /// The grapheme shown; " " for blank; "" in a continuation cell.
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .normal) {
        self.text = text
        self.style = style
    }

    public var isContinuation: Bool { text.isEmpty }
    public static let blank = Cell()
}
