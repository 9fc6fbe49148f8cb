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

    /// A product that was not built: the test fails (never skips) with this.
    public struct NotBuilt: Error, CustomStringConvertible {
        public let description: String
    }

    /// Path of the executable `name`; fails the test with a hint when it has not been built.
    public static func path(_ name: String) throws -> String {
        let path = directory + "/" + name
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw NotBuilt(
                description: "\(path) is not built. Run `make test` (it builds before testing) or `swift build`.")
        }
        return path
    }
}
