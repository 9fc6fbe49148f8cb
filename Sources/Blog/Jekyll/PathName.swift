/// Path pieces on UTF-8 (NSString's path methods cost more than reading a post).
enum PathName {
    /// The part after the last `/`.
    static func last(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// The part before the last `/` ("" when there is none).
    static func directory(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// The extension of the last part, without its dot ("" when none; a leading dot is no extension).
    static func `extension`(_ path: String) -> String {
        let name = last(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...])
    }

    /// Whether a file name has an extension (`extension` is not empty), without making strings.
    static func hasExtension(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        return dot != utf8.startIndex && utf8.index(after: dot) != utf8.endIndex
    }

    /// The path without the last part's extension.
    static func droppingExtension(_ path: String) -> String {
        let ext = `extension`(path)
        return ext.isEmpty ? path : String(path.utf8.dropLast(ext.utf8.count + 1))!
    }
}
