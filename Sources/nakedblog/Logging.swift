import Foundation
import Logging

/// Log set-up: everything goes to a file in the XDG state directory, never to the terminal the
/// app draws on. Secrets (passwords, passphrases, tokens) are never passed to a logger.
enum Logging {
    /// `$XDG_STATE_HOME/nakedblog` (default `~/.local/state/nakedblog`).
    static var stateDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/nakedblog"
        }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/nakedblog" }
        return NSHomeDirectory() + "/.local/state/nakedblog"
    }

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
