/// A word found in a run of prose: its UTF-8 byte range in the run and its text.
public struct WordToken: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public var word: String
}

/// Splits prose into the words a spell-checker should see, as cspell does by default:
/// words with digits (`mp3`), ALLCAPS words (`HTTP`), CamelCase and mixed-case identifiers
/// (`JavaScript`, `iPhone`), single letters, bare URLs, e-mail addresses and HTML entities
/// (`&amp;`) are not words to check. An apostrophe or hyphen between letters stays in the
/// word (`don't`, `well-known`): Hunspell's own rules decide them (its `BREAK` checks the
/// parts of a hyphenated word; `ICONV` reads ’ as ').
public enum WordSplitter {
    /// The words of `text`, with byte offsets into its UTF-8.
    public static func words(in text: Substring) -> [WordToken] {
        var tokens: [WordToken] = []
        let scalars = Array(text.unicodeScalars)
        var offsets: [Int] = []
        offsets.reserveCapacity(scalars.count + 1)
        var offset = 0
        for scalar in scalars { offsets.append(offset); offset += UTF8.width(scalar) }
        offsets.append(offset)

        var index = 0
        while index < scalars.count {
            // One whitespace-separated chunk at a time: a URL or an address is skipped whole.
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            let chunkStart = index
            while index < scalars.count, !scalars[index].properties.isWhitespace { index += 1 }
            guard chunkStart < index else { continue }
            let chunk = scalars[chunkStart..<index]
            if isAddress(chunk) { continue }
            var position = chunkStart
            while position < index {
                let scalar = scalars[position]
                if scalar == "&", let end = entityEnd(scalars, from: position, limit: index) {
                    position = end; continue
                }
                guard isWordScalar(scalar) else { position += 1; continue }
                let start = position
                position += 1
                while position < index {
                    if isWordScalar(scalars[position]) { position += 1; continue }
                    // An apostrophe or hyphen joins two letters.
                    if isJoiner(scalars[position]), position + 1 < index, isWordScalar(scalars[position + 1]),
                        !isDigit(scalars[position - 1])
                    {
                        position += 2
                        continue
                    }
                    break
                }
                // A dotted name (`README.md`, `robots.txt`, `Node.js`, `example.org`): a file or
                // program name, not words; skipped whole.
                if position + 1 < index, scalars[position] == ".", isWordScalar(scalars[position + 1]) {
                    while position < index,
                        isWordScalar(scalars[position])
                            || isNameJoiner(scalars[position])
                                && position + 1 < index && isWordScalar(scalars[position + 1])
                    { position += 1 }
                    continue
                }
                let word = scalars[start..<position]
                if shouldCheck(word) {
                    var text = String.UnicodeScalarView()
                    text.append(contentsOf: word)
                    tokens.append(WordToken(start: offsets[start], end: offsets[position], word: String(text)))
                }
            }
        }
        return tokens
    }

    /// The words of a whole string.
    public static func words(in text: String) -> [WordToken] { words(in: text[...]) }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isAlphabetic || isDigit(scalar) || properties.generalCategory == .nonspacingMark
            || properties.generalCategory == .spacingMark
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.numericType != nil }

    /// Scripts written without spaces between words.
    static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return scalar.properties.isIdeographic || (0x3040...0x30FF).contains(value) || (0xAC00...0xD7AF).contains(value)
            || (0x1100...0x11FF).contains(value) || (0x0E00...0x0EFF).contains(value)
            || (0x1000...0x109F).contains(value)
            || (0x1780...0x17FF).contains(value)
    }

    /// What joins the parts of a dotted name (`a.b`, `my-file.tar.gz`, `snake_case.py`).
    static func isNameJoiner(_ scalar: Unicode.Scalar) -> Bool { scalar == "." || scalar == "-" || scalar == "_" }

    static func isJoiner(_ scalar: Unicode.Scalar) -> Bool { scalar == "'" || scalar == "\u{2019}" || scalar == "-" }

    /// Words that are checked: more than one letter, no digit, not ALLCAPS, not CamelCase, not
    /// in a script written without spaces (Chinese, Japanese, Korean, Thai: no word to check).
    static func shouldCheck(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        var letters = 0, upper = 0
        var previousLower = false
        for scalar in word {
            if isDigit(scalar) || isUnspaced(scalar) { return false }
            let properties = scalar.properties
            if properties.isUppercase {
                upper += 1
                if previousLower { return false }
            }
            previousLower = properties.isLowercase
            if properties.isAlphabetic { letters += 1 }
        }
        if letters < 2 { return false }
        return upper < 2 || upper < letters
    }

    /// A bare URL (`https://…`, `www.…`), `mailto:` or an e-mail address.
    static func isAddress(_ chunk: ArraySlice<Unicode.Scalar>) -> Bool {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: chunk)
        let text = String(string)
        if text.contains("://") || text.hasPrefix("www.") || text.hasPrefix("(www.") || text.hasPrefix("mailto:") {
            return true
        }
        if let at = text.firstIndex(of: "@"), at != text.startIndex, text[text.index(after: at)...].contains(".") {
            return true
        }
        return isPath(text)
    }

    /// A file path is a name, not words (`~/.bashrc`, `/etc/hosts`, `./run.sh`, `$HOME/bin`,
    /// `C:\Users`): it starts like one, or has a slash with a dot-name in it. `and/or` is words.
    static func isPath(_ text: String) -> Bool {
        let trimmed = text.drop { "([\"'`".contains($0) }
        if trimmed.hasPrefix("~/") || trimmed.hasPrefix("/") || trimmed.hasPrefix("./") || trimmed.hasPrefix("../")
            || trimmed.hasPrefix("$")
        {
            return trimmed.count > 1
        }
        if trimmed.count > 2, trimmed.dropFirst().hasPrefix(":\\") { return true }
        return trimmed.contains("/") && trimmed.split(separator: "/").contains { $0.hasPrefix(".") && $0.count > 1 }
    }

    /// Where an HTML entity starting at `position` (`&amp;`, `&#8217;`, `&#x2019;`) ends.
    static func entityEnd(_ scalars: [Unicode.Scalar], from position: Int, limit: Int) -> Int? {
        var index = position + 1
        if index < limit, scalars[index] == "#" { index += 1 }
        let nameStart = index
        while index < limit, index - nameStart < 32, scalars[index].isASCII,
            scalars[index].properties.isAlphabetic || isDigit(scalars[index])
        { index += 1 }
        guard index > nameStart, index < limit, scalars[index] == ";" else { return nil }
        return index + 1
    }
}
