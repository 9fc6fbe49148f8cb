import ChildProcesses
import Foundation

/// Runs a helper program (gpg, ssh-keygen, ssh-keyscan, git credential, git log) with input,
/// collecting its output and errors apart — through `OwnedProcess`, the one way nakedblog runs
/// a program (a clean signal state, its own process group, a time limit).
enum ExternalCommand {
    struct Result {
        var status: Int32
        var output: Data
        var errorOutput: Data
    }

    struct NotStarted: Error, CustomStringConvertible {
        let program: String
        var description: String { "cannot run \(program)" }
    }

    /// `arguments[0]` is looked up on the environment's PATH (as `env` does). A helper that
    /// takes longer than `timeout` seconds is stopped with everything it started.
    static func run(
        _ arguments: [String], input: Data, environment: [String: String], timeout: Double = 600
    ) throws -> Result {
        guard
            let outcome = OwnedProcess.run(
                "/usr/bin/env", arguments, environment: environment, input: Array(input), separateErrors: true,
                timeout: timeout)
        else { throw NotStarted(program: arguments.first ?? "") }
        return Result(status: outcome.status, output: Data(outcome.output), errorOutput: Data(outcome.errors))
    }
}
