/// Git's delta format (the data of a pack's delta objects): the base's size, the result's
/// size, then instructions that copy a range of the base or insert literal bytes.
enum GitDelta {
    /// The longest copy one instruction makes here (git's own encoder keeps to this too).
    static let maximumCopy = 0x10000
    /// The most literal bytes one insert instruction carries.
    static let maximumInsert = 0x7F

    /// A delta that makes `target` from `base` by copying their common beginning and end and
    /// inserting what lies between: exact and cheap for an edited post, a tree with a few
    /// changed entries, or text added anywhere.
    static func prefixSuffix(base: UnsafeRawBufferPointer, target: UnsafeRawBufferPointer) -> [UInt8] {
        let limit = min(base.count, target.count)
        var prefix = 0
        while prefix < limit, base[prefix] == target[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix, base[base.count - 1 - suffix] == target[target.count - 1 - suffix] {
            suffix += 1
        }
        var delta: [UInt8] = []
        delta.reserveCapacity(32 + target.count - prefix - suffix)
        appendSize(base.count, to: &delta)
        appendSize(target.count, to: &delta)
        appendCopy(offset: 0, length: prefix, to: &delta)
        var insert = prefix
        while insert < target.count - suffix {
            let length = min(maximumInsert, target.count - suffix - insert)
            delta.append(UInt8(length))
            delta.append(contentsOf: target[insert..<(insert + length)])
            insert += length
        }
        appendCopy(offset: base.count - suffix, length: suffix, to: &delta)
        return delta
    }

    /// Applies `delta` to `base`; nil when the delta is malformed or does not fit the base.
    static func apply(_ delta: [UInt8], to base: [UInt8]) -> [UInt8]? {
        var position = 0
        func size() -> Int? {
            var value = 0, shift = 0
            while position < delta.count {
                let byte = delta[position]
                position += 1
                value |= Int(byte & 0x7F) << shift
                shift += 7
                if byte & 0x80 == 0 { return value }
            }
            return nil
        }
        guard let baseSize = size(), baseSize == base.count, let targetSize = size() else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(targetSize)
        while position < delta.count {
            let op = delta[position]
            position += 1
            if op & 0x80 != 0 {
                var offset = 0, length = 0
                for bit in 0..<4 where op & (1 << bit) != 0 {
                    guard position < delta.count else { return nil }
                    offset |= Int(delta[position]) << (8 * bit)
                    position += 1
                }
                for bit in 0..<3 where op & (0x10 << bit) != 0 {
                    guard position < delta.count else { return nil }
                    length |= Int(delta[position]) << (8 * bit)
                    position += 1
                }
                if length == 0 { length = 0x10000 }
                guard offset + length <= base.count else { return nil }
                result += base[offset..<(offset + length)]
            } else if op != 0 {
                guard position + Int(op) <= delta.count else { return nil }
                result += delta[position..<(position + Int(op))]
                position += Int(op)
            } else {
                return nil
            }
        }
        return result.count == targetSize ? result : nil
    }

    /// A size: 7 bits a byte, least significant first, the high bit set on all but the last.
    private static func appendSize(_ size: Int, to delta: inout [UInt8]) {
        var value = size
        while value >= 0x80 {
            delta.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        delta.append(UInt8(value))
    }

    /// Copy instructions for `length` bytes of the base from `offset`.
    private static func appendCopy(offset: Int, length: Int, to delta: inout [UInt8]) {
        var offset = offset, remaining = length
        while remaining > 0 {
            let chunk = min(maximumCopy, remaining)
            var op: UInt8 = 0x80
            var operands: [UInt8] = []
            for bit in 0..<4 {
                let byte = UInt8((offset >> (8 * bit)) & 0xFF)
                if byte != 0 { op |= 1 << bit; operands.append(byte) }
            }
            // A length of 0x10000 is written as no length bytes at all.
            if chunk != 0x10000 {
                for bit in 0..<3 {
                    let byte = UInt8((chunk >> (8 * bit)) & 0xFF)
                    if byte != 0 { op |= 0x10 << bit; operands.append(byte) }
                }
            }
            delta.append(op)
            delta += operands
            offset += chunk
            remaining -= chunk
        }
    }
}
