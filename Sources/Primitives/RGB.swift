/// A 24-bit colour: a theme's colour (written `"#rrggbb"` in theme files) and a picture's colour
/// alike. The one RGB type of every layer.
public struct RGB: Equatable, Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.init(red: red, green: green, blue: blue)
    }

    /// Parses `"#rrggbb"` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var components: [UInt8] = []
        for start in stride(from: 1, to: 7, by: 2) {
            guard let high = Self.hexValue(digits[start]), let low = Self.hexValue(digits[start + 1]) else {
                return nil
            }
            components.append(high << 4 | low)
        }
        self.init(red: components[0], green: components[1], blue: components[2])
    }

    /// `"#rrggbb"`, lower case: the one hex formatter.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
    }

    /// `fraction` of `other` mixed into this colour, rounded half up.
    public func mixed(with other: RGB, fraction numerator: Int, of denominator: Int) -> RGB {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            let value = Int(a) * denominator + (Int(b) - Int(a)) * numerator
            return UInt8((2 * value + denominator) / (2 * denominator))
        }
        return RGB(mix(red, other.red), mix(green, other.green), mix(blue, other.blue))
    }

    /// What is wrong with a colour that `init(hex:)` refuses.
    public static func formatProblem(_ text: String) -> String {
        "expected a colour written \"#rrggbb\", found \"\(text)\""
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
