// A tiny ncurses program for the smoke tests: draws wide characters and a column marker through
// the TUI backend, then waits for `q` (or exits after 30 s so a broken test never hangs).
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
terminal.clear()
terminal.draw("中文😀", row: 0, column: 0)
terminal.draw("|", row: 0, column: 6)
terminal.draw("abcdef", row: 1, column: 0)
terminal.draw("|", row: 1, column: 6)
terminal.draw("日本語のテキスト", row: 2, column: 0)
terminal.draw("|", row: 2, column: 16)
let size = terminal.size
terminal.draw("size \(size.columns)x\(size.rows)", row: 3, column: 0, bold: true)
terminal.draw("ready", row: 4, column: 0)
terminal.refresh()
var waited = 0
while waited < 300 {
    switch terminal.readKey(timeoutMilliseconds: 100) {
    case .scalar("q"): waited = Int.max - 1
    case .scalar(let s):
        terminal.draw("key U+\(String(s.value, radix: 16, uppercase: true))   ", row: 5, column: 0)
        terminal.refresh()
    case .function: break
    case nil: waited += 1
    }
}
terminal.stop()
