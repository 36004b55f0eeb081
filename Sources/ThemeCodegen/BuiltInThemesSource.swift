import Memorize

/// The Swift file that gives MemorizeStore `builtInThemes`: the themes as values the compiler
/// builds, so start-up parses nothing. Every string goes through `SwiftStringLiteral`; the other
/// fields are integers.
enum BuiltInThemesSource {
    static func swift(_ themes: [Theme]) -> String {
        var source = """
            // Generated at build time by ThemeCodegen (the EmbedThemes plugin) from assets/themes.json,
            // read by ThemeLibrary.decode. Do not edit.
            import Memorize

            let builtInThemes: [Theme] = [

            """
        for theme in themes {
            source += """
                    Theme(
                        name: \(SwiftStringLiteral.quoted(theme.name)),
                        emoji: \(list(theme.emoji)),
                        pairs: \(theme.pairs),
                        color: RGBColor(red: \(theme.color.red), green: \(theme.color.green), blue: \(theme.color.blue)),
                        ascii: \(theme.ascii.map(list) ?? "nil")
                    ),

                """
        }
        return source + "]\n"
    }

    private static func list(_ texts: [String]) -> String {
        "[" + texts.map(SwiftStringLiteral.quoted).joined(separator: ", ") + "]"
    }
}
