import Foundation

/// Finds folders shipped beside the binary (themes/, highlight/, demo/) from a build, a test
/// run or an install: above the executable, else under /usr/share/nakedblog.
public enum ShippedResources {
    /// `directory` and each of its parents.
    public static func ancestors(of directory: String) -> [String] {
        var result: [String] = []
        var current = directory
        while current != "/" && !current.isEmpty {
            result.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        return result
    }

    /// The folder of the running executable, links followed.
    public static var executableFolder: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    /// The first `folder` (e.g. "highlight") above the executable, or in /usr/share/nakedblog,
    /// that holds `marker`.
    public static func find(_ folder: String, containing marker: String) -> String? {
        for base in ancestors(of: executableFolder) + ["/usr/share/nakedblog"] where FileManager.default.fileExists(atPath: base + "/" + folder + "/" + marker) {
            return base + "/" + folder
        }
        return nil
    }
}
