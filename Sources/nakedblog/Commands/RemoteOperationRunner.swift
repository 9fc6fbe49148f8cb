import Foundation
import GitOps

/// Runs a publish or sync with progress on stderr, asking about an unknown SSH host key (once)
/// and turning errors into the user's message and exit code.
enum RemoteOperationRunner {
    static func run(what: String, remoteURL: String?, acceptNewHostKey: Bool,
                    start: (RemoteOptions) -> GitOperation<PublishEvent>) async throws -> PublishResult {
        let interactive = isatty(0) == 1 && isatty(2) == 1
        let url = remoteURL.flatMap { try? GitURL($0) }
        var acceptedKey = false
        while true {
            let printer = ProgressPrinter(isTerminal: isatty(2) == 1)
            let operation = start(RemoteOptions(credentials: GitCredentialHelper(allowPrompt: interactive)))
            let signals = SignalCancellation { operation.cancel() }
            defer { signals.stop() }
            do {
                for try await event in operation.events {
                    if case .finished(let result) = event {
                        printer.finish()
                        return result
                    }
                    printer.show(event)
                }
                throw UserFacingError("\(what): the operation ended without a result")
            } catch let error as GitError {
                printer.finish()
                await operation.waitUntilFinished()
                if error.kind == .hostKeyUnknown, !acceptedKey, let key = error.hostKey, let url,
                   try HostKeyPrompt.accept(key, url: url, automatically: acceptNewHostKey, interactive: interactive) {
                    try HostKeys.trust(key)
                    acceptedKey = true
                    continue
                }
                throw GitFailure.explain(error, what: what, url: url, interactive: interactive)
            }
        }
    }
}
