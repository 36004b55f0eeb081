import Primitives

/// Text an SSH client sent (user name, TERM, exec words): hostile until made safe. Every path
/// that logs or prints it goes through here, so a client cannot forge log lines or drive the
/// operator's terminal.
public enum ClientText {
    /// Each control, bidi or escape character replaced by "?", cut to `limit` characters
    /// ("…" marks a cut).
    public static func neutralised(_ text: String, limit: Int = 64) -> String {
        var scalars = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                scalars.append("…")
                break
            }
            scalars.append(ControlCharacters.contains(scalar) ? "?" : scalar)
            count += 1
        }
        return String(scalars)
    }

    /// A message that quotes outside text (a flag value, a path), each of its lines made safe and
    /// none cut: for the operator's terminal, where an escape sequence in a typo must not land.
    public static func neutralisedLines(_ message: String) -> String {
        message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { neutralised(String($0), limit: .max) }
            .joined(separator: "\n")
    }

    /// A user name as the game's seat name: printable, no comma (the game's name separator),
    /// at most 16 characters; nil when nothing usable is left.
    public static func displayName(_ userName: String) -> String? {
        var name = ""
        for scalar in userName.unicodeScalars {
            if name.count == 16 || name.utf8.count > 60 { break }
            if ControlCharacters.contains(scalar) || scalar == "," || scalar.properties.isWhitespace && name.isEmpty { continue }
            name.unicodeScalars.append(scalar)
        }
        while name.last?.isWhitespace == true { name.removeLast() }
        return name.isEmpty ? nil : name
    }
}
