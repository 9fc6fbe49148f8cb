import Foundation
import GitOps
import Synchronization
import TUI

/// HTTPS credentials for the app: the user's git credential helpers first (never a terminal
/// prompt, which would write over the screen), then a sign-in dialog in the app. Called on a git
/// worker thread, which waits while the user types; one dialog per request, never a loop.
final class AppCredentialProvider: CredentialProvider, Sendable {
    private let helpers = GitCredentialHelper(allowPrompt: false)
    private let ask: @Sendable (String, String?) -> Void
    private let answer = Mutex<HTTPCredential??>(nil)
    private let answered = DispatchSemaphore(value: 0)

    var description: String { "your git credential helpers and the sign-in dialog" }

    /// `ask(url, username)` shows the dialog (posts a message to the loop).
    init(ask: @escaping @Sendable (String, String?) -> Void) {
        self.ask = ask
    }

    func credential(for url: String, username: String?) -> HTTPCredential? {
        if let stored = helpers.credential(for: url, username: username) { return stored }
        answer.withLock { $0 = nil }
        ask(url, username)
        answered.wait()
        return answer.withLock { $0 ?? nil }
    }

    /// The dialog's result (nil: cancelled); wakes the waiting git thread.
    func respond(_ credential: HTTPCredential?) {
        answer.withLock { $0 = .some(credential) }
        answered.signal()
    }

    func approve(_ credential: HTTPCredential, for url: String) { helpers.approve(credential, for: url) }
    func reject(_ credential: HTTPCredential, for url: String) { helpers.reject(credential, for: url) }
}

/// The sign-in dialog's state.
public struct SignInDialog: Sendable {
    public var url: String
    public var username: TextField
    public var password = TextField("", secret: true)
    public var focus: Int

    public init(url: String, username: String?) {
        self.url = url
        self.username = TextField(username ?? "")
        focus = (username ?? "").isEmpty ? 0 : 1
    }
}
