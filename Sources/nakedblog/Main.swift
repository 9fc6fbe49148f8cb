import ArgumentParser
import Foundation
import GitOps
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// Process entry: parse arguments, run, and map errors to the exit codes nakedblog documents
/// (see `ExitCodes`). libgit2 initialises itself on first use (GitOps).
@main
enum Main {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The version alone needs no parser (what ArgumentParser prints, without its start-up).
        if arguments == ["--version"] {
            FileHandleOutput.standardOutput.write(NakedblogVersion.description + "\n")
            leave(ExitCodes.success)
        }
        // NAKEDBLOG_RESTRICTED (a shared server): the app on its site, and nothing else.
        // (getenv, not ProcessInfo's dictionary of the whole environment: a preview's start-up.)
        let restricted = OpenCommand.restricted(byValue: getenv("NAKEDBLOG_RESTRICTED").map { String(cString: $0) })
        // A preview needs no parser either (its start-up is part of what `make bench` times).
        if !restricted, let preview = PreviewCommand.quickRequest(arguments) {
            do { try PreviewCommand.print(file: preview.file, width: preview.width, plain: preview.plain) } catch {
                leave(report(error))
            }
            leave(ExitCodes.success)
        }
        do {
            let parsed = try QuickParse.command(arguments) ?? Nakedblog.parseAsRoot(arguments)
            if restricted, !(parsed is OpenCommand) {
                throw UserFacingError(
                    "only the app runs on this server (NAKEDBLOG_RESTRICTED is set).", exitCode: ExitCodes.usage)
            }
            Logging.bootstrap(verbose: (parsed as? VerboseOption)?.verboseEnabled ?? arguments.contains("--verbose"))
            Logger(label: "nakedblog").debug(
                "nakedblog started",
                metadata: [
                    "version": "\(NakedblogVersion.description)",
                    "command": "\(type(of: parsed).configuration.commandName ?? "")",
                ])
            try await run(parsed)
            leave(ExitCodes.success)
        } catch {
            leave(report(error))
        }
    }

    /// Ends the process with `code` at once. Everything nakedblog prints is written unbuffered;
    /// `exit` would also run libc's and C++'s teardown while other threads may still be
    /// finishing (a clone stopped by SIGTERM crashed there once: exit 139 instead of 130).
    static func leave(_ code: Int32) -> Never {
        fflush(nil)
        _exit(code)
    }

    /// Runs a parsed command on the main task.
    @MainActor
    static func run(_ parsed: sending ParsableCommand) async throws {
        if var asyncCommand = parsed as? AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            var command = parsed
            try command.run()
        }
    }

    /// Prints `error` the way the user should see it and returns the exit code.
    static func report(_ error: Error) -> Int32 {
        if let failure = error as? UserFacingError {
            FileHandleOutput.standardError.write("nakedblog: \(failure.message)\n")
            return failure.exitCode
        }
        let code = Nakedblog.exitCode(for: error)
        let message = Nakedblog.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { FileHandleOutput.standardOutput.write(message + "\n") }
            return ExitCodes.success
        }
        if !message.isEmpty { FileHandleOutput.standardError.write(message + "\n") }
        return code == .validationFailure ? ExitCodes.usage : code.rawValue
    }
}
