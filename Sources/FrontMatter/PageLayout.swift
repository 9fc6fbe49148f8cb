import Foundation

/// Where a page's parts lie in its bytes (BOM excluded): leading blank lines, the front matter
/// block's delimiters and content, and the body. Found once on bytes; `PageText` makes strings of
/// the parts, while listing reads the front matter and counts words straight from the bytes.
package struct PageLayout {
    /// Blank lines before the front matter (Hugo skips them).
    package var leading: Range<Int>
    /// The block's format; nil when the page has no front matter (then only `leading` and `body` count).
    package var format: FrontMatterFormat?
    /// The opening delimiter line with its line ending (empty for JSON).
    package var opening: Range<Int>
    /// Between the delimiters (YAML/TOML), or the whole `{…}` object (JSON).
    package var content: Range<Int>
    /// The closing delimiter line with its line ending (empty for JSON).
    package var closing: Range<Int>
    package var body: Range<Int>
    /// 1-based line of the file where `content` starts.
    package var firstContentLine: Int

    /// The front matter block of `text` (the slice this layout was found in), or nil.
    package func frontMatter(in text: ArraySlice<UInt8>) -> FrontMatterBlock? {
        func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
        return format.map { format in
            FrontMatterBlock(
                format: format, opening: string(opening), content: string(content), closing: string(closing),
                firstContentLine: firstContentLine)
        }
    }

    /// The file's text without its BOM, after the checks every page must pass: no NUL byte
    /// (a binary file) and valid UTF-8, each reported with its line.
    package static func validated(_ all: [UInt8], file: String) throws(ContentError) -> (
        text: ArraySlice<UInt8>, hasBOM: Bool
    ) {
        var bytes = all[...]
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if hasBOM { bytes = bytes.dropFirst(3) }
        if let zero = bytes.withUnsafeBufferPointer({ buffer -> Int? in
            guard let base = buffer.baseAddress, let hit = memchr(base, 0, buffer.count) else { return nil }
            return bytes.startIndex + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
        }) {
            let line = bytes[..<zero].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            throw ContentError(
                file: file, line: line, problem: "this is a binary file, not text (it contains a NUL byte)",
                hint: "Move it out of the content directory, or give it a non-content extension")
        }
        // Validated in place (no string made and thrown away), ASCII runs passed over fast.
        guard bytes.withUnsafeBufferPointer(UTF8Check.isValid) else {
            let line = PageText.firstInvalidUTF8Line(bytes)
            throw ContentError(
                file: file, line: line, problem: "the file is not valid UTF-8",
                hint: "Convert it to UTF-8 (e.g. `iconv -f latin1 -t utf-8`) and try again")
        }
        return (bytes, hasBOM)
    }

    /// Finds the parts of valid UTF-8 text; fails on an unterminated block, naming `file` and the line.
    package init(_ b: ArraySlice<UInt8>, file: String) throws(ContentError) {
        func lineEnd(_ start: Int) -> (contentEnd: Int, end: Int) {
            let i = b.withUnsafeBufferPointer { buffer -> Int in
                let offset = start - b.startIndex
                guard let base = buffer.baseAddress, offset < buffer.count,
                    let hit = memchr(base + offset, 0x0A, buffer.count - offset)
                else { return b.endIndex }
                return b.startIndex + (UnsafeRawPointer(hit) - UnsafeRawPointer(base))
            }
            let end = i < b.endIndex ? i + 1 : i
            var contentEnd = i
            if contentEnd > start, b[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            return (contentEnd, end)
        }
        func trimmedEnd(_ start: Int, _ contentEnd: Int) -> Int {
            var e = contentEnd
            while e > start, b[e - 1] == 0x20 || b[e - 1] == 0x09 { e -= 1 }
            return e
        }
        // Hugo ignores blank lines before the front matter.
        var position = b.startIndex
        var lineNumber = 1
        while position < b.endIndex {
            let (contentEnd, end) = lineEnd(position)
            guard end < b.endIndex, trimmedEnd(position, contentEnd) == position else { break }
            position = end
            lineNumber += 1
        }
        leading = b.startIndex..<position
        firstContentLine = lineNumber
        (opening, content, closing) = (position..<position, position..<position, position..<position)
        format = nil
        body = position..<b.endIndex
        guard position < b.endIndex else { return }
        let (openerContentEnd, openerEnd) = lineEnd(position)
        let openerTrimmed = b[position..<trimmedEnd(position, openerContentEnd)]
        let yaml: [UInt8] = [0x2D, 0x2D, 0x2D], toml: [UInt8] = [0x2B, 0x2B, 0x2B]
        if openerTrimmed.elementsEqual(yaml) || openerTrimmed.elementsEqual(toml) {
            let delimiter = Array(openerTrimmed)
            var cursor = openerEnd
            // YAML's document end (`...`) closes a block too, as Jekyll reads it (Jekyll's own
            // test site has one); Hugo would stop on YAML that goes on after one.
            let documentEnd: [UInt8] = [0x2E, 0x2E, 0x2E]
            while cursor < b.endIndex {
                let (contentEnd, end) = lineEnd(cursor)
                let line = b[cursor..<trimmedEnd(cursor, contentEnd)]
                if line.elementsEqual(delimiter) || (delimiter == yaml && line.elementsEqual(documentEnd)) {
                    format = delimiter == yaml ? .yaml : .toml
                    (opening, content, closing) = (position..<openerEnd, openerEnd..<cursor, cursor..<end)
                    firstContentLine = lineNumber + 1
                    body = end..<b.endIndex
                    return
                }
                cursor = end
            }
            let name = String(decoding: delimiter, as: UTF8.self)
            throw ContentError(
                file: file, line: lineNumber,
                problem: "the front matter opened with `\(name)` on line \(lineNumber) is never closed",
                hint: "Add a line with just `\(name)` after the last front matter field")
        }
        if b[position] == 0x7B {
            let end = try PageText.endOfJSONObject(in: b, from: position, file: file, firstLine: lineNumber)
            format = .json
            content = position..<end
            body = end..<b.endIndex
        }
    }
}
