import ArgumentParser

/// The two commands whose start-up is timed — `nakedblog list` and opening a site — are parsed
/// on their own: parsing through the root first builds every subcommand's arguments by
/// reflection (a few milliseconds of a 2,000-post listing). Anything else, and anything unusual
/// (help, version, completion scripts, a parse error), goes through the root as before, so
/// messages and help are the root's.
enum QuickParse {
    private static let special: Set<String> = ["-h", "--help", "help", "--version", "--experimental-dump-help"]

    /// The parsed command, or nil when the root must parse `arguments`.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard !arguments.contains(where: { special.contains($0) || $0.hasPrefix("--generate-completion") }) else { return nil }
        if arguments.first == ListCommand.configuration.commandName {
            return try? ListCommand.parse(Array(arguments.dropFirst()))
        }
        // `nakedblog [DIR]`: the default subcommand, when the first word names no subcommand.
        let names = Set(Nakedblog.configuration.subcommands.compactMap { $0.configuration.commandName })
        if let first = arguments.first, names.contains(first) { return nil }
        return try? OpenCommand.parse(arguments)
    }
}
