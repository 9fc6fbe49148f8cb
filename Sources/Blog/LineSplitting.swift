/// Splits text into lines that keep their endings: `lines.joined() == text`. (Split on bytes:
/// Swift treats "\r\n" as a single Character.)
func splitKeepingEndings(_ text: String) -> [String] {
    var lines: [String] = []
    let utf8 = text.utf8
    var start = utf8.startIndex
    var index = start
    while index < utf8.endIndex {
        let next = utf8.index(after: index)
        if utf8[index] == 0x0A {
            lines.append(String(Substring(utf8[start..<next])))
            start = next
        }
        index = next
    }
    if start < utf8.endIndex { lines.append(String(Substring(utf8[start...]))) }
    return lines
}
