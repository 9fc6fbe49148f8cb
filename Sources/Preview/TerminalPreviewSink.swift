import Blog
import TextWidth

/// Writes the lines as terminal output: UTF-8 with every control character made visible and,
/// in colour, each styled span inside its escape codes (`nakedblog preview`).
struct TerminalPreviewSink: PreviewLineSink {
    let colour: Bool
    var out: [UInt8] = []
    /// Pictures standing alone, each with where its line starts in `out`.
    var pictures: [TerminalPreviewPart.Picture] = []
    private var lineStart = 0
    private var escapes: [PreviewStyle: [UInt8]] = [:]

    init(colour: Bool, capacity: Int) {
        self.colour = colour
        out.reserveCapacity(capacity)
    }

    mutating func markPicture(_ picture: PreviewPicture) {
        pictures.append(TerminalPreviewPart.Picture(offset: lineStart, picture: picture))
    }

    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, _ spans: UnsafeBufferPointer<SpanMark>, sourceLine: Int) {
        lineStart = out.count
        // Plain: the whole line at once, made visible.
        if !colour {
            TerminalText.appendVisible(utf8: bytes, to: &out)
            out.append(0x0A)
            return
        }
        var start = 0
        for span in spans {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<span.end])
            start = span.end
            let escape = escape(for: span.style)
            if escape.isEmpty {
                TerminalText.appendVisible(utf8: text, to: &out)
                continue
            }
            out += escape
            TerminalText.appendVisible(utf8: text, to: &out)
            out += "\u{1B}[0m".utf8
        }
        out.append(0x0A)
    }

    /// The escape that starts `style` (empty for plain text), made once per style.
    private mutating func escape(for style: PreviewStyle) -> [UInt8] {
        if let known = escapes[style] { return known }
        let codes = ANSIStyle.codes(style)
        let escape = codes.isEmpty ? [] : Array(("\u{1B}[" + codes.joined(separator: ";") + "m").utf8)
        escapes[style] = escape
        return escape
    }
}

extension MarkdownPreview {
    /// The post's body as terminal output (`nakedblog preview`): UTF-8 lines, control
    /// characters made visible, in colour or plain; in parts, in order, written on all cores.
    /// `stage`, when given, is called as each stage ends (`make bench` times them).
    public static func terminalOutput(
        _ page: PageText, width: Int, context: PreviewContext, colour: Bool,
        stage: ((PreviewStage) -> Void)? = nil
    ) -> [[UInt8]] {
        write(
            markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context,
            parallelAbove: parallelThreshold, parts: nil, stage: stage
        ) { size in
            // Room for what a piece becomes (boxes, prefixes and wrapping: 1.8× the corpus' bytes
            // plain, 2.2× in colour), so no piece's output is copied to grow; room not written
            // costs no memory.
            TerminalPreviewSink(colour: colour, capacity: (colour ? 3 : 2) * size + 256)
        }.map(\.out)
    }

    /// As `terminalOutput`, each part with the pictures that stand alone in it (where their
    /// line starts), for a caller that draws them above their line.
    public static func terminalParts(_ page: PageText, width: Int, context: PreviewContext, colour: Bool)
        -> [TerminalPreviewPart]
    {
        write(
            markdown: page.body, firstLine: page.bodyFirstLine, width: width, context: context,
            parallelAbove: parallelThreshold, parts: nil
        ) { size in
            TerminalPreviewSink(colour: colour, capacity: (colour ? 3 : 2) * size + 256)
        }.map { TerminalPreviewPart(bytes: $0.out, pictures: $0.pictures) }
    }
}

/// A part of a preview printed for the terminal, and its pictures.
public struct TerminalPreviewPart: Sendable {
    /// A picture alone in its paragraph, and where its line starts in `bytes`.
    public struct Picture: Sendable {
        public let offset: Int
        public let picture: PreviewPicture
    }

    public let bytes: [UInt8]
    public let pictures: [Picture]
}

/// Terminal escape codes for preview styles, in the 8 basic colours every colour terminal has
/// (the full-screen app uses themes instead).
enum ANSIStyle {
    /// The SGR parameters of `style` (none for plain text).
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
