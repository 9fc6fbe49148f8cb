/// Removing passwords from URLs in any text before it is shown or logged.
public enum URLRedaction {
    /// `text` with the password of every `scheme://user:password@host` in it replaced by `***`.
    /// The authority ends at the first `/`, `?`, `#` or white space after `://`, and the user
    /// information at its *last* `@` (a password may hold an unencoded `@`, as
    /// `user:wr@ng@host`); the password starts at the user information's first `:`.
    public static func redact(_ text: String) -> String {
        guard text.contains("://"), text.contains("@") else { return text }
        var result = Substring(text)
        var output = ""
        while let schemeEnd = result.range(of: "://") {
            output += result[..<schemeEnd.upperBound]
            let rest = result[schemeEnd.upperBound...]
            let authorityEnd =
                rest.firstIndex {
                    $0 == "/" || $0 == "?" || $0 == "#" || $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == "`"
                }
                ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                output += authority[...colon] + "***" + authority[at...]
            } else {
                output += authority
            }
            result = rest[authorityEnd...]
        }
        return output + result
    }

    /// Whether any percent-decoded part of `url`'s authority or path holds a control character
    /// (a `%0a` in a URL would end a line of a `git credential` request and start another).
    public static func hasEncodedControl(_ url: String) -> Bool {
        guard let decoded = url.removingPercentEncoding else {
            // Invalid percent-encoding: look for the raw encodings of CR, LF and NUL.
            let lower = url.lowercased()
            return lower.contains("%0a") || lower.contains("%0d") || lower.contains("%00")
        }
        return decoded.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
