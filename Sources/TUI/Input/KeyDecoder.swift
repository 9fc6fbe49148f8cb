/// Turns terminal input bytes into key events: UTF-8 characters, Ctrl chords, Escape vs Alt,
/// CSI/SS3 sequences (arrows with Shift, Home/End/PgUp/PgDn, Insert/Delete, F1–F12), both
/// Backspace codes, and bracketed paste. Pure: the backend feeds it bytes.
public struct KeyDecoder: Sendable {
    private var buffer: [UInt8] = []
    /// The bytes of a bracketed paste that has started and not ended yet.
    private var pasting: [UInt8]?

    public init() {}

    /// Bytes of a paste still arriving (0 when none is): the screen can show its progress.
    public var pendingPasteBytes: Int { pasting?.count ?? 0 }

    /// Decodes what `bytes` complete. An Escape with nothing after it stays pending until
    /// `flush()` (the backend calls it when a zero-timeout read finds nothing more). Linear in
    /// the bytes fed, however they are cut: a paste's bytes are looked at once each, as they come.
    public mutating func feed(_ bytes: [UInt8]) -> [KeyEvent] {
        buffer += bytes
        var events: [KeyEvent] = []
        var position = 0
        while position < buffer.count {
            if pasting != nil {
                let rest = buffer[position...]
                if let end = rest.firstRange(of: Self.pasteEnd) {
                    pasting! += buffer[position..<end.lowerBound]
                    events.append(.paste(String(decoding: pasting!, as: UTF8.self)))
                    pasting = nil
                    position = end.upperBound
                    continue
                }
                // Everything but what could be the start of the end marker joins the paste.
                let keep = max(position, buffer.count - (Self.pasteEnd.count - 1))
                pasting! += buffer[position..<keep]
                position = keep
                break
            }
            if buffer[position...].starts(with: Self.pasteStart) {
                pasting = []
                position += Self.pasteStart.count
                continue
            }
            guard let (event, used) = Self.decode(buffer[position...]) else { break }
            events.append(event)
            position += used
        }
        buffer.removeFirst(position)
        return events
    }

    /// Decodes whatever is pending as-is: a lone Escape becomes `.escape`. A paste that has not
    /// ended yet keeps waiting for its end.
    public mutating func flush() -> [KeyEvent] {
        guard pasting == nil else { return [] }
        // A terminal's answer still arriving (split by the network) waits for its end.
        if buffer.starts(with: [0x1B, 0x5F, 0x47]), buffer.count < Self.longestReply { return [] }
        var events: [KeyEvent] = []
        while !buffer.isEmpty {
            if let (event, used) = Self.decode(buffer[...]) {
                events.append(event)
                buffer.removeFirst(used)
            } else if buffer.first == 0x1B {
                events.append(.escape)
                buffer.removeFirst()
            } else {
                buffer.removeFirst()  // an incomplete UTF-8 sequence: drop it
            }
        }
        return events
    }

    static let pasteStart: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]  // ESC [ 200 ~
    static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 201 ~

    /// One event from the start of `bytes` and how many bytes it used; nil if more are needed.
    static func decode(_ bytes: ArraySlice<UInt8>) -> (KeyEvent, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case 0x1B: return escapeSequence(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F: return (.backspace, 1)
        case 0x08: return (.controlBackspace, 1)
        case 0x00: return (.control(" "), 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x1C...0x1F: return (.control(Character(Unicode.Scalar(first + 0x40))), 1)
        default: return utf8Character(bytes).map { (.character($0.0), $0.1) }
        }
    }

    private static func utf8Character(_ bytes: ArraySlice<UInt8>) -> (Character, Int)? {
        guard let first = bytes.first else { return nil }
        let length =
            first < 0x80 ? 1 : first >> 5 == 0b110 ? 2 : first >> 4 == 0b1110 ? 3 : first >> 3 == 0b11110 ? 4 : 1
        guard bytes.count >= length else { return nil }
        let text = String(decoding: bytes.prefix(length), as: UTF8.self)
        return (text.first ?? "\u{FFFD}", length)
    }

    private static func escapeSequence(_ bytes: ArraySlice<UInt8>) -> (KeyEvent, Int)? {
        guard bytes.count >= 2 else { return nil }  // lone Escape: wait for flush()
        let start = bytes.startIndex
        let second = bytes[start + 1]
        if bytes.starts(with: pasteStart) {
            let body = bytes.dropFirst(pasteStart.count)
            guard let end = body.firstRange(of: pasteEnd) else { return nil }
            let text = String(decoding: body[..<end.lowerBound], as: UTF8.self)
            return (.paste(text), end.upperBound - start)
        }
        if second == 0x5B { return csi(bytes) }  // ESC [
        // ESC _ G: the kitty graphics protocol's answer (an APC string up to ESC \). Alt-_
        // followed by G would read the same: only a string that ends soon counts as one.
        if second == 0x5F, bytes.count >= 3, bytes[start + 2] == 0x47 { return kittyReply(bytes) }
        if second == 0x4F {  // ESC O (SS3)
            guard bytes.count >= 3 else { return nil }
            let keys: [UInt8: KeyEvent] = [
                0x41: .up(), 0x42: .down(), 0x43: .right(), 0x44: .left(), 0x48: .home, 0x46: .end,
                0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
            ]
            return keys[bytes[start + 2]].map { ($0, 3) } ?? (.escape, 1)
        }
        if second == 0x1B { return (.escape, 1) }
        if second == 0x7F || second == 0x08 { return (.controlBackspace, 2) }  // Alt-Backspace
        // Alt+key: Escape followed by a character.
        if let (character, used) = utf8Character(bytes.dropFirst()), second >= 0x20 {
            return (.character(character, alt: true), used + 1)
        }
        return (.escape, 1)
    }

    /// The longest kitty answer waited for; longer, the bytes are keys after all.
    static let longestReply = 512

    private static func kittyReply(_ bytes: ArraySlice<UInt8>) -> (KeyEvent, Int)? {
        let start = bytes.startIndex
        let body = bytes[(start + 3)...].prefix(longestReply)
        guard let end = body.firstRange(of: [0x1B, 0x5C]) else {
            return body.count < longestReply ? nil : (.character("_", alt: true), 2)
        }
        let text = String(decoding: body[..<end.lowerBound], as: UTF8.self)
        let message = text.split(separator: ";", maxSplits: 1).dropFirst().first ?? ""
        return (.terminalReply(.kittyGraphics(ok: message == "OK")), end.upperBound - start)
    }

    private static func csi(_ bytes: ArraySlice<UInt8>) -> (KeyEvent, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        var parameters = ""
        while index < bytes.endIndex, (0x30...0x3F).contains(bytes[index]) {
            parameters.append(Character(Unicode.Scalar(bytes[index])))
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let used = index - start + 1
        let fields = parameters.split(separator: ";").map { Int($0) ?? 0 }
        // xterm's modifier parameter: 1 + (Shift 1, Alt 2, Ctrl 4).
        let modifiers = fields.count > 1 ? max(0, fields[1] - 1) : 0
        let shift = modifiers & 1 != 0, alt = modifiers & 2 != 0, control = modifiers & 4 != 0
        let arrows: [UInt8: Arrow] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left]
        if let arrow = arrows[final], control || alt {
            return (control ? .controlArrow(arrow, shift: shift) : .altArrow(arrow), used)
        }
        if parameters.hasPrefix("?"), final == 0x63 {  // ESC [ ? … c: device attributes
            return (
                .terminalReply(.deviceAttributes(parameters.dropFirst().split(separator: ";").map { Int($0) ?? 0 })),
                used
            )
        }
        if final == 0x74, fields.count == 3, fields[0] == 6 {  // ESC [ 6 ; h ; w t: a cell's pixels
            return (.terminalReply(.cellSize(width: fields[2], height: fields[1])), used)
        }
        switch final {
        case 0x41: return (.up(shift: shift), used)
        case 0x42: return (.down(shift: shift), used)
        case 0x43: return (.right(shift: shift), used)
        case 0x44: return (.left(shift: shift), used)
        case 0x48: return (shift ? .shiftHome : .home, used)
        case 0x46: return (shift ? .shiftEnd : .end, used)
        case 0x5A: return (.backTab, used)
        case 0x7E:
            switch fields.first ?? 0 {
            case 1, 7: return (shift ? .shiftHome : .home, used)
            case 2: return (.insert, used)
            case 3: return (control ? .controlDelete : .delete, used)
            case 4, 8: return (shift ? .shiftEnd : .end, used)
            case 5: return (.pageUp, used)
            case 6: return (.pageDown, used)
            case 11...15: return (.function(fields[0] - 10), used)
            case 17...21: return (.function(fields[0] - 11), used)
            case 23, 24: return (.function(fields[0] - 12), used)
            default: return (.escape, used)
            }
        default:
            return (.escape, used)  // an unknown sequence is swallowed whole, not typed as text
        }
    }
}
