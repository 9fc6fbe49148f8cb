import CScans
import Foundation

/// Finds a query's matches in one file's bytes, line by line: byte literals with `memmem` over
/// the whole file (a file without the pattern costs one scan), everything else with Swift
/// `Regex` on the lines that may match.
public struct TextMatcher: Sendable {
    /// One match: its 1-based line, its 1-based byte column (as `rg --vimgrep` counts), its
    /// length in bytes, and the whole line it is on (without the line ending).
    public struct Match: Sendable, Equatable {
        public let line: Int
        public let column: Int
        public let length: Int
        public let text: String
        /// A regular expression's groups (`$1`…), for a replacement; empty for a literal.
        public var captures: [String?] = []
    }

    /// The replacement for `match`: `template` as it is for a literal; for a regular expression
    /// `$0`–`$9` and `${n}` are the groups and `$$` is a dollar sign.
    public func replacement(for match: Match, template: String) -> String {
        guard query.isRegex else { return template }
        var out = ""
        var characters = Array(template)[...]
        func group(_ n: Int) -> String {
            if n == 0 {
                let bytes = Array(match.text.utf8)
                let start = min(bytes.count, match.column - 1), end = min(bytes.count, start + match.length)
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }
            return n <= match.captures.count ? match.captures[n - 1] ?? "" : ""
        }
        while let c = characters.popFirst() {
            guard c == "$", let next = characters.first else { out.append(c); continue }
            if next == "$" {
                out.append("$"); characters.removeFirst()
            } else if let digit = next.wholeNumberValue, next.isASCII {
                characters.removeFirst(); out += group(digit)
            } else if next == "{", let close = characters.firstIndex(of: "}"),
                let n = Int(String(characters[characters.index(after: characters.startIndex)..<close]))
            {
                characters = characters[characters.index(after: close)...]; out += group(n)
            } else {
                out.append(c)
            }
        }
        return out
    }

    public let query: SearchQuery
    private let needle: [UInt8]
    private let folded: Bool
    /// Compiled regular expressions, one per thread using it (a `Regex` is not `Sendable`).
    private let regexes: RegexPool?

    /// A matcher for `query`; throws when its pattern is not a valid regular expression.
    public init(_ query: SearchQuery) throws {
        self.query = query
        folded = query.ignoresCase
        needle = Array(query.ignoresCase ? query.pattern.lowercased().utf8 : query.pattern.utf8)
        regexes = query.isByteLiteral ? nil : RegexPool(first: try query.compiled(), query: query)
    }

    /// Every match in `bytes`, in order.
    public func matches(in bytes: [UInt8]) -> [Match] {
        if let regexes { return regexes.using { regexMatches(in: bytes, $0) } }
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        // Case folded on a copy: ASCII only (a pattern with other letters goes through Regex).
        let haystack = folded ? bytes.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 } : bytes
        var found: [Match] = []
        haystack.withUnsafeBufferPointer { file in
            needle.withUnsafeBufferPointer { pattern in
                /// The next match in `from ..< to`.
                func find(_ from: Int, _ to: Int) -> Int? {
                    guard to - from >= pattern.count else { return nil }
                    let hit = nb_find(file.baseAddress! + from, to - from, pattern.baseAddress!, pattern.count)
                    return hit < 0 ? nil : from + hit
                }
                var line = 1, counted = 0, from = 0
                while let hit = find(from, file.count) {
                    let start = Self.lineStart(file, before: hit), end = Self.lineEnd(file, from: hit)
                    line += Self.newlines(file, from: counted, to: start)
                    counted = start
                    // The line's text from the original bytes (the folded copy is lower case).
                    let text = bytes.withUnsafeBufferPointer { Self.text($0, start, end) }
                    var at: Int? = hit
                    // Every match on the line, one row each (as rg prints them), never overlapping.
                    while let match = at {
                        found.append(Match(line: line, column: match - start + 1, length: pattern.count, text: text))
                        at = find(match + pattern.count, end)
                    }
                    from = end + 1
                }
            }
        }
        return found
    }

    private func regexMatches(in bytes: [UInt8], _ regex: Regex<AnyRegexOutput>) -> [Match] {
        var found: [Match] = []
        var line = 1, start = 0
        bytes.withUnsafeBufferPointer { file in
            while start <= file.count {
                let end = Self.lineEnd(file, from: start)
                let text = Self.text(file, start, end)
                for match in text.matches(of: regex) where !match.range.isEmpty {
                    let column = text.utf8.distance(from: text.startIndex, to: match.range.lowerBound)
                    let length = text.utf8.distance(from: match.range.lowerBound, to: match.range.upperBound)
                    var captured = Match(line: line, column: column + 1, length: length, text: text)
                    if query.isRegex, match.output.count > 1 {
                        captured.captures = (1..<match.output.count).map { match.output[$0].substring.map(String.init) }
                    }
                    found.append(captured)
                }
                if end >= file.count { break }
                start = end + 1
                line += 1
            }
        }
        return found
    }

    static func lineStart(_ file: UnsafeBufferPointer<UInt8>, before index: Int) -> Int {
        var i = index
        while i > 0, file[i - 1] != 0x0A { i -= 1 }
        return i
    }

    /// The index of the `\n` ending the line at `index` (or the file's end).
    static func lineEnd(_ file: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        guard index < file.count,
            let found = memchr(file.baseAddress! + index, 0x0A, file.count - index)
        else { return file.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(file.baseAddress!)
    }

    static func newlines(_ file: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int {
        var count = 0, i = from
        while i < to {
            guard let found = memchr(file.baseAddress! + i, 0x0A, to - i) else { break }
            count += 1
            i = UnsafeRawPointer(found) - UnsafeRawPointer(file.baseAddress!) + 1
        }
        return count
    }

    /// The line's text without its ending (CRLF's CR too: rg keeps it, and it is no text).
    static func text(_ file: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        let stop = end > start && file[end - 1] == 0x0D ? end - 1 : end
        return String(decoding: UnsafeBufferPointer(rebasing: file[start..<stop]), as: UTF8.self)
    }
}

/// Regular expressions compiled from one query, lent to one thread at a time: a `Regex` is not
/// `Sendable`, and compiling one per file costs more than searching it.
final class RegexPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Regex<AnyRegexOutput>]
    private let query: SearchQuery

    init(first: Regex<AnyRegexOutput>, query: SearchQuery) {
        idle = [first]
        self.query = query
    }

    func using<T>(_ body: (Regex<AnyRegexOutput>) -> T) -> T {
        let regex = lock.withLock { idle.popLast() } ?? (try? query.compiled())
        guard let regex else { return body(try! Regex("(?!)")) }
        defer { lock.withLock { idle.append(regex) } }
        return body(regex)
    }
}
