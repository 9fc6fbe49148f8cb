import Blog
import FuzzSupport
import Preview
import TextWidth

/// Markdown → terminal lines at a width taken from the input: never crashes, and no line is
/// wider than the width. A page whose front matter is rejected is fuzzed as a rejection: its
/// message is one line of visible text, and the text is still previewed as markdown (as the
/// editor's pane shows a page whose front matter does not read).
func fuzzPreview(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let first = input.first else { return 0 }
    let width = 10 + Int(first % 100)
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let lines: [PreviewLine]
    do {
        lines = MarkdownPreview.render(try PageText(text: text, file: "fuzz.md"), width: width)
    } catch {
        let message = String(describing: error)
        guard !message.isEmpty, !message.contains("\n"), TerminalText.visible(message) == message else {
            fatalError("a rejection's message is not one line of visible text: \(message.debugDescription)")
        }
        lines = MarkdownPreview.render(markdown: text, width: width)
    }
    for line in lines where DisplayWidth.of(line.text) > width {
        fatalError("a preview line is \(DisplayWidth.of(line.text)) columns wide at width \(width): \(line.text)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzPreview(data, size) }

@_cdecl("FuzzPreview_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzPreview($0, $1) }
}
