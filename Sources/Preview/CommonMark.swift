import Blog
import CCmark
#if canImport(Glibc)
import Glibc
#endif

/// Facts about the linked libcmark.
public enum CommonMark {
    /// The linked libcmark's version, e.g. "0.30.2".
    public static var version: String {
        String(cString: cmark_version_string())
    }

    /// Renders CommonMark to HTML with libcmark (front matter must already be stripped).
    /// Used as a reference rendering in tests and benchmarks.
    public static func html(from markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        guard let out = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_markdown_to_html($0, buffer.count, CMARK_OPT_DEFAULT)
                }
            } ?? cmark_markdown_to_html("", 0, CMARK_OPT_DEFAULT)
        }) else { return "" }
        defer { free(out) }
        return String(cString: out)
    }
}
