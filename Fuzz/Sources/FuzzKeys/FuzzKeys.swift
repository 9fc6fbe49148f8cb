import FuzzSupport
import TUI

/// Key decoding and the editor: any byte stream decodes to events without crashing, and feeding
/// them to the editor (with undo all the way back) returns the original text.
func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = bytes(data, size)
    var decoder = KeyDecoder()
    var events: [KeyEvent] = []
    var start = 0
    while start < input.count {
        let end = min(input.count, start + 1 + Int(input[start] % 7))
        events += decoder.feed(Array(input[start..<end]))
        start = end
    }
    events += decoder.flush()
    let original = "# Title\n\nSome text, 日本語 and 🎉.\n- item\n"
    var editor = EditorState(text: original)
    var clock = 0.0
    for event in events.prefix(500) {
        clock += 2  // every key its own undo group
        _ = editor.handle(event, now: clock)
    }
    for _ in 0..<1_000 { _ = editor.handle(.control("z"), now: clock) }
    if editor.text != original { fatalError("undo did not restore the text: \(editor.text.debugDescription)") }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt { fuzzKeys(data, size) }

@_cdecl("FuzzKeys_main")
func entry(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { fuzzKeys($0, $1) }
}
