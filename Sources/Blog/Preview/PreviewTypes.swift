/// What a piece of preview text is; colours come from the theme.
public enum PreviewRole: String, Sendable, Equatable, CaseIterable {
    case text, heading1, heading2, heading3, code, codeBlock, codeLabel, link, url, quote, marker, image, missing
    case note, border, dim, rule, shortcode, divider, tableHeader
}

/// A style: a role plus inline emphasis.
public struct PreviewStyle: Sendable, Equatable {
    public var role: PreviewRole
    public var bold = false
    public var italic = false
    public var strikethrough = false

    public init(_ role: PreviewRole, bold: Bool = false, italic: Bool = false, strikethrough: Bool = false) {
        self.role = role
        self.bold = bold
        self.italic = italic
        self.strikethrough = strikethrough
    }
}

/// A run of text in one style.
public struct PreviewSpan: Sendable, Equatable {
    public var text: String
    public var style: PreviewStyle

    public init(_ text: String, _ style: PreviewStyle) {
        self.text = text
        self.style = style
    }
}

/// One line of the preview and the source line (in the file) it came from, for scroll sync.
public struct PreviewLine: Sendable, Equatable {
    public var spans: [PreviewSpan]
    public var sourceLine: Int

    public init(_ spans: [PreviewSpan], sourceLine: Int) {
        self.spans = spans
        self.sourceLine = sourceLine
    }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }
}

/// What the preview needs to know about the site to flag broken references.
public struct PreviewContext: Sendable {
    /// Whether a bundle resource (an image path relative to the post) exists.
    public var resourceExists: @Sendable (String) -> Bool
    /// Whether a `ref`/`relref` target names a page of the site.
    public var refExists: @Sendable (String) -> Bool

    public init(resourceExists: @escaping @Sendable (String) -> Bool = { _ in true },
                refExists: @escaping @Sendable (String) -> Bool = { _ in true }) {
        self.resourceExists = resourceExists
        self.refExists = refExists
    }
}
