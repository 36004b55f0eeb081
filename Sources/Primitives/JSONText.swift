/// The one JSON string escaper, shared by the save files (MemorizeStore) and the recordings
/// (TerminalUI), which sit in layers that cannot import each other.
public enum JSONText {
    /// `text` as a JSON string literal. `"` and `\` are escaped, and so is everything a terminal
    /// would obey rather than show if the file were printed raw: C0 controls (short forms where
    /// JSON has them), DEL, C1 controls and the bidi controls, as `\uXXXX`. `/` and all other
    /// text stay as they are.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{8}": result += "\\b"
            case "\u{C}": result += "\\f"
            case _ where needsEscape(scalar):
                result += "\\u" + CodePoints.hex(scalar, uppercase: false)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.contains(scalar) }
}
