import TextWidth

/// Where a span of the line being written ends (in the line's UTF-8) and its style.
struct SpanMark {
    var end: Int
    var style: PreviewStyle
}

/// Takes the preview's lines as they are finished: the line's UTF-8, where each span ends and
/// its style, and the source line it came from. The bytes are valid UTF-8 and only valid
/// during the call.
protocol PreviewLineSink {
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, _ spans: UnsafeBufferPointer<SpanMark>, sourceLine: Int)
    /// The line just taken stands for `picture`.
    mutating func markPicture(_ picture: PreviewPicture)
}

extension PreviewLineSink {
    mutating func markPicture(_ picture: PreviewPicture) {}
}

/// Writes preview lines one at a time inside nested containers, straight into a sink: no line
/// is kept once written, and nothing is copied per container level.
///
/// A container (a quote, a list item, a heading, an alert, a note box) is a level on a stack:
/// its prefix opens every line written while it is open (its first line may have another),
/// inside a quote plain text takes the quote's role, and a note box closes every line with
/// padding and its right border. A finished line wider than `width` is cut: the span that
/// overflows is truncated with `…` and the spans after it are dropped.
struct PreviewWriter<Sink: PreviewLineSink> {
    /// The finished lines' receiver.
    var sink: Sink
    /// The width no line may exceed.
    let width: Int

    /// The source line of the last line written.
    private(set) var lastSourceLine = 0
    private var bytes: [UInt8] = []
    private var spans: [SpanMark] = []
    private var sourceLine = 0
    private var levels: [Level] = []
    private var quotes = 0
    /// The display width of the current line so far while every span's width was given; nil
    /// once a span came without it (the line is then measured where it must be).
    private(set) var lineWidth: Int? = 0

    private struct Level {
        let first: PreviewSpan?
        let rest: PreviewSpan?
        /// The prefixes' display widths, measured once.
        let firstWidth: Int
        let restWidth: Int
        let isQuote: Bool
        /// For a note box: the width its lines are padded to before the right border.
        let boxBody: Int?
        var lines = 0
        /// Where the level's content starts in the current line (after its prefix), in bytes
        /// and (when known) in columns.
        var contentStart = 0
        var contentWidth: Int?
    }

    init(sink: Sink, width: Int) {
        self.sink = sink
        self.width = width
        bytes.reserveCapacity(4 * width + 64)
        spans.reserveCapacity(16)
    }

    /// Opens a container whose lines start with `first` (its first line) or `rest`.
    mutating func open(first: PreviewSpan?, rest: PreviewSpan?, quote: Bool = false, boxBody: Int? = nil) {
        levels.append(
            Level(
                first: first, rest: rest, firstWidth: first.map { DisplayWidth.of($0.text) } ?? 0,
                restWidth: rest.map { DisplayWidth.of($0.text) } ?? 0, isQuote: quote, boxBody: boxBody))
        if quote { quotes += 1 }
    }

    /// Closes the innermost container; returns how many lines were written inside it.
    @discardableResult
    mutating func close() -> Int {
        let level = levels.removeLast()
        if level.isQuote { quotes -= 1 }
        return level.lines
    }

    /// Starts a line that came from `source` (the open containers' prefixes come first).
    mutating func begin(source: Int) {
        sourceLine = source
        bytes.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        var inQuote = false
        var width = 0
        for index in levels.indices {
            let first = levels[index].lines == 0
            if let prefix = first ? levels[index].first : levels[index].rest {
                append(prefix.text, inQuote ? Self.quoted(prefix.style) : prefix.style)
                width += first ? levels[index].firstWidth : levels[index].restWidth
            }
            levels[index].lines += 1
            levels[index].contentStart = bytes.count
            levels[index].contentWidth = width
            if levels[index].isQuote { inQuote = true }
        }
        lineWidth = width
    }

    /// Adds a span to the current line; `width`: its display width, when the caller knows it
    /// (then the line need not be measured again).
    mutating func add(_ text: String, _ style: PreviewStyle, width: Int? = nil) {
        append(text, quotes > 0 ? Self.quoted(style) : style)
        grow(by: width)
    }

    /// Adds a span of UTF-8 bytes (valid UTF-8) to the current line; `width` as for `add`.
    mutating func add(utf8 text: UnsafeBufferPointer<UInt8>, _ style: PreviewStyle, width: Int? = nil) {
        bytes.append(contentsOf: text)
        spans.append(SpanMark(end: bytes.count, style: quotes > 0 ? Self.quoted(style) : style))
        grow(by: width)
    }

    /// Continues the line's last span (same style) with more UTF-8 bytes; `width` as for `add`.
    mutating func extend(utf8 text: UnsafeBufferPointer<UInt8>, width: Int? = nil) {
        bytes.append(contentsOf: text)
        spans[spans.count - 1].end = bytes.count
        grow(by: width)
    }

    /// The line is `width` columns wider (unknown from now on when `width` is nil).
    private mutating func grow(by width: Int?) {
        if let width, let current = lineWidth { lineWidth = current + width } else { lineWidth = nil }
    }

    /// Finishes the current line: note boxes' borders, the cut to `width`, then the sink.
    mutating func end() {
        for index in levels.indices.reversed() {
            guard let body = levels[index].boxBody else { continue }
            let start = levels[index].contentStart
            let used =
                lineWidth.flatMap { line in levels[index].contentWidth.map { line - $0 } }
                ?? bytes.withUnsafeBufferPointer { DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: $0[start...])) }
            let padding = max(0, body - used)
            // The padding and the right border, as bytes (no string a line).
            bytes.append(contentsOf: repeatElement(0x20, count: padding + 1))
            bytes.append(contentsOf: [0xE2, 0x94, 0x82])  // │
            spans.append(SpanMark(end: bytes.count, style: PreviewStyle(.border)))
            grow(by: padding + 2)
        }
        // A line whose spans all came with their widths is not measured again. (Bytes are no
        // bound on columns: a control character's stand-in takes two columns for one byte, a
        // bidi control's eight for three.)
        if (lineWidth ?? bytes.withUnsafeBufferPointer({ DisplayWidth.of(utf8: $0) })) > width { clip() }
        lastSourceLine = sourceLine
        bytes.withUnsafeBufferPointer { text in
            spans.withUnsafeBufferPointer { sink.take(text, $0, sourceLine: sourceLine) }
        }
    }

    /// The line last written stands for `picture`.
    mutating func markPicture(_ picture: PreviewPicture) { sink.markPicture(picture) }

    /// A whole line of spans; `width`: their display width, when the caller knows it.
    mutating func line(_ parts: [PreviewSpan], source: Int, width: Int? = nil) {
        begin(source: source)
        let prefixWidth = lineWidth
        for part in parts { add(part.text, part.style) }
        if let width, let prefixWidth { lineWidth = prefixWidth + width }
        end()
    }

    private mutating func append(_ text: String, _ style: PreviewStyle) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
        spans.append(SpanMark(end: bytes.count, style: style))
    }

    private static func quoted(_ style: PreviewStyle) -> PreviewStyle {
        guard style.role == .text else { return style }
        var style = style
        style.role = .quote
        return style
    }

    /// Cuts the line to `width` columns (deep nesting at a narrow width can leave no room for
    /// the text itself; the promise that every line fits holds anyway).
    private mutating func clip() {
        var used = 0, start = 0
        for (index, span) in spans.enumerated() {
            let spanWidth = bytes.withUnsafeBufferPointer {
                DisplayWidth.of(utf8: UnsafeBufferPointer(rebasing: $0[start..<span.end]))
            }
            if used + spanWidth <= width {
                used += spanWidth
                start = span.end
                continue
            }
            let room = width - used
            let text = String(decoding: bytes[start..<span.end], as: UTF8.self)
            bytes.removeSubrange(start...)
            spans.removeSubrange(index...)
            if room > 0 { append(DisplayWidth.truncate(text, to: room), span.style) }
            return
        }
    }
}

/// Collects the lines as `PreviewLine`s (what the app's preview pane draws).
struct PreviewLinesSink: PreviewLineSink {
    var lines: [PreviewLine] = []

    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, _ spans: UnsafeBufferPointer<SpanMark>, sourceLine: Int) {
        var parts: [PreviewSpan] = []
        parts.reserveCapacity(spans.count)
        var start = 0
        for span in spans {
            parts.append(
                PreviewSpan(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<span.end]), as: UTF8.self), span.style)
            )
            start = span.end
        }
        lines.append(PreviewLine(parts, sourceLine: sourceLine))
    }

    mutating func markPicture(_ picture: PreviewPicture) {
        if !lines.isEmpty { lines[lines.count - 1].picture = picture }
    }
}
