import CGitSSH

/// Writes a pack file (version 2): whole objects, and deltas against a base named by its id
/// (`REF_DELTA`) — which may be an object the receiver already has (a "thin" pack, as git's
/// own push sends; the receiver completes it).
struct PackWriter {
    /// Object types as a pack numbers them.
    enum ObjectType: UInt8 {
        case commit = 1, tree = 2, blob = 3, tag = 4
        static let referenceDelta: UInt8 = 7
    }

    /// zlib level: the objects of a publish are small or already compressed (images), and
    /// speed matters more than a few bytes on the wire.
    static let compressionLevel: Int32 = 1

    private(set) var objectCount = 0
    private var body: [UInt8] = []
    /// Where each object ends in the finished pack (for progress while it is sent).
    private(set) var objectEnds: [Int] = []

    /// Adds a whole object.
    mutating func add(_ type: ObjectType, data: UnsafeRawBufferPointer) {
        appendHeader(type: type.rawValue, size: data.count)
        appendDeflated(data)
        objectAdded()
    }

    /// Adds an object as a delta against `base` (20 raw id bytes).
    mutating func addDelta(base: [UInt8], delta: [UInt8]) {
        precondition(base.count == 20, "an object id has 20 bytes")
        appendHeader(type: ObjectType.referenceDelta, size: delta.count)
        body += base
        delta.withUnsafeBytes { appendDeflated($0) }
        objectAdded()
    }

    private mutating func objectAdded() {
        objectCount += 1
        objectEnds.append(Self.headerSize + body.count)
    }

    /// The pack's 12-byte header: "PACK", version, object count.
    static let headerSize = 12

    /// The pack: header, objects, and the SHA-1 of both.
    func finish() -> [UInt8] {
        var pack: [UInt8] = Array("PACK".utf8) + Self.bigEndian(2) + Self.bigEndian(UInt32(objectCount))
        pack += body
        var context = nb_sha1_context()
        nb_sha1_init(&context)
        pack.withUnsafeBytes { nb_sha1_update(&context, $0.baseAddress, $0.count) }
        var digest = [UInt8](repeating: 0, count: 20)
        nb_sha1_final(&context, &digest)
        return pack + digest
    }

    /// Type in bits 4–6 of the first byte, the size 4 bits there and 7 bits in each next byte.
    private mutating func appendHeader(type: UInt8, size: Int) {
        var value = size >> 4
        var byte = (type << 4) | UInt8(size & 0x0F)
        while value > 0 {
            body.append(byte | 0x80)
            byte = UInt8(value & 0x7F)
            value >>= 7
        }
        body.append(byte)
    }

    private mutating func appendDeflated(_ data: UnsafeRawBufferPointer) {
        let bound = nb_deflate_bound(data.count)
        let start = body.count
        body += repeatElement(0, count: bound)
        var written = 0
        let status = body.withUnsafeMutableBytes { out in
            nb_deflate(
                data.baseAddress ?? UnsafeRawPointer(out.baseAddress!), data.count, out.baseAddress! + start, &written,
                Self.compressionLevel)
        }
        precondition(status == 0, "deflate failed (\(status)) with a buffer of deflateBound bytes")
        body.removeLast(bound - written)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
