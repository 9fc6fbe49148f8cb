import Foundation
import Harness
import XCTest

// What a test needs from the machine, decided without calling product code: a skip only for a
// missing program, file or privilege (or the shared corpus beside the checkout). Each reason
// starts with its kind and a colon — `no hugo:`, `not root:`, `as root:`, `no corpus:` — so
// `make test` can count them by kind (scripts/test-summary.sh) and CI can tell a privilege
// skip from a missing part.

/// Skips unless `name` is installed where the harness looks (PATH, then the sbin folders).
public func requireProgram(_ name: String) throws {
    guard Shell.has(name) else {
        throw XCTSkip("no \(name): it is not installed; `make test` installs it through scripts/setup.sh")
    }
}

/// Skips unless the file at `path` (which Debian's `package` installs) exists.
public func requireFile(_ path: String, package: String) throws {
    guard FileManager.default.fileExists(atPath: path) else {
        throw XCTSkip("no \(package): \(path) is missing; `make test` installs it through scripts/setup.sh")
    }
}

/// The en_US Hunspell dictionary's file (Debian hunspell-en-us), or a skip naming it.
public func requireEnglishDictionary() throws {
    try requireFile("/usr/share/hunspell/en_US.dic", package: "hunspell-en-us")
}

/// Skips unless bubblewrap can make a sandbox here (asked of `bwrap` itself: inside another
/// sandbox, or with user namespaces off, it cannot).
public func requireSandbox() throws {
    try requireProgram("bwrap")
    let probe = try? Shell.run(
        [
            "bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent",
            "true",
        ], timeout: 10)
    guard probe?.status == 0 else {
        throw XCTSkip(
            "no sandbox: bubblewrap cannot make one here (nested in another, or user namespaces off): \(probe?.stderr.prefix(200) ?? "")"
        )
    }
}

/// Skips unless Debian's package `name` is installed (what dpkg says; no product code asked).
public func requireDebianPackage(_ name: String) throws {
    let status = try? Shell.run(["dpkg-query", "-W", "-f=${Status}", name])
    guard status?.stdout.contains("install ok installed") == true else {
        throw XCTSkip(
            "no \(name): the Debian package is not installed; `make test` installs it through scripts/setup.sh")
    }
}

/// Skips unless the tests run as root; `why` says what needs it.
public func requireRoot(_ why: String) throws {
    guard getuid() == 0 else { throw XCTSkip("not root: \(why) (`make test` as root runs it)") }
}

/// Skips when the tests run as root; `why` says what root would make meaningless.
public func requireNonRoot(_ why: String) throws {
    guard getuid() != 0 else { throw XCTSkip("as root: \(why) (`make test-user` runs it)") }
}

/// The Hugos a test compares against: Debian's (`/usr/bin/hugo`, 0.111 on Debian 12) and the
/// current release scripts/setup.sh installs in `.build/tools/hugo-current` — each as the folder
/// to put first on `PATH`. Skips when either is missing.
public func requireHugos() throws -> [String] {
    try requireProgram("hugo")
    let current = PackageRoot.appending(".build/tools/hugo-current/bin")
    guard FileManager.default.isExecutableFile(atPath: current + "/hugo") else {
        throw XCTSkip("no hugo-current: \(current)/hugo is missing; `make test` installs it through scripts/setup.sh")
    }
    let debian =
        (try? Shell.check(["sh", "-c", "command -v hugo"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
        ?? "/usr/bin/hugo"
    return [(debian as NSString).deletingLastPathComponent, current]
}

/// Runs `body` with `folder` first on this process's `PATH` (for in-process code that looks
/// for a program there), and the `PATH` as it was afterwards.
public func withFirstOnPath<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
    let old = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    setenv("PATH", folder + ":" + old, 1)
    defer { setenv("PATH", old, 1) }
    return try body()
}
