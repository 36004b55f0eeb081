import Memorize

/// Reads theme files: `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}`. Declared here,
/// below the store, so the EmbedThemes build tool decodes assets/themes.json with this very
/// reader; MemorizeStore adds the built-in themes and writing.
public enum ThemeLibrary {
    /// Decodes a theme file. Only the structure is checked here (types, keys, colours); the rules
    /// a playable theme must follow are ThemeValidator's.
    /// - Throws: `ThemeFileError` naming `source` and, when it can be found, the line.
    public static func decode<Bytes: Sequence<UInt8>>(_ bytes: Bytes, source: String) throws -> [Theme] {
        try decodePlaced(bytes, source: source).map(\.theme)
    }

    /// `decode`, with the line and column where each theme's object starts (for messages about
    /// a theme that reads fine but breaks a rule).
    public static func decodePlaced<Bytes: Sequence<UInt8>>(_ bytes: Bytes, source: String) throws
        -> [(theme: Theme, line: Int, column: Int)] {
        let bytes = Array(bytes)
        // One table for every theme's place: counting from byte 0 per theme was quadratic.
        let positions = TextPositions(bytes)
        do {
            return try ThemeFileReader.themes(in: bytes).map { entry in
                let place = positions.lineAndColumn(ofOffset: entry.offset)
                return (entry.theme, place.line, place.column)
            }
        } catch {
            let place = error.offset.map { positions.lineAndColumn(ofOffset: $0) }
            throw ThemeFileError(source: source, line: place?.line, column: place?.column, reason: error.reason)
        }
    }
}
