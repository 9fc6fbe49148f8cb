import Foundation
import XCTest

/// The built executables the tests run (the directory the test bundle itself was built into).
public enum Products {
    public static let directory: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for candidate in [bundle.path, PackageRoot.debugProducts]
        where FileManager.default.isExecutableFile(atPath: candidate + "/nakedblog") {
            return candidate
        }
        return PackageRoot.debugProducts
    }()

    /// Path of the executable `name`; fails the test with a hint when it has not been built.
    public static func path(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let path = directory + "/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail("\(path) is not built. Run `make test` (it builds before testing) or `swift build`.", file: file, line: line)
            throw XCTSkip("missing executable \(name)")
        }
        return path
    }
}

/// Skips the test when a program the test needs is not installed (make test installs them all).
public func requireProgram(_ name: String) throws {
    guard Shell.has(name) else {
        throw XCTSkip("\(name) is not installed; `make test` installs it through scripts/setup.sh")
    }
}
