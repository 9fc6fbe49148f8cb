/// Git's pkt-line framing: four hex digits giving the length (including themselves), then the
/// payload; `0000` is a flush packet that ends a section.
enum PktLine {
    /// One framed packet.
    static func encode(_ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 4
        let digits = Array("0123456789abcdef".utf8)
        return [
            digits[(length >> 12) & 15], digits[(length >> 8) & 15], digits[(length >> 4) & 15], digits[length & 15],
        ] + payload
    }

    static func encode(_ text: String) -> [UInt8] { encode(Array(text.utf8)) }

    static let flush: [UInt8] = Array("0000".utf8)

    /// The largest packet git accepts (65520 bytes including the length).
    static let maximumLength = 65520
}

/// A packet read from a stream.
enum Packet: Equatable {
    case data([UInt8])
    case flush
}

/// Reads packets from a byte source that delivers chunks (nil at the end of the stream).
struct PktLineReader {
    enum Failure: Error, Equatable {
        /// The stream ended inside a packet, or before a packet began where one was needed.
        case truncated
        /// The length field was not four hex digits (or was 1–3, which git never sends).
        case malformed(String)
    }

    private var buffer: [UInt8] = []
    private var position = 0
    private let fill: () throws -> [UInt8]?

    init(fill: @escaping () throws -> [UInt8]?) {
        self.fill = fill
    }

    /// The next packet; nil when the stream ended cleanly between packets.
    mutating func next() throws -> Packet? {
        guard try ensure(4, allowEnd: true) else { return nil }
        guard let length = Self.length(buffer[position..<(position + 4)]) else {
            throw Failure.malformed(String(decoding: buffer[position..<(position + 4)], as: UTF8.self))
        }
        position += 4
        if length == 0 { return .flush }
        guard length > 4, length <= PktLine.maximumLength else { throw Failure.malformed(String(length)) }
        guard try ensure(length - 4, allowEnd: false) else { throw Failure.truncated }
        let payload = Array(buffer[position..<(position + length - 4)])
        position += length - 4
        return .data(payload)
    }

    /// Whether `count` more bytes are buffered after reading as needed.
    private mutating func ensure(_ count: Int, allowEnd: Bool) throws -> Bool {
        while buffer.count - position < count {
            if position > 0 {
                buffer.removeFirst(position)
                position = 0
            }
            guard let chunk = try fill(), !chunk.isEmpty else {
                if allowEnd && buffer.count == position { return false }
                throw Failure.truncated
            }
            buffer += chunk
        }
        return true
    }

    private static func length(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            let digit: Int
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
            default: return nil
            }
            value = value * 16 + digit
        }
        return value
    }
}
