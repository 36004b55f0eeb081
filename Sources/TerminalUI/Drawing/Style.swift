/// A terminal colour. `rgb` is the truth; backends map it to what the terminal can show.
public enum Color: Hashable, Sendable, BitwiseCopyable {
    case `default`
    /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
    case ansi(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightWhite = Color.ansi(15)

    /// Nearest index in xterm's 256-colour palette (16 ANSI + 6×6×6 cube + 24 greys).
    public var xterm256Index: Int {
        switch self {
        case .default: return -1
        case .ansi(let n): return Int(n)
        case let .rgb(r, g, b):
            let levels = [0, 95, 135, 175, 215, 255]
            func nearestLevel(_ v: UInt8) -> Int {
                var best = 0
                for i in 1..<levels.count where abs(levels[i] - Int(v)) < abs(levels[best] - Int(v)) { best = i }
                return best
            }
            let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
            let cubeDistance = Self.distance((levels[ri], levels[gi], levels[bi]), (Int(r), Int(g), Int(b)))
            let grey = (Int(r) + Int(g) + Int(b)) / 3
            let greyIndex = max(0, min(23, (grey - 8 + 5) / 10))
            let greyLevel = 8 + greyIndex * 10
            let greyDistance = Self.distance((greyLevel, greyLevel, greyLevel), (Int(r), Int(g), Int(b)))
            return greyDistance < cubeDistance ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi
        }
    }

    /// Nearest of the 8 basic colours, for terminals without 256 colours.
    public var ansi8Index: Int {
        switch self {
        case .default: return -1
        case .ansi(let n): return Int(n % 8)
        case let .rgb(r, g, b):
            let basics: [(Int, Int, Int)] = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
                                             (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229)]
            let c = (Int(r), Int(g), Int(b))
            return basics.indices.min { Self.distance(basics[$0], c) < Self.distance(basics[$1], c) } ?? 7
        }
    }

    /// Mixes two colours, `fraction` of `other` into `self` (SwiftUI's `.opacity` over a background).
    public func blended(with other: Color, fraction: Double) -> Color {
        guard case let .rgb(r1, g1, b1) = self.asRGB, case let .rgb(r2, g2, b2) = other.asRGB else { return self }
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * fraction).rounded()) }
        return .rgb(mix(r1, r2), mix(g1, g2), mix(b1, b2))
    }

    var asRGB: Color {
        switch self {
        case .rgb: return self
        case .default: return self
        case .ansi(let n):
            let table: [(UInt8, UInt8, UInt8)] = [
                (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
            ]
            let (r, g, b) = table[Int(n % 16)]
            return .rgb(r, g, b)
        }
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}

/// How a cell is drawn: colours plus attributes that still work in monochrome.
public struct Style: Hashable, Sendable, BitwiseCopyable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool
    /// Text in a colour of ours: the screen shifts its colour as far as it takes to read at 3:1
    /// against what is behind it (the terminal's own background, light or dark, or `background`),
    /// whatever colours the terminal has. Off for shapes (a card's edge, a border, the pie), which
    /// keep their hue and are only kept off their background's colour.
    public var legible: Bool

    public init(foreground: Color = .default, background: Color = .default,
                bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, legible: Bool = false) {
        self.foreground = foreground; self.background = background
        self.bold = bold; self.dim = dim; self.reverse = reverse; self.underline = underline
        self.legible = legible
    }
    public static let plain = Style()

    /// The same attributes with colours dropped (`--no-color`, `NO_COLOR`).
    public var monochrome: Style {
        Style(bold: bold, dim: dim, reverse: reverse, underline: underline)
    }
}
