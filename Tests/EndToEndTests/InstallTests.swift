import Foundation
import TestSupport
import XCTest

/// `make install` as a packager stages it (PREFIX=/usr, DESTDIR) and as a user then runs it:
/// through a link in a folder on PATH, from another folder, the installed binary finds its own
/// files from where it really is — code is coloured, the demo opens — the manual and the
/// completions are there, and `make uninstall` takes it all away.
final class InstallTests: XCTestCase {
    /// zsh reads `/usr/local/share/zsh/site-functions`, not `vendor-completions` (the packages'
    /// folder, read under `/usr`): `make install` with its default PREFIX puts the completion
    /// where zsh finds it (issue 58).
    func testTheZshCompletionGoesWhereZshLooksForThePrefix() throws {
        let stage = try TemporaryDirectory(prefix: "nb-install-zsh")
        defer { stage.remove() }
        _ = try Products.path("generate-manual")
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = "/usr/local"
        environment["DESTDIR"] = stage.appending("root")
        try Shell.check(
            [PackageRoot.appending("scripts/install.sh"), "install", Products.directory], environment: environment,
            timeout: 120)
        let local = stage.appending("root/usr/local/share/zsh")
        XCTAssertTrue(FileManager.default.fileExists(atPath: local + "/site-functions/_nakedblog"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: local + "/vendor-completions/_nakedblog"))
        try Shell.check(
            [PackageRoot.appending("scripts/install.sh"), "uninstall", Products.directory], environment: environment,
            timeout: 60)
        XCTAssertFalse(FileManager.default.fileExists(atPath: local + "/site-functions/_nakedblog"))
    }

    func testAnInstalledBinaryRunThroughALinkOnPATHFindsItsFiles() throws {
        try requireProgram("tmux")
        try requireProgram("script")
        let stage = try TemporaryDirectory(prefix: "nb-install")
        defer { stage.remove() }
        _ = try Products.path("generate-manual")
        let products = Products.directory
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = "/usr"
        environment["DESTDIR"] = stage.appending("root")
        try Shell.check(
            [PackageRoot.appending("scripts/install.sh"), "install", products], environment: environment, timeout: 120)
        let usr = stage.appending("root/usr")
        for file in [
            "bin/nakedblog", "lib/nakedblog/libnakedblog-highlight.so", "lib/nakedblog/nakedblog-image",
            "share/nakedblog/highlight/yaml.lang",
            "share/nakedblog/themes/default.toml", "share/nakedblog/demo/hugo.toml",
            "share/nakedblog/demo-jekyll/_config.yml",
            "share/man/man1/nakedblog.1", "share/man/man1/nakedblog.publish.1",
            "share/bash-completion/completions/nakedblog", "share/zsh/vendor-completions/_nakedblog",
            "share/fish/vendor_completions.d/nakedblog.fish",
        ] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: usr + "/" + file), file)
        }
        XCTAssertTrue(
            try String(contentsOfFile: usr + "/share/man/man1/nakedblog.1", encoding: .utf8).contains("nakedblog"))
        XCTAssertTrue(
            try String(contentsOfFile: usr + "/share/bash-completion/completions/nakedblog", encoding: .utf8).contains(
                "complete"))

        // A folder on PATH with a link to the installed binary, and a post somewhere else.
        let bin = stage.appending("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: bin + "/nakedblog", withDestinationPath: usr + "/bin/nakedblog")
        let elsewhere = stage.appending("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try "Code:\n\n```yaml\ntitle: Hello\ndraft: false\n```\n".write(
            toFile: elsewhere + "/post.md", atomically: true, encoding: .utf8)
        let home = try TestHome()
        defer { home.remove() }
        var user = home.environment
        user["PATH"] = bin + ":/usr/bin:/bin"
        user["TERM"] = "xterm-256color"
        // `script` gives the preview a terminal, so it colours (by name, found on PATH).
        let coloured = try Shell.run(
            ["script", "-qec", "cd \(elsewhere) && nakedblog preview --width 60 post.md", "/dev/null"],
            environment: user, timeout: 30)
        XCTAssertEqual(coloured.status, 0, coloured.stdout)
        XCTAssertGreaterThan(
            coloured.stdout.components(separatedBy: "\u{1B}[3").count - 1, 2,
            "code coloured: \(coloured.stdout.debugDescription)")

        let session = try TmuxSession(
            ["nakedblog", "demo", "--dir", stage.appending("demo")], environment: user, directory: elsewhere)
        defer { session.kill() }
        _ = try session.waitFor("Plain Words", timeout: 30)
        try session.send(keys: "q")
        XCTAssertEqual(try session.waitForExit(), 0)

        try Shell.check(
            [PackageRoot.appending("scripts/install.sh"), "uninstall"], environment: environment, timeout: 60)
        let left = try Shell.check(["find", usr, "-type", "f"])
        XCTAssertEqual(left.trimmingCharacters(in: .whitespacesAndNewlines), "", "make uninstall left: \(left)")
    }
}
