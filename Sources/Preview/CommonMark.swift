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

    /// Parses `bytes` and hands `body` an iterator over the document (valid only inside it; the
    /// tree is freed after). Nil when cmark could not allocate.
    static func withIterator<T>(over bytes: [UInt8], _ body: (OpaquePointer) -> T) -> T? {
        bytes.withUnsafeBufferPointer { buffer in
            // Lines opening more containers than anyone writes are parsed as text (`BlockNesting`).
            if let capped = BlockNesting.capped(buffer) {
                return capped.withUnsafeBufferPointer { withIterator(over: $0, body) }
            }
            return withIterator(over: buffer, body)
        }
    }

    private static func withIterator<T>(over buffer: UnsafeBufferPointer<UInt8>, _ body: (OpaquePointer) -> T) -> T? {
        guard
            let root = buffer.baseAddress.map({ base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, CMARK_OPT_DEFAULT)
                }
            }) ?? cmark_parse_document("", 0, CMARK_OPT_DEFAULT)
        else { return nil }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return nil }
        defer { cmark_iter_free(iterator) }
        return body(iterator)
    }

    /// Renders CommonMark to HTML with libcmark (front matter must already be stripped).
    /// Used as a reference rendering in tests and benchmarks.
    public static func html(from markdown: String) -> String {
        let bytes = Array(markdown.utf8)
        guard
            let out = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        cmark_markdown_to_html($0, buffer.count, CMARK_OPT_DEFAULT)
                    }
                } ?? cmark_markdown_to_html("", 0, CMARK_OPT_DEFAULT)
            })
        else { return "" }
        defer { free(out) }
        return String(cString: out)
    }
}
