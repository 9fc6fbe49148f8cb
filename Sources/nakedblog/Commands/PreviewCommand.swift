import ArgumentParser
import Blog
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

    func validate() throws {
        if let width, width < 20 || width > 1000 { throw ValidationError("--width must be between 20 and 1000.") }
    }

    func run() throws {
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
        var out = ""
        out.reserveCapacity(page.body.utf8.count + lines.count * 8)
        for line in lines {
            if colour {
                out += ANSIStyle.render(line)
            } else {
                for span in line.spans { out += TerminalText.visible(span.text) }
            }
            out += "\n"
        }
        FileHandleOutput.standardOutput.write(trusted: out)
        // Freed by the kernel at exit, not line by line (a megabyte's lines took longer to free
        // than to print).
        KeepUntilExit.keep(lines)
        KeepUntilExit.keep(out)
    }
}

/// Terminal escape codes for preview styles (the full-screen app uses themes instead).
enum ANSIStyle {
    static func render(_ line: PreviewLine) -> String {
        line.spans.map { span in
            let codes = self.codes(span.style)
            let text = TerminalText.visible(span.text)
            return codes.isEmpty ? text : "\u{1B}[" + codes.joined(separator: ";") + "m" + text + "\u{1B}[0m"
        }.joined()
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
