import Foundation
import XCTest

/// A base for end-to-end tests of the app in tmux on a copy of the demo site: a test home, the
/// copy (`site`), and the sessions opened, all removed after each test.
open class DemoSiteSessions: XCTestCase {
    public var home: TestHome!
    public var work: TemporaryDirectory!
    public var sessions: [TmuxSession] = []

    open override func setUpWithError() throws {
        try requireProgram("tmux")
        home = try TestHome()
        work = try TemporaryDirectory(prefix: "nb-demo-session")
        try PackageRoot.copyDemo(to: work.appending("site"))
    }

    open override func tearDown() {
        sessions.forEach { $0.kill() }
        home?.remove()
        work?.remove()
    }

    /// The copy of the demo site.
    public var site: String { work.appending("site") }

    /// The app on `post` (site-relative), once its editor shows.
    public func open(_ post: String, waitingFor text: String = "Ln 1, Col 1") throws -> TmuxSession {
        let session = try TmuxSession(
            [try Products.path("nakedblog"), site + "/" + post], environment: home.environment)
        sessions.append(session)
        try session.waitFor(text, timeout: 15)
        return session
    }
}
