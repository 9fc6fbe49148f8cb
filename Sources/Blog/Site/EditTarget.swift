import Foundation

/// What `nakedblog ARGS` opens: a site (its browser) or a post in it (the editor), at a line,
/// as `vi`, `nano` and `micro` take them: `PATH`, `PATH:LINE` or `+LINE PATH`.
public struct EditTarget: Sendable, Equatable {
    /// The site's root.
    public var siteRoot: String
    /// The post, relative to the site root; nil to open the browser.
    public var post: String?
    /// 1-based line to put the cursor on.
    public var line: Int?

    public init(siteRoot: String, post: String?, line: Int?) {
        self.siteRoot = siteRoot
        self.post = post
        self.line = line
    }

    /// Why the arguments cannot be opened (one line naming the path).
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// Parses `arguments` (`[]` means the current directory) relative to `directory`.
    public static func resolve(_ arguments: [String], in directory: String) throws(Problem) -> EditTarget {
        var line: Int?
        var paths: [String] = []
        for argument in arguments {
            if argument.hasPrefix("+"), let number = Int(argument.dropFirst()), number > 0, line == nil {
                line = number
            } else {
                paths.append(argument)
            }
        }
        guard paths.count <= 1 else {
            throw Problem(description: "give one site or post to open (got \(paths.count) paths)")
        }
        let given = paths.first ?? directory
        var path = absolute(given, in: directory)
        if !FileManager.default.fileExists(atPath: path), let colon = given.lastIndex(of: ":"),
            let number = Int(given[given.index(after: colon)...]), number > 0
        {
            // PATH:LINE (a path that really ends in ":12" is taken as it is, above).
            path = absolute(String(given[..<colon]), in: directory)
            line = line ?? number
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Problem(description: "cannot open \(given): no such file or directory")
        }
        if isDirectory.boolValue {
            guard let site = try? Site.open(containing: path) else {
                throw Problem(
                    description: "cannot open \(given): not inside a Hugo or Jekyll site (no site config here or above)"
                )
            }
            if line != nil { throw Problem(description: "cannot open \(given) at a line: it is a folder, not a post") }
            return EditTarget(siteRoot: site.root, post: nil, line: nil)
        }
        let name = (path as NSString).lastPathComponent
        let handle = FileHandle(forReadingAtPath: path)
        let head = (try? handle?.read(upToCount: 512)) ?? nil
        try? handle?.close()
        if let head, ImageSource.format(of: head) != nil {
            throw Problem(
                description: "cannot open \(given): it is an image, not a post (add it to a post with Ctrl-R)")
        }
        guard ContentFileName.isContent(name) else {
            throw Problem(description: "cannot open \(given): not a post (posts are .md, .markdown or .html files)")
        }
        guard let site = try? Site.open(containing: (path as NSString).deletingLastPathComponent) else {
            throw Problem(description: "cannot open \(given): it is not inside a Hugo or Jekyll site")
        }
        let root = site.root.hasSuffix("/") ? site.root : site.root + "/"
        guard path.hasPrefix(root) else {
            throw Problem(description: "cannot open \(given): it is not inside the site at \(site.root)")
        }
        let relative = String(path.dropFirst(root.count))
        if relative.split(separator: "/").contains(where: { $0 == ".git" }) {
            throw Problem(description: "cannot open \(given): it is inside .git, not a post")
        }
        return EditTarget(siteRoot: site.root, post: relative, line: line)
    }

    private static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : (directory.hasSuffix("/") ? directory : directory + "/") + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
