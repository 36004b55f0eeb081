/// A player's name at a table, made from the SSH user name the server accepted. The server
/// neutralises it once, before the table sees it, and every process at the table then gets the
/// same text in its hello, its status frames and its `--names`: text that every reader of the
/// channel accepts (ShowableText, TableMessage.maximumNameLength) and the game's `--names` keeps
/// as it is (no comma, no edge whitespace, no leading "-" that would read as a flag).
public enum TableName {
    /// At most this many bytes too: one character can carry many combining marks (PlayerNames
    /// allows 64).
    public static let maximumBytes = 60
    /// The name of a player whose user name leaves nothing showable.
    public static let fallback = "Player"

    /// `userName` with what a table cannot show dropped: controls, bidi marks, format characters
    /// (ZWJ, soft hyphen, zero-width space), line and paragraph separators, private use,
    /// unassigned and other default-ignorable code points, and commas; any whitespace becomes
    /// one space, none at either end; no "-" or combining mark at the start; cut to 16 characters. nil when
    /// nothing is left (the caller gives a fixed name).
    public static func neutralised(_ userName: String) -> String? {
        var name = ""
        var pendingSpace = false
        for scalar in userName.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !name.isEmpty
                continue
            }
            guard keeps(scalar), !(name.isEmpty && scalar == "-") else { continue }
            // Nor a mark to begin with: it would join the space before the name in a frame
            // ("name0 NAME", "seated 1 NAME"), and the reader, which reads characters, would
            // find no space there.
            if name.isEmpty, (" " + String(scalar)).count != 2 { continue }
            let piece = pendingSpace ? " " + String(scalar) : String(scalar)
            let longer = name + piece
            guard longer.count <= TableMessage.maximumNameLength, longer.utf8.count <= maximumBytes else { break }
            // A mark right after the space would make one character of the two, one the game's
            // trimming (Character.isWhitespace) takes for whitespace: the mark goes.
            if longer.last?.isWhitespace == true { continue }
            name = longer
            pendingSpace = false
        }
        return name.isEmpty ? nil : name
    }

    static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "," || scalar.properties.isDefaultIgnorableCodePoint { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate, .unassigned:
            return false
        default:
            // ControlCharacters' bidi marks are all format characters, refused above.
            return true
        }
    }
}
