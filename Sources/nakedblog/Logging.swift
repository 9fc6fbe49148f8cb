import Foundation
import Logging
import Workflows

/// Log set-up: everything goes to a file in the XDG state directory, never to the terminal the
/// app draws on. Secrets (passwords, passphrases, tokens) are never passed to a logger.
enum Logging {
    /// `$XDG_STATE_HOME/nakedblog` (default `~/.local/state/nakedblog`).
    static var stateDirectory: String { XDGDirectory.state() }

    static var logFilePath: String { stateDirectory + "/nakedblog.log" }

    /// Installs the file log handler; `verbose` lowers the level to debug.
    static func bootstrap(verbose: Bool) {
        let path = logFilePath
        LoggingSystem.bootstrap { label in
            var handler = FileLogHandler(label: label, path: path)
            handler.logLevel = verbose ? .debug : .info
            return handler
        }
    }
}
