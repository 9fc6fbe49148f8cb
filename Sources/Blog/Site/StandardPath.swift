#if canImport(Glibc)
    import Glibc
#endif

/// Absolute, standardized paths worked out from the text alone: what
/// `URL(fileURLWithPath:).standardizedFileURL.path` gives on Linux — against the working
/// directory (`~` and `~/…` from the home directory), `.` and `..` and repeated or trailing
/// slashes resolved, no link followed — without
/// Foundation's URL, whose first use costs a one-line `nakedblog preview` ~0.5 ms. (URL also
/// drops a leading `/private`, a macOS rule; here such a path stays as it is.)
public enum StandardPath {
    public static func of(_ path: String) -> String {
        var absolute = path
        if path == "~" || path.hasPrefix("~/"), let home = getenv("HOME").map({ String(cString: $0) }),
            home.hasPrefix("/")
        {
            absolute = home + path.dropFirst()
        } else if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let directory = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "/"
            absolute = directory + "/" + path
        }
        var components: [Substring] = []
        for component in absolute.split(separator: "/") {
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// The folder holding `path` (a standardized path): `/` for a path just under the root.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
