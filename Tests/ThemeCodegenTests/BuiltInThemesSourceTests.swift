import Testing
import Memorize
@testable import ThemeCodegen

/// The generated file, to the byte: the themes as one array literal of `Theme(...)` calls.
@Suite struct BuiltInThemesSourceTests {
    @Test func writesEachFieldAsALiteral() {
        let themes = [
            Theme(name: "Spooky \"1\"", emoji: ["🎃", "👻"], pairs: 2, color: RGBColor(255, 140, 0), ascii: ["P", "\\"]),
            Theme(name: "Plain", emoji: ["🚗", "🚕"], pairs: -5, color: RGBColor(0, 0, 0)),
        ]
        #expect(BuiltInThemesSource.swift(themes) == #"""
            // Generated at build time by ThemeCodegen (the EmbedThemes plugin) from assets/themes.json,
            // read by ThemeLibrary.decode. Do not edit.
            import Memorize

            let builtInThemes: [Theme] = [
                Theme(
                    name: "Spooky \u{22}1\u{22}",
                    emoji: ["\u{1F383}", "\u{1F47B}"],
                    pairs: 2,
                    color: RGBColor(red: 255, green: 140, blue: 0),
                    ascii: ["P", "\u{5C}"]
                ),
                Theme(
                    name: "Plain",
                    emoji: ["\u{1F697}", "\u{1F695}"],
                    pairs: -5,
                    color: RGBColor(red: 0, green: 0, blue: 0),
                    ascii: nil
                ),
            ]

            """#)
    }

    @Test func noThemesIsAnEmptyList() {
        #expect(BuiltInThemesSource.swift([]).hasSuffix("let builtInThemes: [Theme] = [\n]\n"))
    }

    @Test func theSourceIsPrintableASCIIWhateverTheThemesHold() {
        let hostile = Theme(name: "\"\n}\nlet x = 1 //\u{202E}", emoji: ["\\(x)", "\"\"\""], pairs: Int.min,
                            color: RGBColor(1, 2, 3), ascii: ["\u{0}", "#"])
        let source = BuiltInThemesSource.swift([hostile])
        #expect(source.unicodeScalars.allSatisfy { $0 == "\n" || (0x20...0x7E).contains($0.value) })
        #expect(source.contains(#"name: "\u{22}\u{A}}\u{A}let x = 1 //\u{202E}","#))
        #expect(source.contains("pairs: -9223372036854775808,"))
    }
}
