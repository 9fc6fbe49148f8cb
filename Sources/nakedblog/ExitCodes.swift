/// The exit codes every subcommand shares (documented in `--help` and the README).
enum ExitCodes {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
    static let conflict: Int32 = 3
    static let authentication: Int32 = 4
    static let unreachable: Int32 = 5
    /// The publish would break the post (its front matter would stop being readable): refused.
    static let refused: Int32 = 6
    static let interrupted: Int32 = 130
}

/// An error whose message is written for the user: what failed, the likely cause, what to do.
struct UserFacingError: Error {
    let message: String
    let exitCode: Int32

    init(_ message: String, exitCode: Int32 = ExitCodes.failure) {
        self.message = message
        self.exitCode = exitCode
    }
}
