// A tiny full-screen program for the smoke tests: draws wide characters and column markers
// through the TUI backend, shows each decoded key and the size after a resize, quits on `q`
// (or after 30 s idle, or when input ends, so a broken test never hangs).
import TUI

#if canImport(Glibc)
    import Glibc
#endif

let terminal = NcursesTerminal()
do {
    try terminal.start()
} catch {
    print("terminal-smoke: \(error)")
    exit(1)
}

@MainActor
func frame(lastKey: String) -> Screen {
    let size = terminal.size
    var screen = Screen(width: size.columns, height: size.rows)
    screen.put("中文😀", x: 0, y: 0)
    screen.put("|", x: 6, y: 0)
    screen.put("abcdef", x: 0, y: 1)
    screen.put("|", x: 6, y: 1)
    screen.put("日本語のテキスト", x: 0, y: 2)
    screen.put("|", x: 16, y: 2)
    screen.put("size \(size.columns)x\(size.rows)", x: 0, y: 3, style: Style(.title, bold: true))
    screen.put("ready", x: 0, y: 4)
    screen.put(lastKey, x: 0, y: 5)
    return screen
}

var lastKey = ""
terminal.present(frame(lastKey: lastKey))
var idle = 0
loop: while idle < 300 {
    guard let events = terminal.nextEvents(timeoutMilliseconds: 100) else {
        terminal.stop()
        print("terminal-smoke: input ended")
        exit(3)
    }
    if events.isEmpty { idle += 1; continue }
    idle = 0
    for event in events {
        if event == .character("q") { break loop }
        if event == .character("c") { terminal.copyToClipboard("nakedblog clipboard 京") }
        lastKey = "key \(event)"
    }
    terminal.present(frame(lastKey: lastKey))
}
terminal.stop()
