import Blog
import Preview
import FuzzSupport
import TextWidth

/// Markdown → terminal lines at a width taken from the input: never crashes, and no line is
/// wider than the width.
func fuzzPreview(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let first = input.first else { return 0 }
    let width = 10 + Int(first % 100)
    let text = String(decoding: input.dropFirst(), as: UTF8.self)
    let page = (try? PageText(text: text, file: "fuzz.md")) ?? (try? PageText(text: "", file: "fuzz.md"))
    guard let page else { return 0 }
    for line in MarkdownPreview.render(page, width: width) where DisplayWidth.of(line.text) > width {
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
