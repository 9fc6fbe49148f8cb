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

/// A picture that stands alone in its paragraph: the preview can draw it in place of its line.
public struct PreviewPicture: Sendable, Equatable, Hashable {
    /// The picture's file (absolute, inside the site); nil when it is not a local file there.
    public var file: String?
    /// What the file was when the preview was made (size and modification time), so a
    /// drawing kept for it is redrawn when it changes.
    public var version: String
    public var alt: String

    public init(file: String?, version: String = "", alt: String) {
        self.file = file
        self.version = version
        self.alt = alt
    }
}

/// One line of the preview and the source line (in the file) it came from, for scroll sync.
public struct PreviewLine: Sendable, Equatable {
    public var spans: [PreviewSpan]
    public var sourceLine: Int
    /// The picture this line stands for (its `[image: …]` line), when it stands alone.
    public var picture: PreviewPicture?

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
    /// A local picture's file (absolute) and version, when it is a file inside the site
    /// (`SiteContainment`: never through a link out of it or into `.git`).
    public var pictureFile: @Sendable (String) -> (file: String, version: String)? = { _ in nil }
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
    public static func files(in directory: String, staticDirectory: String? = nil, site root: String? = nil)
        -> PreviewContext
    {
        var context = PreviewContext(
            resourceExists: { name in
                FileManager.default.fileExists(atPath: directory + "/" + name)
                    || staticDirectory.map { FileManager.default.fileExists(atPath: $0 + "/" + name) } ?? false
            },
            resourceIsLFSPointer: { name in LFSPointer.isPointer(file: directory + "/" + name) })
        if let root {
            context.pictureFile = { name in
                for folder in [directory] + (staticDirectory.map { [$0] } ?? []) {
                    let file = StandardPath.of(folder + "/" + name)
                    var info = stat()
                    guard SiteContainment.isInside(file, site: root), stat(file, &info) == 0,
                        info.st_mode & S_IFMT == S_IFREG
                    else { continue }
                    return (file, "\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
                }
                return nil
            }
        }
        return context
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
