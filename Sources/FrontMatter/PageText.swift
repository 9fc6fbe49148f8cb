import Foundation

/// A content file split losslessly into BOM, front matter block and body.
///
/// `rendered()` of an unmodified value reproduces the file byte for byte; edits replace only
/// `frontMatter.content` (or the body), so nothing else can change.
public struct PageText: Sendable, Equatable {
    /// The file started with a UTF-8 byte order mark (kept on save).
    public var hasBOM: Bool
    /// Blank lines before the front matter (Hugo skips them), usually empty.
    public var leading: String
    public var frontMatter: FrontMatterBlock?
    /// Everything after the front matter block (or the whole text when there is none).
    public var body: String

    /// The text as it would be written, BOM excluded.
    public var text: String {
        guard let frontMatter else { return leading + body }
        return leading + frontMatter.opening + frontMatter.content + frontMatter.closing + body
    }

    /// The text with its byte-order mark, if it has one: what the editor holds.
    public var textWithBOM: String { hasBOM ? "\u{FEFF}" + text : text }

    /// The bytes to write: BOM (if the file had one) and text.
    public func data() -> Data {
        var data = Data()
        if hasBOM { data.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        data.append(contentsOf: Array(text.utf8))
        return data
    }

    /// 1-based line in the file where the body starts.
    public var bodyFirstLine: Int {
        guard let frontMatter else { return PageText.lineCount(leading) + 1 }
        return frontMatter.firstContentLine + PageText.lineCount(frontMatter.content)
            + PageText.lineCount(frontMatter.closing)
    }

    package static func lineCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == 0x0A { count += 1 }
        return count
    }
}

/// The front matter block of a page, exactly as written.
public struct FrontMatterBlock: Sendable, Equatable {
    public let format: FrontMatterFormat
    /// The opening delimiter line with its line ending (`"---\n"`, `"+++ \r\n"`); empty for JSON.
    public var opening: String
    /// Between the delimiters (YAML/TOML), or the whole `{…}` object (JSON).
    public var content: String
    /// The closing delimiter line with its line ending, if any; empty for JSON.
    public var closing: String
    /// 1-based line of the file where `content` starts.
    public let firstContentLine: Int

    package init(format: FrontMatterFormat, opening: String, content: String, closing: String, firstContentLine: Int) {
        self.format = format
        self.opening = opening
        self.content = content
        self.closing = closing
        self.firstContentLine = firstContentLine
    }

    /// The line ending the block uses (`"\r\n"` or `"\n"`).
    public var lineEnding: String {
        (opening + content).contains("\r\n") ? "\r\n" : "\n"
    }
}
