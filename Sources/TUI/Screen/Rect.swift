/// A rectangle of cells: origin and size, in columns and rows.
public struct Rect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var isEmpty: Bool { width == 0 || height == 0 }

    /// How a split divides space: a fixed number of cells, or a share of what is left.
    public enum Size: Sendable, Equatable {
        case fixed(Int)
        case fill(Int)
    }

    /// Splits into rows top to bottom.
    public func rows(_ sizes: [Size]) -> [Rect] {
        Self.divide(height, sizes).map { Rect(x: x, y: y + $0.offset, width: width, height: $0.length) }
    }

    /// Splits into columns left to right.
    public func columns(_ sizes: [Size]) -> [Rect] {
        Self.divide(width, sizes).map { Rect(x: x + $0.offset, y: y, width: $0.length, height: height) }
    }

    /// The rect shrunk by `amount` on every side.
    public func inset(_ amount: Int) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    private static func divide(_ total: Int, _ sizes: [Size]) -> [(offset: Int, length: Int)] {
        var fixed = 0, shares = 0
        for size in sizes {
            switch size {
            case .fixed(let n): fixed += max(0, n)
            case .fill(let n): shares += max(0, n)
            }
        }
        var left = max(0, total - fixed)
        var remainingShares = shares
        var offset = 0
        return sizes.map { size in
            var length: Int
            switch size {
            case .fixed(let n): length = min(max(0, n), max(0, total - offset))
            case .fill(let n):
                length = remainingShares > 0 ? left * max(0, n) / remainingShares : 0
                left -= length
                remainingShares -= max(0, n)
            }
            length = min(length, max(0, total - offset))
            defer { offset += length }
            return (offset, length)
        }
    }
}
