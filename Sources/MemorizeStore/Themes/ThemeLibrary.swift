import Memorize

/// Reads and writes theme files: `{"themes": [ {name, emoji, pairs, color, ascii?}, ... ]}`.
public enum ThemeLibrary {
    /// The themes from assets/themes.json, embedded at build time (the EmbedThemes plugin).
    /// A broken file is a programmer error: the unit tests lint it before it can ship.
    public static func builtIn() -> [Theme] {
        builtInThemes
    }

    private static let builtInThemes: [Theme] = {
        do {
            return try decode(builtInThemesJSON.utf8, source: "assets/themes.json")
        } catch {
            fatalError("built-in themes: \(error)")
        }
    }()

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
        do {
            return try ThemeFileReader.themes(in: bytes).map { entry in
                let place = JSONValue.lineAndColumn(ofOffset: entry.offset, in: bytes)
                return (entry.theme, place.line, place.column)
            }
        } catch {
            let place = error.offset.map { JSONValue.lineAndColumn(ofOffset: $0, in: bytes) }
            throw ThemeFileError(source: source, line: place?.line, column: place?.column, reason: error.reason)
        }
    }

    /// The file `decode` reads back as `themes`: pretty-printed as before (JSONEncoder's layout),
    /// keys in the order of assets/themes.json, `ascii` only when the theme has it, a final newline.
    public static func encode(_ themes: [Theme]) -> [UInt8] {
        let list = themes.map { theme -> JSONValue in
            var members: [JSONValue.Member] = [
                .init("name", JSONValue(.string(theme.name))),
                .init("emoji", JSONValue(.array(theme.emoji.map { JSONValue(.string($0)) }))),
                .init("pairs", .integer(theme.pairs)),
                .init("color", JSONValue(.string(theme.color.hex))),
            ]
            if let ascii = theme.ascii {
                members.append(.init("ascii", JSONValue(.array(ascii.map { JSONValue(.string($0)) }))))
            }
            return JSONValue(.object(members))
        }
        return JSONValue(.object([.init("themes", JSONValue(.array(list)))])).prettyPrinted() + [UInt8(ascii: "\n")]
    }
}
