import CScans

/// Text from files, remotes and users made safe for a terminal: every control character is
/// replaced by a visible stand-in, so nothing written by someone else can move the cursor, set
/// the window title or the clipboard, or hide what follows. The one rule for everything nakedblog
/// draws (the cell grid) and prints (every command).
///
/// Stand-ins are the ones `less` and `cat -v` use: C0 controls and DEL in caret notation
/// (`ESC` → `^[`, `CR` → `^M`, `DEL` → `^?`), C1 controls U+0080–U+009F as `<9B>`. Bidi
/// embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069: the "Trojan Source"
/// trick that shows text in another order than it is) are shown as `<U+202E>`.
/// `DisplayWidth` measures a control character as its stand-in, so layout matches what is drawn.
public enum TerminalText {
    /// Which layout characters survive.
    public enum Mode: Sendable {
        /// One line in a cell or a message: tab and line breaks are replaced too.
        case line
        /// Printed output: newlines and tabs stay; a CR right before LF stays (a CRLF line end).
        case block
    }

    /// `text` with every control character replaced by its stand-in. Returns `text` itself when
    /// it holds none (the common case costs one pass over the UTF-8 bytes).
    public static func visible(_ text: String, _ mode: Mode = .line) -> String {
        guard needsCleaning(text, mode) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if mode == .block {
                if scalar == "\n" || scalar == "\t" || (scalar == "\r" && pending == "\n") {
                    result.unicodeScalars.append(scalar)
                    continue
                }
            }
            if let standIn = standIn(for: scalar) {
                result += standIn
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Appends `text` made visible (as `visible`) to `out` as UTF-8: text that needs no
    /// stand-in is copied as it is, with no string made.
    public static func appendVisible(_ text: String, _ mode: Mode = .line, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendVisible(utf8: $0, mode, to: &out) }
    }

    /// Appends `bytes` — valid UTF-8, such as a string's — made visible (as `visible`) to
    /// `out`: copied as they are when they need no stand-in.
    public static func appendVisible(
        utf8 bytes: UnsafeBufferPointer<UInt8>, _ mode: Mode = .line, to out: inout [UInt8]
    ) {
        if needsCleaning(utf8: bytes, mode) {
            out += visible(String(decoding: bytes, as: UTF8.self), mode).utf8
        } else {
            out.append(contentsOf: bytes)
        }
    }

    /// Whether `scalar` is a control character (C0, DEL or C1).
    @inline(__always)
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// Whether `value` is a bidi embedding, override or isolate control.
    @inline(__always)
    public static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The visible stand-in for a control character, or nil for any other scalar.
    public static func standIn(for scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        if isBidiControl(value) { return "<U+" + String(value, radix: 16, uppercase: true) + ">" }
        if value < 0x20 { return "^" + String(UnicodeScalar(UInt8(value + 0x40))) }
        if value == 0x7F { return "^?" }
        if (0x80...0x9F).contains(value) {
            let digits = Array("0123456789ABCDEF")
            return "<" + String(digits[Int(value >> 4)]) + String(digits[Int(value & 0xF)]) + ">"
        }
        return nil
    }

    /// The width of a control character's stand-in (2 for C0 and DEL, 4 for C1), else nil.
    @inline(__always)
    public static func standInWidth(_ value: UInt32) -> Int? {
        if value < 0x20 || value == 0x7F { return 2 }
        if (0x80...0x9F).contains(value) { return 4 }
        if isBidiControl(value) { return 8 }
        return nil
    }

    /// Whether `text` holds a character `visible` would replace.
    public static func needsCleaning(_ text: String, _ mode: Mode = .line) -> Bool {
        var text = text
        return text.withUTF8 { needsCleaning(utf8: $0, mode) }
    }

    /// Whether UTF-8 `bytes` hold a character `visible` would replace.
    public static func needsCleaning(utf8 bytes: UnsafeBufferPointer<UInt8>, _ mode: Mode = .line) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        while index < count {
            // Passed over sixteen bytes at a time, in C, to the next byte that may start a control
            // (box drawing and most letters beyond ASCII pass too); that character is checked here.
            index += nb_first_control_candidate(base + index, count - index)
            guard index < count else { return false }
            let byte = base[index]
            if byte < 0x80 {
                if byte < 0x20 {
                    let kept =
                        mode == .block
                        && (byte == 0x0A || byte == 0x09
                            || (byte == 0x0D && index + 1 < count && base[index + 1] == 0x0A))
                    if !kept { return true }
                } else if byte == 0x7F {
                    return true
                }
                index += 1
                continue
            }
            if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(base[index + 1]) {
                // C1 controls are U+0080–U+009F: C2 80 … C2 9F in UTF-8.
                return true
            }
            if byte == 0xE2, index + 2 < count {
                // Bidi controls: E2 80 AA–AE and E2 81 A6–A9.
                let second = base[index + 1], third = base[index + 2]
                if (second == 0x80 && (0xAA...0xAE).contains(third))
                    || (second == 0x81 && (0xA6...0xA9).contains(third))
                {
                    return true
                }
            }
            // Past the whole character (box drawing, letters beyond ASCII).
            index += byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        }
        return false
    }
}

extension TerminalText {
    /// JSON text with DEL and the C1 controls escaped as `\u00XX` (JSON requires only C0 to be
    /// escaped, but a raw U+009B is a CSI to many terminals). Outside strings JSON holds none.
    public static func jsonEscapingControls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var result = ""
        result.reserveCapacity(json.utf8.count + 16)
        let digits = Array("0123456789abcdef")
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result += "\\u00" + String(digits[Int(scalar.value >> 4)]) + String(digits[Int(scalar.value & 0xF)])
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
