import Testing
@testable import Memorize

/// A message that quotes text from outside names what would print as nothing: `<U+200B>`, not `""`.
@Suite struct InvisibleCharacterMessageTests {
    @Test(arguments: [("\u{200B}", "U+200B"), ("\u{200C}", "U+200C"), ("\u{2060}", "U+2060"), ("\u{FEFF}", "U+FEFF"),
                      ("\u{00AD}", "U+00AD"), ("\u{2028}", "U+2028"), ("\u{3164}", "U+3164"), ("\u{00A0}", "U+00A0")])
    func invisibleEmojiIsNamedInTheMessage(invisible: String, name: String) {
        let description = ThemeProblem.notTwoColumns(emoji: 3, invisible, columns: 0).description
        #expect(description.contains("\"<\(name)>\""), "\(description)")
        #expect(!description.contains("\"\""))
    }

    @Test func visibleTextIsQuotedAsItIs() {
        #expect(ThemeProblem.repeatedEmoji(emoji: 2, "👻").description == "emoji 2 \"👻\" appears more than once")
        #expect(ThemeProblem.shown("a b") == "a b")
    }

    @Test func invisibleCharactersInsideTextAreNamedInPlace() {
        #expect(ThemeProblem.shown("A\u{200B}B") == "A<U+200B>B")
        // Inside a visible emoji, the joiner and the selector are part of what is seen.
        #expect(ThemeProblem.variationSelector(emoji: 1, "❤\u{FE0F}").description == "emoji 1 \"❤\u{FE0F}\" contains U+FE0F (variation selector 16)")
        #expect(ThemeProblem.shown("\u{FE0F}") == "<U+FE0F>")
        #expect(ThemeProblem.shown("A\u{200C}B") == "A<U+200C>B")
        #expect(ThemeProblem.nameTaken("Spooky\u{200B}").description == "there is already a theme called \"Spooky<U+200B>\"")
        #expect(ThemeProblem.asciiNotVisible(number: 4, "\u{7}").description == "ascii 4 \"<U+0007>\" is not one visible ASCII character")
    }

    @Test func validatorMessagesForAFileThemeNameEveryInvisibleEmoji() {
        let theme = Theme(name: "Ghosts", emoji: ["👻", "\u{200B}", "🎃"], pairs: 3, color: RGBColor(red: 1, green: 0, blue: 0))
        let validator = ThemeValidator(columns: { $0.value == 0x200B ? 0 : 2 }, isUnsafe: { _ in false })
        let messages = validator.problems(of: theme, otherNames: []).map(\.description)
        #expect(messages.contains { $0.contains("\"<U+200B>\"") }, "\(messages)")
    }
}
