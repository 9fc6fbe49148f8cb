import Foundation

/// Plain-words explanations of file-system failures.
package enum FileProblem {
    package static func readHint(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "It does not exist; check the path"
        }
        if isDirectory.boolValue { return "It is a directory; name a file" }
        return "Check its permissions (`ls -l \(path)`)"
    }
}
