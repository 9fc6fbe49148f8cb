import Blog
import Foundation
import FuzzSupport

/// Front matter: parse any bytes as a page, read the fields, then set, add and remove fields in
/// place. Errors are fine; crashes, hangs and an edit that changes other lines are not.
func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let page = try? PageText(bytes: input, file: "fuzz.md"), var editor = try? FrontMatterEditor(page: page, file: "fuzz.md"),
          let fields = try? editor.fields() else { return 0 }
    let before = editor.page.text
    if let key = fields.keys.first {
        try? editor.set(key, to: .string("fuzzed \u{1F600} \"quote\""))
    }
    try? editor.set("title", to: .string("A: title # with: colons"))
    try? editor.set("tags", to: .list([.string("a"), .string("b, c")]))
    try? editor.set("draft", to: .bool(false))
    if let key = fields.keys.last { try? editor.remove(key) }
    // Whatever was written must parse again.
    if editor.page.text != before, let again = try? PageText(text: editor.page.text, file: "fuzz.md") {
        guard (try? FrontMatterEditor(page: again, file: "fuzz.md").fields()) != nil else {
            fatalError("an edit produced front matter that does not parse:\n\(editor.page.text)")
        }
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzFrontMatter(data, size) }

@_cdecl("FuzzFrontMatter_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzFrontMatter($0, $1) }
}
