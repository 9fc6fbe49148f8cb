import Foundation
import TestSupport
import XCTest

/// Handing the terminal to other programs and back: `$EDITOR`, Ctrl-Z suspend; and adding an image.
final class AppHandOffTests: XCTestCase {
    private var home: TestHome!
    private var work: TemporaryDirectory!
    private var session: TmuxSession?

    override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-handoff")
        try PackageRoot.copyDemo(to: work.appending("site"))
    }

    override func tearDown() {
        session?.kill()
        home.remove()
        work.remove()
    }

    private func start(_ extra: [String: String] = [:]) throws -> TmuxSession {
        var environment = home.environment
        environment.merge(extra) { $1 }
        let session = try TmuxSession(
            [try Products.path("nakedblog"), work.appending("site")], environment: environment)
        self.session = session
        try session.waitFor("Plain Words", timeout: 15)
        try session.send(keys: "/")
        try session.type("cold")
        // The filter applied, the match selected, still in the list (Enter would open it).
        try session.send(keys: "Down", "Up")
        return session
    }

    func testExternalEditorEditsThePostAndTheAppReloadsIt() throws {
        let editor = work.appending("fake-editor")
        try "#!/bin/sh\nprintf 'Added in the external editor.\\n' >> \"$1\"\n".write(
            toFile: editor, atomically: true, encoding: .utf8)
        chmod(editor, 0o755)
        let session = try start(["EDITOR": editor])
        try session.send(keys: "e")
        try session.waitFor("Ln 1, Col 1", timeout: 10)
        for _ in 0..<3 { try session.send(keys: "PageDown") }
        try session.waitFor("Added in the external editor.")
        XCTAssertTrue(try session.isInAlternateScreen(), "the full screen came back")
    }

    func testCtrlZSuspendsAndTheScreenComesBack() throws {
        // Job control needs an interactive shell (a stop signal to an orphaned process group is
        // discarded by the kernel), so the app is started from one, as a user would.
        let session = try TmuxSession(["bash", "--norc", "--noprofile", "-i"], environment: home.environment)
        self.session = session
        try session.type(
            "PS1='$ '; \(TestHome.shellQuote(try Products.path("nakedblog"))) \(TestHome.shellQuote(work.appending("site")))"
        )
        try session.send(keys: "Enter")
        try session.waitFor("Plain Words", timeout: 15)
        try session.send(keys: "C-z")
        try session.waitFor("Stopped", timeout: 10)
        XCTAssertFalse(try session.isInAlternateScreen(), "the terminal is handed back while suspended")
        try session.type("fg")
        try session.send(keys: "Enter")
        try session.waitUntil("the app is back", timeout: 10) { _ in (try? session.isInAlternateScreen()) == true }
        try session.waitFor("Plain Words")
        try session.send(keys: "q")
        try session.waitUntil("the app quit", timeout: 10) { _ in (try? session.isInAlternateScreen()) == false }
    }

    func testAddingAnImageCopiesItIntoTheBundleAndInsertsIt() throws {
        let image = work.appending("Holiday Photo.JPG")
        try SampleImages.jpeg.write(to: URL(fileURLWithPath: image))
        let session = try start()
        try session.send(keys: "Enter")
        try session.waitFor("Ln 1, Col 1")
        try session.send(keys: "C-r")
        try session.waitFor("Add an image")
        try session.type(image)
        try session.send(keys: "Enter")
        try session.waitFor("Describe the picture")
        try session.type("A beach at noon")
        try session.send(keys: "Enter")
        try session.waitFor("Copied holiday-photo.jpg into the bundle")
        try session.waitFor("![A beach at noon](holiday-photo.jpg)")
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: work.appending("site/content/posts/cold-brew-ratios/holiday-photo.jpg")))
        try session.send(keys: "C-r")
        try session.type(work.appending("nope.png"))
        try session.send(keys: "Enter")
        try session.waitFor("no such file")
    }
}

/// Themes chosen with --theme: a broken file is named (file and line) and the default is used.
final class ThemeChoiceTests: XCTestCase {
    func testBrokenThemeFileIsNamedAndTheAppStillRuns() throws {
        try requireProgram("tmux")
        let home = try TestHome()
        defer { home.remove() }
        let broken = home.path + "/broken.toml"
        try "[styles]\nheading = { fg = \"#e5c07b\", bold = tru }\n".write(
            toFile: broken, atomically: true, encoding: .utf8)
        let session = try TmuxSession(
            [try Products.path("nakedblog"), "--theme", broken, PackageRoot.appending("demo")],
            environment: home.environment)
        defer { session.kill() }
        try session.waitFor("broken.toml:2", timeout: 15)
        try session.waitFor("Plain Words")
        try session.send(keys: "C-c")
        XCTAssertEqual(try session.waitForExit(), 0, "Ctrl-C quits the browser")
        let light = try TmuxSession(
            [try Products.path("nakedblog"), "--theme", "light", PackageRoot.appending("demo")],
            environment: home.environment)
        defer { light.kill() }
        try light.waitFor("Plain Words", timeout: 15)
        XCTAssertFalse(try light.screen().contains { $0.contains("default theme is used") })
    }
}

/// Colour depth end to end: a direct-colour terminal gets the theme's exact 24-bit colours, a
/// 256-colour one the nearest palette colours, and NO_COLOR none at all.
final class ColourDepthTests: XCTestCase {
    private func frame(term: String, extra: [String: String]) throws -> String {
        let home = try TestHome()
        defer { home.remove() }
        var environment = home.environment
        environment.merge(extra) { $1 }
        let session = try TmuxSession(
            [try Products.path("nakedblog"), PackageRoot.appending("demo")], environment: environment, term: term)
        defer { session.kill() }
        try session.waitFor("Plain Words", timeout: 15)
        return try session.screenWithEscapes()
    }

    func testDirectColourPaletteAndNoColour() throws {
        try requireProgram("tmux")
        try requireFile("/usr/share/terminfo/x/xterm-direct", package: "ncurses-term")
        let direct = try frame(term: "xterm-direct", extra: [:])
        XCTAssertTrue(direct.contains("38;2;") || direct.contains("48;2;"), "24-bit colours are sent")
        let palette = try frame(term: "tmux-256color", extra: ["COLORTERM": "truecolor"])
        XCTAssertFalse(palette.contains("38;2;"), "a 256-colour terminfo gets palette colours")
        XCTAssertTrue(palette.contains("38;5;") || palette.contains("48;5;"), "palette colours are used")
        let none = try frame(term: "tmux-256color", extra: ["NO_COLOR": "1"])
        XCTAssertFalse(
            none.contains("38;5;") || none.contains("38;2;") || none.contains("48;5;"), "NO_COLOR: no colour at all")
    }
}

/// HTTPS credentials asked for inside the app (never a terminal prompt over the screen).
final class SignInTests: XCTestCase {
    func testCloneOverHTTPWithAuthAsksInTheAppAndTriesOnce() throws {
        try requireProgram("tmux")
        let home = try TestHome()
        defer { home.remove() }
        let work = try TemporaryDirectory(prefix: "nb-signin")
        defer { work.remove() }
        let server = try SmartHTTPServer(credentials: (user: "writer", password: "s3cret"))
        defer { server.stop() }
        let fixture = try BlogFixture.make(.init(posts: 6, imagesPerPost: 1, imageBytes: 2_000, commits: 3))
        try server.createRepository(named: "blog", from: fixture.path)

        /// A clone into `directory` with the sign-in dialog filled in (not yet sent).
        func clone(into directory: String, password: String) throws -> TmuxSession {
            let session = try TmuxSession(
                [try Products.path("nakedblog"), "clone", server.url(for: "blog"), directory],
                environment: home.environment, directory: work.path)
            do {
                try session.waitFor("Sign in", timeout: 15)
                try session.type("writer")
                try session.send(keys: "Tab")
                try session.type(password)
            } catch {
                session.kill()
                throw error
            }
            return session
        }

        let wrong = try clone(into: "wrong", password: "nope")
        defer { wrong.kill() }
        try wrong.send(keys: "Enter")
        try wrong.waitFor("refused the credentials", timeout: 15)
        XCTAssertFalse(try wrong.screen().contains { $0.contains("nope") }, "the password is never shown")
        // The server logs each Authorization header it receives: the wrong one came once, never looped.
        let wrongHeader = "authorization: Basic " + Data("writer:nope".utf8).base64EncodedString()
        XCTAssertEqual(server.log.components(separatedBy: wrongHeader).count - 1, 1, server.log)
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.appending("wrong")))

        let right = try clone(into: "blog", password: "s3cret")
        defer { right.kill() }
        // The password field hides what is typed (waited for: a slow build redraws later).
        try right.waitFor("••••••", timeout: 10)
        XCTAssertFalse(try right.screen().contains { $0.contains("s3cret") }, "the password is never shown")
        try right.send(keys: "Enter")
        try right.waitFor("6 of 6 posts", timeout: 30)
    }
}
