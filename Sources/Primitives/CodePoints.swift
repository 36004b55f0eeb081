/// "U+2764 U+FE0F": how every layer names characters a terminal may not draw faithfully.
public enum CodePoints {
    public static func describe(_ text: String) -> String {
        text.unicodeScalars.map(describe).joined(separator: " ")
    }

    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
