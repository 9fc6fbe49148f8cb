import ArgumentParser
import Blog
import GitOps
import Preview

/// The root command: `nakedblog --help` lists only subcommands that really work.
struct Nakedblog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nakedblog",
        abstract: "A full-screen terminal editor for Hugo and Jekyll blogs kept in git.",
        usage: "nakedblog [SITE | POST | POST:LINE | +LINE POST]\n       nakedblog <subcommand> ...",
        discussion: """
            Exit codes (shared by every subcommand):
              0    success
              1    error
              2    usage error (bad arguments)
              3    conflict that needs you (e.g. a publish that could not be rebased)
              4    authentication or host-key refusal
              5    remote unreachable, or the repository was not found
              6    publish refused (or check failed): a post's front matter would stop being readable
              7    spell: some words are misspelled
              127  a library nakedblog needs cannot be loaded (the system's loader names it)
              130  interrupted (Ctrl-C, SIGTERM)

            Logs go to \(Logging.logFilePath) (more with --verbose); never to the screen.
            """,
        version: NakedblogVersion.description,
        subcommands: [
            CloneCommand.self, ListCommand.self, NewCommand.self, MetaCommand.self, DraftCommand.self,
            PreviewCommand.self,
            StatusCommand.self, CheckCommand.self, SearchCommand.self, LogCommand.self, DiffCommand.self,
            NoteCommand.self, ImageCommand.self,
            SpellCommand.self, PublishCommand.self, TagsCommand.self,
            SyncCommand.self,
            DemoCommand.self, OpenCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    @OptionGroup var options: GlobalOptions
}

/// Options every command accepts.
struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Write debug detail to the log file.")
    var verbose = false

    @Option(
        name: .long, help: "Colour theme for the full-screen app: default, light, high-contrast, mono, or a theme file."
    )
    var theme: String?
}

/// Lets `main` find `--verbose` on whichever command was parsed.
protocol VerboseOption {
    var verboseEnabled: Bool { get }
}

extension Nakedblog: VerboseOption {
    var verboseEnabled: Bool { options.verbose }
}

/// The version line printed by `--version`.
enum NakedblogVersion {
    static let number = "0.1.0"
    static var description: String {
        "\(number) (libgit2 \(GitLibrary.version), libcmark \(CommonMark.version))"
    }
}
