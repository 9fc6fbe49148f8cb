import Foundation

/// Finds the folders nakedblog ships (themes/, highlight/, demo/) from the real executable —
/// `/proc/self/exe` with every link followed, so a binary started through a link on `PATH` or
/// by a relative path finds them too — in `../share/nakedblog` and `../lib/nakedblog` beside its
/// folder (an install under any prefix; a build, where `make` links the checkout's folders
/// there), then `/usr/share/nakedblog`. Never by walking up parent folders: a binary kept in a
/// folder others can write would read whatever they put above it.
public enum ShippedResources {
    /// The folder of the running executable, links followed.
    public static let executableFolder: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        return StandardPath.folder(of: executable)
    }()

    /// The folders that may hold shipped files, in the order they are looked in.
    public static var bases: [String] {
        let parent = StandardPath.folder(of: executableFolder)
        return [parent + "/share/nakedblog", parent + "/lib/nakedblog", "/usr/share/nakedblog"]
    }

    /// The first `folder` (e.g. "highlight") in `bases` that holds `marker`.
    public static func find(_ folder: String, containing marker: String) -> String? {
        bases.map { $0 + "/" + folder }.first { FileManager.default.fileExists(atPath: $0 + "/" + marker) }
    }
}
