import Blog
import Foundation
import FuzzSupport

/// Front matter: parse any bytes as a page, read the fields, then set, add and remove fields in
/// place, each edit on its own. Errors are fine; crashes and hangs are not, and neither is an
/// edit that is taken but leaves a page that no longer reads, or changes its body.
func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    guard let page = try? PageText(bytes: input, file: "fuzz.md"),
        let editor = try? FrontMatterEditor(page: page, file: "fuzz.md"),
        let fields = try? editor.fields()
    else { return 0 }
    var edits: [(String, (inout FrontMatterEditor) throws -> Void)] = [
        ("set title", { try $0.set("title", to: .string("A: title # with: colons")) }),
        ("set tags", { try $0.set("tags", to: .list([.string("a"), .string("b, c")])) }),
        ("set draft", { try $0.set("draft", to: .bool(false)) }),
    ]
    if let key = fields.keys.first {
        edits.append(("set \(key)", { try $0.set(key, to: .string("fuzzed \u{1F600} \"quote\"")) }))
    }
    if let key = fields.keys.last { edits.append(("remove \(key)", { try $0.remove(key) })) }
    for (name, edit) in edits {
        var edited = editor
        // A refused edit changes nothing: that is its error path, and fine.
        guard (try? edit(&edited)) != nil else {
            if edited.page.text != page.text { fatalError("\(name) was refused but changed the text") }
            continue
        }
        guard edited.page.text != page.text else { continue }
        // What an edit writes must read again, as a page and as front matter, with the body as it was.
        let again: PageText
        do { again = try PageText(text: edited.page.text, file: "fuzz.md") } catch {
            fatalError("\(name) produced a page that does not read (\(error)):\n\(edited.page.text)")
        }
        guard (try? FrontMatterEditor(page: again, file: "fuzz.md").fields()) != nil else {
            fatalError("\(name) produced front matter that does not parse:\n\(edited.page.text)")
        }
        // (A page that had no front matter gets a blank line between its new block and its text.)
        let separated = page.frontMatter == nil && (again.body == "\n" + page.body || again.body == "\r\n" + page.body)
        guard again.body == page.body || separated else {
            fatalError("\(name) changed the body:\n\(page.body.debugDescription)\n→\n\(again.body.debugDescription)")
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
