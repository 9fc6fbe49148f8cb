/// A terminal colour as a theme names it.
public enum Color: Sendable, Equatable, Hashable {
    /// The terminal's own foreground/background.
    case terminalDefault
    /// One of the 16 basic colours (0–7 normal, 8–15 bright).
    case basic(Int)
    /// A 256-colour palette index.
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)

    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Parses `default`, a colour name (`red`, `bright-blue`), a palette index (0–255) or `#rrggbb`.
    init?(_ text: String) {
        let lower = text.lowercased()
        if lower == "default" { self = .terminalDefault; return }
        if let index = Self.names.firstIndex(of: lower) { self = .basic(index); return }
        if lower.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(lower.dropFirst(7))) {
            self = .basic(index + 8); return
        }
        if lower.hasPrefix("#"), lower.count == 7, let value = UInt32(lower.dropFirst(), radix: 16) {
            self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
            return
        }
        return nil
    }

    /// The nearest colour a terminal of `depth` can show.
    public func approximated(for depth: ColorDepth) -> Color? {
        switch (self, depth) {
        case (_, .monochrome): return nil
        case (.terminalDefault, _): return self
        case (.rgb, .trueColor): return self
        case (.rgb(let r, let g, let b), .palette256): return .indexed(Self.cubeIndex(r, g, b))
        case (.rgb(let r, let g, let b), .basic8): return .basic(Self.nearestBasic(r, g, b))
        case (.indexed(let i), .basic8): return .basic(i < 16 ? i % 8 : Self.nearestBasic(Self.rgbOfIndex(i)))
        case (.basic(let i), .basic8): return .basic(i % 8)
        default: return self
        }
    }

    static func cubeIndex(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        func level(_ v: UInt8) -> Int { v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        return 16 + 36 * level(r) + 6 * level(g) + level(b)
    }

    static func rgbOfIndex(_ index: Int) -> (UInt8, UInt8, UInt8) {
        if index >= 232 { let v = UInt8(8 + (index - 232) * 10); return (v, v, v) }
        let i = max(0, index - 16)
        let steps: [UInt8] = [0, 95, 135, 175, 215, 255]
        return (steps[i / 36 % 6], steps[i / 6 % 6], steps[i % 6])
    }

    static func nearestBasic(_ rgb: (UInt8, UInt8, UInt8)) -> Int { nearestBasic(rgb.0, rgb.1, rgb.2) }

    /// The usual RGB of a bright basic colour (8–15), for direct-colour terminals.
    static func rgbOfBasic(_ index: Int) -> (UInt8, UInt8, UInt8) {
        let i = index % 8
        let on: UInt8 = index >= 8 ? 255 : 205, off: UInt8 = index >= 8 ? 85 : 0
        return (i & 1 != 0 ? on : off, i & 2 != 0 ? on : off, i & 4 != 0 ? on : off)
    }

    static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        // Each basic colour is on/off per channel: a channel counts when it is strong and close
        // to the strongest one (so orange becomes yellow, not white).
        let threshold = max(96, Int(max(r, g, b)) * 6 / 10)
        return (Int(r) >= threshold ? 1 : 0) | (Int(g) >= threshold ? 2 : 0) | (Int(b) >= threshold ? 4 : 0)
    }
}

/// How many colours the terminal shows.
public enum ColorDepth: Sendable, Equatable {
    case monochrome, basic8, palette256, trueColor

    /// From the terminal's colour count and the environment (`COLORTERM`, `NO_COLOR`).
    public static func detect(colors: Int, environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") || colors >= 1 << 24 {
            return .trueColor
        }
        if colors >= 256 { return .palette256 }
        if colors >= 8 { return .basic8 }
        return .monochrome
    }
}
