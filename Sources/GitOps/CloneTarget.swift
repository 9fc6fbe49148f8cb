import Foundation

/// Where a clone goes: one rule for `nakedblog clone` and the app's "clone a blog by URL".
public enum CloneTarget {
    /// Why a folder cannot be cloned into, in words for the user.
    public struct Refusal: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The absolute folder a clone of `url` goes into: `directory` when given (relative to
    /// `base`), else the repository's name (`GitURL.defaultDirectoryName`) inside `base`.
    public static func path(for url: GitURL, directory: String?, in base: String) -> String {
        let chosen = directory ?? url.defaultDirectoryName
        let absolute = chosen.hasPrefix("/") ? chosen : (base.hasSuffix("/") ? base : base + "/") + chosen
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// The folder a clone of `url` goes into, checked (`check`): the one call both front ends make.
    public static func resolve(_ url: GitURL, directory: String?, in base: String) throws(Refusal) -> String {
        let target = path(for: url, directory: directory, in: base)
        try check(target, namedAfterURL: directory == nil)
        return target
    }

    /// Refuses a target that is a file, a folder that is not empty, or inside a folder that
    /// cannot be written (as git refuses them), before anything is fetched. A folder named after
    /// the URL (`namedAfterURL`: the writer did not choose it) must be new and not a dot-folder:
    /// a repository called `.config` or `.ssh` would otherwise land in a home's settings.
    public static func check(_ target: String, namedAfterURL: Bool) throws(Refusal) {
        let fm = FileManager.default
        if namedAfterURL {
            let name = (target as NSString).lastPathComponent
            if name.hasPrefix(".") {
                throw Refusal(
                    description:
                        "cannot clone into \(name): a folder named after the URL may not start with a dot. Name the folder to clone into."
                )
            }
            var status = stat()
            if lstat(target, &status) == 0 {
                throw Refusal(
                    description:
                        "cannot clone into \(target): it exists already. Name another folder to clone into.")
            }
        }
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw Refusal(
                    description:
                        "cannot clone into \(target): a file with that name exists. Choose another directory name.")
            }
            let entries = (try? fm.contentsOfDirectory(atPath: target)) ?? []
            guard entries.isEmpty else {
                throw Refusal(
                    description:
                        "cannot clone into \(target): the directory exists and is not empty. Choose another directory, or empty it first."
                )
            }
        }
        var existing = target
        while !fm.fileExists(atPath: existing) { existing = (existing as NSString).deletingLastPathComponent }
        guard access(existing, W_OK) == 0 else {
            throw Refusal(
                description:
                    "cannot clone into \(target): \(existing) is not writable. Clone somewhere you can write, e.g. your home directory."
            )
        }
    }
}
