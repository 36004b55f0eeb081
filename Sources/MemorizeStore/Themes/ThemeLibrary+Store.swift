import Memorize
import ThemeFormat

/// The theme files the game has rather than reads: the built-in themes, and the file `decode`
/// reads back.
extension ThemeLibrary {
    /// The themes from assets/themes.json, decoded when the game was built (the EmbedThemes
    /// plugin runs `decode` on the file and writes the values as Swift), so start-up parses
    /// nothing and a file `decode` refuses fails the build. The unit tests lint the rules.
    public static func builtIn() -> [Theme] {
        builtInThemes
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
