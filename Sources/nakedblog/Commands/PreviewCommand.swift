import ArgumentParser
import Blog
import CShims
import Preview
import Foundation
import TextWidth

/// `nakedblog preview FILE`: the post rendered as the editor's preview shows it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Print a post rendered for the terminal (what the editor's preview shows).",
        discussion: "Colours on a terminal (code blocks coloured by language) unless NO_COLOR is set or TERM is dumb; --plain (or a pipe) prints no escape codes at all.")

    @Argument(help: "The post's content file.")
    var file: String

    @Option(help: "Width in columns (default: the terminal's, or 80).")
    var width: Int?

    @Flag(help: "No colours or other escape codes.")
    var plain = false

    @OptionGroup var options: GlobalOptions

    static let widths = 20...1000

    func validate() throws {
        if let width, !Self.widths.contains(width) { throw ValidationError("--width must be between 20 and 1000.") }
    }

    func run() throws {
        try Self.print(file: file, width: width, plain: plain)
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
    static func print(file: String, width: Int?, plain: Bool) throws {
        // A one-shot command: freed buffers are reused, not faulted in afresh (~6% of a 1 MiB preview).
        nb_keep_freed_memory()
        let page: PageText
        do { page = try PageText.read(path: file, display: file) } catch { throw error.userFacing }
        let absoluteFile = URL(fileURLWithPath: file).standardizedFileURL.path
        let site = try? Site.open(containing: (absoluteFile as NSString).deletingLastPathComponent)
        let environment = ProcessInfo.processInfo.environment
        let colour = !plain && isatty(1) == 1 && (environment["NO_COLOR"].map(\.isEmpty) ?? true) && environment["TERM"] != "dumb"
        var context = PreviewContext.forPage(page, file: absoluteFile, site: site)
        // No colour: no time spent on colouring code.
        context.highlightsCode = colour
        let lines = MarkdownPreview.render(page, width: width ?? TerminalSize.columns() ?? 80, context: context)
        // Written as bytes, each span's text copied as it is unless it needs stand-ins; a long
        // preview is formatted in shares on all cores.
        let parts = ParallelMap.shares(lines.count) { range -> [UInt8] in
            var out: [UInt8] = []
            out.reserveCapacity(range.count * 96)
            for line in lines[range] {
                for span in line.spans {
                    if colour { ANSIStyle.append(span, to: &out) } else { TerminalText.appendVisible(span.text, to: &out) }
                }
                out.append(0x0A)
            }
            return out
        }
        for part in parts { FileHandleOutput.standardOutput.write(bytes: part) }
        // Freed by the kernel at exit, not line by line (a megabyte's lines took longer to free
        // than to print).
        KeepUntilExit.keep(lines)
        KeepUntilExit.keep(parts)
    }
}

/// Terminal escape codes for preview styles (the full-screen app uses themes instead).
enum ANSIStyle {
    /// The span's text made visible, inside its style's escape codes.
    static func append(_ span: PreviewSpan, to out: inout [UInt8]) {
        let codes = self.codes(span.style)
        if codes.isEmpty { return TerminalText.appendVisible(span.text, to: &out) }
        out += ("\u{1B}[" + codes.joined(separator: ";") + "m").utf8
        TerminalText.appendVisible(span.text, to: &out)
        out += "\u{1B}[0m".utf8
    }

    static func codes(_ style: PreviewStyle) -> [String] {
        var codes: [String] = []
        switch style.role {
        case .heading1: codes += ["1", "35"]
        case .heading2: codes += ["1", "36"]
        case .heading3: codes += ["1", "34"]
        case .code, .codeBlock: codes += ["33"]
        case .codeLabel, .border, .rule, .divider: codes += ["2"]
        case .link: codes += ["4", "34"]
        case .url, .dim, .shortcode: codes += ["2"]
        case .quote: codes += ["3"]
        case .marker: codes += ["36"]
        case .image: codes += ["32"]
        case .missing: codes += ["31"]
        case .note: codes += ["1", "33"]
        case .tableHeader: codes += ["1"]
        case .alertNote: codes += ["34"]
        case .alertTip: codes += ["32"]
        case .alertImportant: codes += ["35"]
        case .alertWarning: codes += ["33"]
        case .alertCaution: codes += ["31"]
        // Code tokens in the 8 basic colours (every colour terminal has them).
        case .codeKeyword: codes += ["35"]
        case .codeType: codes += ["36"]
        case .codeString: codes += ["32"]
        case .codeComment: codes += ["2", "3"]
        case .codeNumber: codes += ["33"]
        case .codeFunction: codes += ["34"]
        case .codePreprocessor: codes += ["31"]
        case .text: break
        }
        if style.bold { codes.append("1") }
        if style.italic { codes.append("3") }
        if style.strikethrough { codes.append("9") }
        return codes
    }
}
