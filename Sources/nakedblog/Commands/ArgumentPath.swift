import Foundation

/// A file named on the command line, as the workflows take it: absolute (from the folder the
/// command was run in), `~/` kept for them to expand. (A relative path given to a workflow is the
/// site's, as the app's Tab offers it.)
enum ArgumentPath {
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") || path.hasPrefix("~/") { return path }
        return FileManager.default.currentDirectoryPath + "/" + path
    }
}
