/// "U+2764 U+FE0F": how every layer names characters a terminal may not draw faithfully.
public enum CodePoints {
    public static func describe(_ text: String) -> String {
        text.unicodeScalars.map(describe).joined(separator: " ")
    }

    public static func describe(_ scalar: Unicode.Scalar) -> String {
        "U+" + hex(scalar, uppercase: true)
    }

    /// The scalar's value in hexadecimal, at least four digits: the one formatter behind "U+00E9"
    /// and JSON's "\u00e9".
    public static func hex(_ scalar: Unicode.Scalar, uppercase: Bool) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
