import Primitives

/// Text from outside (files, key scripts, the player, the environment) is hostile until shown
/// otherwise: an escape sequence in a name read from a file could retitle or clear the player's terminal, and
/// a bidi override reorders whatever is printed after it. Every path that prints such text —
/// canvas cells, stdout, stderr, SVG, recordings — goes through `neutralised`, which replaces
/// what a terminal would obey rather than show with a visible "?".
public enum SafeText {
    public static let replacement: Unicode.Scalar = "?"

    /// C0 controls, DEL, C1 controls, and the bidi embedding, override, isolate and mark characters.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.contains(scalar) }

    /// True when `text` holds nothing `isUnsafe` (a validator's question: refuse, don't repair).
    public static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains(where: isUnsafe)
    }

    /// `text` as one line of a message: every unsafe scalar, newlines included, shown as "?", so
    /// a name or path holding a newline cannot forge a second line (a message is one line).
    public static func line(_ text: String) -> String {
        var body = text.unicodeScalars[...]
        if body.last == "\n" { body.removeLast() }   // the one the caller may have ended it with
        return neutralised(String(body)) + "\n"
    }

    /// `text` with each unsafe scalar replaced by "?" (keeping "\n" when `keepingNewlines`, for
    /// multi-line output the program itself lays out), and with every non-ASCII scalar replaced
    /// too when `asciiOnly` (`--ascii`).
    public static func neutralised(_ text: String, keepingNewlines: Bool = false, asciiOnly: Bool = false) -> String {
        var needsWork = false
        for scalar in text.unicodeScalars where isUnsafe(scalar) || (asciiOnly && !scalar.isASCII) {
            if keepingNewlines && scalar == "\n" { continue }
            needsWork = true
            break
        }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepingNewlines && scalar == "\n" {
                result.append(scalar)
            } else if isUnsafe(scalar) || (asciiOnly && !scalar.isASCII) {
                result.append(replacement)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
