import Foundation

extension Site {
    /// Whether a Hugo `ref`/`relref` target (`posts/x`, `/posts/x.md`, `x#anchor`) names a page.
    public func pageExists(ref target: String, from file: String? = nil) -> Bool {
        var path =
            target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? target
        if path.isEmpty { return true }  // "#anchor" on the same page
        let relativeToFile = !path.hasPrefix("/") && file != nil
        while path.hasPrefix("/") { path.removeFirst() }
        var bases = config.contentRoots.map { absolute($0.dir) }
        if relativeToFile, let file { bases.insert((absolute(file) as NSString).deletingLastPathComponent, at: 0) }
        let fm = FileManager.default
        for base in bases {
            for candidate in [path, path + ".md", path + "/index.md", path + "/_index.md"] {
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: base + "/" + candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                    return true
                }
            }
        }
        return false
    }
}
