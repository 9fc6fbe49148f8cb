import ArgumentParser

/// The commands whose start-up is timed — `nakedblog list`, `preview`, `spell` and opening a
/// site — are parsed on their own: parsing through the root first builds every subcommand's
/// arguments by reflection (a few milliseconds of a 2,000-post listing, most of a one-line
/// preview). Anything else, and anything unusual
/// (help, version, completion scripts, a parse error), goes through the root as before, so
/// messages and help are the root's.
enum QuickParse {
    private static let special: Set<String> = ["-h", "--help", "help", "--version", "--experimental-dump-help"]

    /// The parsed command, or nil when the root must parse `arguments`.
    static func command(_ arguments: [String]) -> ParsableCommand? {
        guard !arguments.contains(where: { special.contains($0) || $0.hasPrefix("--generate-completion") }) else {
            return nil
        }
        switch arguments.first {
        case ListCommand.configuration.commandName: return try? ListCommand.parse(Array(arguments.dropFirst()))
        case PreviewCommand.configuration.commandName: return try? PreviewCommand.parse(Array(arguments.dropFirst()))
        case SpellCommand.configuration.commandName: return try? SpellCommand.parse(Array(arguments.dropFirst()))
        default: break
        }
        // `nakedblog [DIR]`: the default subcommand, when the first word names no subcommand.
        let names = Set(Nakedblog.configuration.subcommands.compactMap { $0.configuration.commandName })
        if let first = arguments.first, names.contains(first) { return nil }
        return try? OpenCommand.parse(arguments)
    }
}
