/// Terminal display width: how many cells text takes. CJK and emoji take two, combining marks
/// and zero-width characters none, control characters the width of their visible stand-in
/// (`TerminalText`: `^[` two, `<9B>` four), everything else one.
public enum DisplayWidth {
    /// Width of one grapheme cluster (0, 1 or 2; a control character's stand-in 2 or 4).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if let ascii = character.asciiValue {
            // "\r\n" is one Character whose asciiValue is LF: it is drawn as two stand-ins.
            return ascii < 0x20 || ascii == 0x7F ? 2 * scalars.count : 1
        }
        guard let first = scalars.first else { return 0 }
        if let standIn = TerminalText.standInWidth(first.value) { return standIn }
        if scalars.count > 1 {
            if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
            if scalars.contains("\u{200D}") && first.properties.isEmoji { return 2 }
            if (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }  // flag: two regional indicators
        }
        return of(first)
    }

    /// Width of one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if let standIn = TerminalText.standInWidth(value) { return standIn }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) || (0xFE00...0xFE0F).contains(value) { return 0 }
        if isWide(value) { return 2 }
        if value >= 0x1F000, scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Width of a string. Most text is measured scalar by scalar straight from its UTF-8 bytes;
    /// only text with scalars that change how a grapheme cluster is measured (joiners,
    /// variation selectors, flags, skin tones, spacing marks, format characters, Hangul leading
    /// jamo) goes through grapheme segmentation — the result is the same either way.
    public static func of(_ text: String) -> Int { measure(text) }

    /// Width of a substring (see `of(_: String)`).
    public static func of(_ text: Substring) -> Int { measure(text) }

    @inline(__always)
    private static func measure<S: StringProtocol>(_ text: S) -> Int {
        if let width = text.utf8.withContiguousStorageIfAvailable({ scalarWidth(utf8: $0) }), let width {
            return width
        }
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The width of text in which no character is wider than one column, or nil when some
    /// character is wide (CJK, emoji) or the text needs grapheme segmentation to be measured.
    public static func narrowWidth(_ text: Substring) -> Int? {
        text.utf8.withContiguousStorageIfAvailable { scalarWidth(utf8: $0, narrowOnly: true) } ?? nil
    }

    /// `narrowWidth` of UTF-8 bytes.
    public static func narrowWidth(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        scalarWidth(utf8: bytes, narrowOnly: true)
    }

    /// Width of UTF-8 bytes — valid UTF-8, such as a string's (as `of(_: String)`).
    public static func of(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scalarWidth(utf8: bytes) ?? of(String(decoding: bytes, as: UTF8.self))
    }

    /// The sum of the scalars' widths, or nil when the text holds a scalar for which that sum
    /// could differ from the sum over grapheme clusters.
    static func scalarWidth(utf8 bytes: UnsafeBufferPointer<UInt8>, narrowOnly: Bool = false) -> Int? {
        var width = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                if lead >= 0x20 && lead != 0x7F {
                    width += 1
                } else {
                    if narrowOnly { return nil }
                    width += 2
                }
                index += 1
                continue
            }
            // Box drawing, block elements and shapes U+2500–U+25BF (the preview's frames): one
            // column each, and never part of a wider cluster.
            if lead == 0xE2, index + 2 < count, (0x94...0x96).contains(bytes[index + 1]) {
                width += 1
                index += 3
                continue
            }
            var value: UInt32
            if lead < 0xE0 {
                guard index + 1 < count else { return nil }
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                guard index + 2 < count else { return nil }
                value =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                index += 3
            } else {
                guard index + 3 < count else { return nil }
                value =
                    UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                index += 4
            }
            if value < 0x300 {
                if value < 0xA0 && narrowOnly { return nil }
                width += value >= 0xA0 ? 1 : 4
                continue
            }
            // Punctuation, arrows and box drawing, common in prose and in the preview's own frames;
            // the letters of Greek, Cyrillic, Hebrew and Arabic (ranges without marks or format
            // characters, checked against the Unicode tables in DisplayWidthTests).
            if (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
                || (0x2190...0x2319).contains(value)
                || (0x2500...0x25FC).contains(value) || (0x1E00...0x1EFF).contains(value)
                || (0x370...0x482).contains(value)
                || (0x5D0...0x5F4).contains(value) || (0x621...0x64A).contains(value) || (0x660...0x66F).contains(value)
                || (0x671...0x6D5).contains(value)
            {
                width += 1
                continue
            }
            // The zero-width non-joiner (common in Persian) extends the cluster before it and adds nothing to its width.
            if value == 0x200C {
                continue
            }
            // Han and Hangul syllables: the bulk of CJK text.
            if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0x3041...0x30FF).contains(value) && value != 0x3099 && value != 0x309A
            {
                if narrowOnly { return nil }
                width += 2
                continue
            }
            guard let scalar = Unicode.Scalar(value), !changesClusterWidth(scalar) else { return nil }
            let scalarWidth = of(scalar)
            if narrowOnly && scalarWidth > 1 { return nil }
            width += scalarWidth
        }
        return width
    }

    /// Scalars that make a cluster's width differ from the sum of its scalars' widths.
    private static func changesClusterWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x200D, 0xFE0F, 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x1100...0x115F, 0xA960...0xA97F, 0xD7B0...0xD7FF:
            return true
        // Letters that attach to the cluster before them (Thai and Lao AM, half-width voicing marks).
        case 0x0E33, 0x0EB3, 0xFF9E...0xFF9F:
            return true
        // Prepended concatenation marks that are letters (the rest are format characters).
        case 0x0D4E, 0x111C2...0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46:
            return true
        default:
            switch scalar.properties.generalCategory {
            case .spacingMark, .format: return true
            default: return false
            }
        }
    }

    /// Width of a string.
    public static func of<S: StringProtocol>(_ text: S) -> Int { measure(text) }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55, 0x2E80...0x303E,
        0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18AFF, 0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F251, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if wideRanges[mid].upperBound < value {
                low = mid + 1
            } else if wideRanges[mid].lowerBound > value {
                high = mid - 1
            } else {
                return true
            }
        }
        return false
    }

    /// `text` cut to at most `width` cells, with `…` when cut; never splits a grapheme.
    public static func truncate(_ text: String, to width: Int) -> String {
        // Most text fits: measured straight from its bytes, and given back as it is.
        var bytes = text
        if bytes.withUTF8({ scalarWidth(utf8: $0).map { $0 <= width } }) == true { return text }
        // Printable ASCII (most table cells) is one column a byte: cut by bytes.
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            guard utf8.count > width else { return text }
            guard width > 0 else { return "" }
            return String(decoding: utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        // By grapheme, stopping at the first that passes the width (a long line is not
        // measured to its end): what fits in one column less, then "…".
        var used = 0
        var kept = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            used += of(text[index])
            if used > width { return width > 0 ? String(text[..<kept]) + "…" : "" }
            if used <= width - 1 { kept = next }
            index = next
        }
        return text
    }

    /// `text` padded with spaces (or truncated) to exactly `width` cells.
    public static func pad(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        return cut + String(repeating: " ", count: max(0, width - of(cut)))
    }
}
