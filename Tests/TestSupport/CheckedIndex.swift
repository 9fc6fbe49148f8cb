import XCTest

extension Array {
    /// The element at `index`, or a test failure (thrown) when the result is shorter: a broken
    /// rule fails its own test instead of crashing the run and hiding every later test.
    public func at(_ index: Int, file: StaticString = #filePath, line: UInt = #line) throws -> Element {
        guard indices.contains(index) else {
            XCTFail("no element \(index): \(count) in all", file: file, line: line)
            throw CheckedIndexError(index: index, count: count)
        }
        return self[index]
    }
}

/// Thrown by `Array.at(_:)` after it records the failure.
public struct CheckedIndexError: Error, CustomStringConvertible {
    public let index: Int
    public let count: Int
    public var description: String { "index \(index) of \(count) elements" }
}
