import ArgumentParser
import Blog
import CMemory
import Foundation
import NakedblogApp
import Preview
import TUI
import TextWidth
import Workflows

/// `nakedblog preview FILE`: the post rendered as the editor's preview shows it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Print a post rendered for the terminal (what the editor's preview shows).",
        discussion:
            "Colours on a terminal (code blocks coloured by language) unless NO_COLOR is set or TERM is dumb; --plain (or a pipe) prints no escape codes at all. Pictures that stand alone are drawn above their line as the terminal answers it draws them (kitty, sixel, iTerm2, else coloured Unicode blocks); --images or `[images] preview` in the config file chooses."
    )

    @Argument(help: "The post's content file.")
    var file: String

    @Option(help: "Width in columns (default: the terminal's, or 80).")
    var width: Int?

    @Flag(help: "No colours or other escape codes.")
    var plain = false

    @Option(help: "Pictures: auto (ask the terminal), kitty, sixel, iterm, symbols or off.")
    var images: String?

    @OptionGroup var options: GlobalOptions

    static let widths = 20...1000

    func validate() throws {
        if let width, !Self.widths.contains(width) { throw ValidationError("--width must be between 20 and 1000.") }
        if let images, !["auto", "off"].contains(images), PictureFormat(rawValue: images) == nil {
            throw ValidationError("--images is auto, kitty, sixel, iterm, symbols or off.")
        }
    }

    func run() throws {
        try Self.print(file: file, width: width, plain: plain, images: images)
    }

    /// `preview FILE [--plain] [--width N]` read without the parser, whose start-up is part of
    /// what a preview costs; nil for anything else (help, other options, a bad value), which the
    /// parser then reads and explains.
    static func quickRequest(_ arguments: [String]) -> (file: String, width: Int?, plain: Bool)? {
        guard arguments.first == configuration.commandName else { return nil }
        var file: String?, width: Int?, plain = false
        var rest = arguments.dropFirst()
        while let word = rest.popFirst() {
            if word == "--plain" {
                plain = true
            } else if word == "--width" || word.hasPrefix("--width=") {
                let value = word == "--width" ? rest.popFirst() : String(word.dropFirst(8))
                guard let number = value.flatMap({ Int($0) }), widths.contains(number) else { return nil }
                width = number
            } else if word.hasPrefix("-") || file != nil {
                return nil
            } else {
                file = word
            }
        }
        return file.map { ($0, width, plain) }
    }

    /// Prints the post at `file` rendered for the terminal.
    static func print(file: String, width: Int?, plain: Bool, images: String? = nil) throws {
        // A one-shot command: freed buffers are reused, not faulted in afresh (~6% of a 1 MiB preview).
        nb_keep_freed_memory()
        // Huge pages pay off from a few hundred KiB of text (a fault costs ~3 µs here).
        var info = stat()
        if stat(file, &info) == 0, info.st_size >= 256 * 1024 {
            nb_use_huge_pages()
            MarkdownPreview.prepareWorkers()
        }
        let absoluteFile = StandardPath.of(file)
        // A post that is a link (or under one) out of its site or into .git is not read. Most
        // paths involve no link: one realpath tells, and the site is looked for only then.
        var site: Site?
        if let real = SiteContainment.resolve(absoluteFile), real != absoluteFile {
            site = try? SiteOpening.open(StandardPath.folder(of: absoluteFile), restricted: false)
            if let root = site?.root, absoluteFile.hasPrefix(root + "/"),
                let refusal = SiteContainment.refusal(SiteContainment.verdict(absoluteFile, site: root), display: file)
            {
                throw refusal.userFacing
            }
        }
        let page: PageText
        do { page = try PageText.read(path: file, display: file) } catch { throw error.userFacing }
        if site == nil { site = try? SiteOpening.open(StandardPath.folder(of: absoluteFile), restricted: false) }
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let colour =
            !plain && isatty(1) == 1 && (variable("NO_COLOR").map(\.isEmpty) ?? true) && variable("TERM") != "dumb"
        var context = PreviewContext.forPage(page, file: absoluteFile, site: site)
        // No colour: no time spent on colouring code.
        context.highlightsCode = colour
        // Laid out straight into terminal bytes, on all cores for a long post.
        let width = width ?? TerminalSize.columns() ?? 80
        let parts = MarkdownPreview.terminalParts(page, width: width, context: context, colour: colour)
        let pictures =
            colour && parts.contains { !$0.pictures.isEmpty }
            ? PicturePrinter(images: images, width: width, site: site) : nil
        for part in parts {
            var start = 0
            for place in part.pictures {
                guard let drawn = pictures?.draw(place.picture) else { continue }
                FileHandleOutput.standardOutput.write(bytes: Array(part.bytes[start..<place.offset]))
                FileHandleOutput.standardOutput.write(bytes: drawn)
                start = place.offset
            }
            FileHandleOutput.standardOutput.write(bytes: start == 0 ? part.bytes : Array(part.bytes[start...]))
        }
    }
}

/// Pictures drawn for `nakedblog preview` as the terminal asks (the app's rule: `PictureState`),
/// each above its line.
struct PicturePrinter {
    var state: PictureState
    let canvas: PictureCanvas?

    let siteRoot: String?

    /// `images`: the option (else `[images] preview`, else auto: the terminal is asked).
    init(images: String?, width: Int, site: Site?) {
        let environment = ProcessInfo.processInfo.environment
        siteRoot = site?.root
        state = PictureState(
            environment: environment,
            choice: PictureState.Choice(images ?? ImageSettings.load(environment: environment).preview),
            cellPixels: TerminalAnswers.cellPixels)
        if state.asksTerminal {
            for reply in TerminalAnswers.ask(tmux: state.tmux) { state.take(reply) }
        }
        canvas = state.canvas(columns: width, rows: TerminalSize.rows() ?? 24)
    }

    /// The picture's escape sequences and a line end, or nil when it cannot be drawn.
    func draw(_ picture: PreviewPicture) -> [UInt8]? {
        guard let canvas, let file = picture.file, let siteRoot,
            let drawn = try? PictureDrawing.draw(file: file, insideSite: siteRoot, on: canvas)
        else { return nil }
        if drawn.format == .symbols { return drawn.sequences.flatMap { $0 + [0x0A] } }
        let wrapped = GraphicsOutput.passthrough(
            drawn.transfer + (drawn.sequences.first ?? []), tmux: state.tmux && drawn.format.passesThroughTmux)
        return wrapped + [0x0A]
    }
}
