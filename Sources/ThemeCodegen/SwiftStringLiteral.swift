/// A Swift string literal for any text, built so that no text can end the literal early or
/// reach the compiler as anything but characters: every scalar other than printable ASCII, and
/// the quote and backslash among those, is written as `\u{...}`. The literal is printable ASCII.
enum SwiftStringLiteral {
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            if (0x20...0x7E).contains(scalar.value), scalar != "\"", scalar != "\\" {
                literal.unicodeScalars.append(scalar)
            } else {
                literal += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return literal + "\""
    }
}
