import Foundation
import GitOps

/// Runs a clone, publish or sync with progress on stderr, asking about an unknown SSH host key
/// (once, then starting again) and turning errors into the user's message and exit code.
enum RemoteOperationRunner {
    /// `show` prints an event and returns the result when the event is the last one;
    /// `explain` words a failure (`interactive`: whether the user could have been asked).
    static func run<Event: Sendable, Result>(
        url: GitURL?, acceptNewHostKey: Bool,
        start: (RemoteOptions) -> GitOperation<Event>,
        show: (Event, ProgressPrinter) -> Result?,
        explain: (GitError, _ interactive: Bool) -> UserFacingError
    ) async throws -> Result {
        let interactive = isatty(0) == 1 && isatty(2) == 1
        var acceptedKey = false
        while true {
            let printer = ProgressPrinter(isTerminal: isatty(2) == 1)
            let operation = start(RemoteOptions(credentials: GitCredentialHelper(allowPrompt: interactive)))
            let signals = SignalCancellation { operation.cancel() }
            defer { signals.stop() }
            do {
                var result: Result?
                for try await event in operation.events where result == nil {
                    result = show(event, printer)
                }
                printer.finish()
                guard let result else { throw UserFacingError("the operation ended without a result") }
                return result
            } catch let error as GitError {
                printer.finish()
                await operation.waitUntilFinished()
                if error.kind == .hostKeyUnknown, !acceptedKey, let key = error.hostKey, let url,
                    try HostKeyPrompt.accept(key, url: url, automatically: acceptNewHostKey, interactive: interactive)
                {
                    try HostKeys.trust(key)
                    acceptedKey = true
                    continue
                }
                throw explain(error, interactive)
            }
        }
    }

    /// Publish and sync: progress lines until `.finished`.
    static func run(
        what: String, remoteURL: String?, acceptNewHostKey: Bool,
        start: (RemoteOptions) -> GitOperation<PublishEvent>
    ) async throws -> PublishResult {
        let url = remoteURL.flatMap { try? GitURL($0) }
        return try await run(
            url: url, acceptNewHostKey: acceptNewHostKey, start: start,
            show: { event, printer in
                if case .finished(let result) = event { return result }
                printer.show(event)
                return nil
            },
            explain: { error, interactive in GitFailure.explain(error, what: what, url: url, interactive: interactive) }
        )
    }
}
