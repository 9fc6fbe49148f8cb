import Blog
import Foundation

/// What a piece of preview text is; colours come from the theme.
public enum PreviewRole: String, Sendable, Hashable, CaseIterable {
    case text, heading1, heading2, heading3, code, codeBlock, codeLabel, link, url, quote, marker, image, missing
    case note, border, dim, rule, shortcode, divider, tableHeader
    /// GitHub alerts (`> [!NOTE]` …): the bar and label of each kind.
    case alertNote, alertTip, alertImportant, alertWarning, alertCaution
    /// Tokens of highlighted code (`CodeHighlighter`); plain code is `codeBlock`.
    case codeKeyword, codeType, codeString, codeComment, codeNumber, codeFunction, codePreprocessor
}

/// A style: a role plus inline emphasis.
public struct PreviewStyle: Sendable, Hashable {
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
    /// Whether a bundle resource is a Git LFS pointer (the real file was never downloaded).
    public var resourceIsLFSPointer: @Sendable (String) -> Bool
    /// For a Jekyll page: its site and front matter (Liquid is then rewritten before rendering).
    public var liquid: LiquidContext?
    /// Whether code blocks are coloured by language (off when no colour is shown: `--plain`,
    /// `NO_COLOR`, `TERM=dumb`).
    public var highlightsCode = true
    /// Whether `> [!NOTE]` quotes are drawn as alerts, as the site renders them: GitHub and
    /// Hugo with a `render-blockquote` hook do; Jekyll (kramdown) and Hugo without one print the
    /// quote as written.
    public var rendersAlerts = true

    public init(
        resourceExists: @escaping @Sendable (String) -> Bool = { _ in true },
        refExists: @escaping @Sendable (String) -> Bool = { _ in true },
        resourceIsLFSPointer: @escaping @Sendable (String) -> Bool = { _ in false }
    ) {
        self.resourceExists = resourceExists
        self.refExists = refExists
        self.resourceIsLFSPointer = resourceIsLFSPointer
    }

    /// Checks against files under `directory` (a bundle), also noticing Git LFS pointers.
    public static func files(in directory: String, staticDirectory: String? = nil) -> PreviewContext {
        PreviewContext(
            resourceExists: { name in
                FileManager.default.fileExists(atPath: directory + "/" + name)
                    || staticDirectory.map { FileManager.default.fileExists(atPath: $0 + "/" + name) } ?? false
            },
            resourceIsLFSPointer: { name in LFSPointer.isPointer(file: directory + "/" + name) })
    }
}

/// Git LFS pointer files: small text files standing in for content that was not downloaded.
public enum LFSPointer {
    static let signature = Array("version https://git-lfs.github.com/spec/v1\n".utf8)

    /// Whether the file at `path` is an LFS pointer (read only when small enough to be one).
    public static func isPointer(file path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size < 1024, let handle = FileHandle(forReadingAtPath: path) else {
            return false
        }
        defer { try? handle.close() }
        let head = handle.readData(ofLength: signature.count)
        return Array(head) == signature
    }
}
