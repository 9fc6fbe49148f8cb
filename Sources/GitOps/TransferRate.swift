import Foundation

/// Smoothed rates for progress: bytes per second and, from the object rate, time left.
struct TransferRate {
    private var lastTime: TimeInterval?
    private var lastBytes = 0
    private var lastObjects = 0
    private var bytesPerSecond: Double?
    private var objectsPerSecond: Double?

    /// Feeds a sample; returns the current estimates.
    mutating func update(bytes: Int, objects: Int, totalObjects: Int, now: TimeInterval) -> (
        rate: Double?, eta: Double?
    ) {
        guard let last = lastTime else {
            lastTime = now
            lastBytes = bytes
            lastObjects = objects
            return (nil, nil)
        }
        let elapsed = now - last
        if elapsed >= 0.25 {
            let byteRate = Double(bytes - lastBytes) / elapsed
            let objectRate = Double(objects - lastObjects) / elapsed
            // Exponential smoothing so the display does not jump.
            bytesPerSecond = bytesPerSecond.map { $0 * 0.7 + byteRate * 0.3 } ?? byteRate
            objectsPerSecond = objectsPerSecond.map { $0 * 0.7 + objectRate * 0.3 } ?? objectRate
            lastTime = now
            lastBytes = bytes
            lastObjects = objects
        }
        var eta: Double?
        if let rate = objectsPerSecond, rate > 0, totalObjects > 0 { eta = Double(totalObjects - objects) / rate }
        return (bytesPerSecond, eta)
    }
}

/// Splits sideband text into lines on `\n` and `\r`; a `\r`-ended line is progress that the
/// next line replaces.
struct SidebandLines {
    private var pending = ""
    private var afterCarriageReturn = false

    mutating func feed(_ text: String) -> [(String, Bool)] {
        var lines: [(String, Bool)] = []
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                // "\r\n" (or "progress\r" then "\n") ends one line, not two.
                if !pending.isEmpty || (scalar == "\n" && !afterCarriageReturn) {
                    lines.append((pending, scalar == "\r"))
                }
                pending = ""
                afterCarriageReturn = scalar == "\r"
            } else {
                pending.unicodeScalars.append(scalar)
                afterCarriageReturn = false
            }
        }
        return lines
    }

    mutating func flush() -> (String, Bool)? {
        defer { pending = "" }
        return pending.isEmpty ? nil : (pending, false)
    }
}
