import Foundation
import TestSupport
import XCTest

/// nakedblog builds on any CPU Debian runs on: no C file or module header names one (the lazy
/// loaders' x86-64 trampolines are gone; libraries are linked as pkg-config finds them).
final class PortabilityTests: XCTestCase {
    func testEveryCFileCompilesForAarch64() throws {
        try requireFile("/usr/aarch64-linux-gnu/include/stdio.h", package: "libc6-dev-arm64-cross")
        let result = try Shell.run([PackageRoot.appending("scripts/check-aarch64.sh")], timeout: 300)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }

    func testNothingInTheBuildNamesACPUOrALibraryFolder() throws {
        // The build's own files: the package, the Makefile and the scripts it runs.
        var files = ["Package.swift", "Makefile"]
        files += try FileManager.default.contentsOfDirectory(atPath: PackageRoot.appending("scripts")).map {
            "scripts/" + $0
        }
        for file in files where file != "scripts/check-aarch64.sh" {
            let text = try String(contentsOfFile: PackageRoot.appending(file), encoding: .utf8)
            for pattern in ["x86_64", "x86-64", "/usr/lib/x86", "libgit2.so.1", "libhunspell-1.7.so"] {
                XCTAssertFalse(text.contains(pattern), "\(file) names \(pattern)")
            }
        }
    }
}
