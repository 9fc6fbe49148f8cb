import Foundation

/// Paths inside the nakedblog checkout (tests and benchmarks run in-tree).
public enum PackageRoot {
    /// The directory holding Package.swift.
    public static let path: String = {
        // This file is <root>/Sources/Harness/PackageRoot.swift.
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// `<root>/relative`.
    public static func appending(_ relative: String) -> String { path + "/" + relative }

    /// Copies the bundled demo blog's files into `directory` (created if needed), for a test or
    /// benchmark to change freely.
    public static func copyDemo(to directory: String) throws {
        try Shell.check(["cp", "-R", appending("demo") + "/.", directory])
    }

    /// The shared corpus of real Hugo content beside the checkout (`../shared/corpus`), if present.
    public static var sharedCorpus: String? {
        let candidates = [ProcessInfo.processInfo.environment["NAKEDBLOG_CORPUS"],
                          URL(fileURLWithPath: path).deletingLastPathComponent().path + "/shared/corpus"]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The built products directory of a debug build (`.build/debug`).
    public static var debugProducts: String { appending(".build/debug") }
}
