import Foundation
import MemorizeTestSupport
import Glibc
import Testing
import ThemeFormat
@testable import Memorize
@testable import MemorizeStore

/// glibc's wcwidth, which ncurses uses. The Glibc module hides it (it sits behind _XOPEN_SOURCE
/// in wchar.h), so look it up in the already-loaded libc.
func glibcWcwidth(_ scalar: Unicode.Scalar) throws -> Int32 {
    typealias WcwidthFunction = @convention(c) (wchar_t) -> Int32
    let symbol = try #require(dlsym(nil, "wcwidth"), "wcwidth not found in libc")
    return unsafeBitCast(symbol, to: WcwidthFunction.self)(wchar_t(scalar.value))
}

/// Lints assets/themes.json (read from the source tree): the built-in themes must all play.
@Suite struct ThemeLintTests {
    let themes: [Theme]

    init() throws {
        themes = try ThemeLibrary.decode(BuiltInThemesFile.bytes, source: BuiltInThemesFile.path)
    }

    @Test func builtInDecodesAndMatchesTheFile() {
        #expect(themes.count >= 8)
        // The values built into the game are what the reader makes of the file, field for field.
        #expect(ThemeLibrary.builtIn() == themes)
        #expect(Set(themes.map(\.name)).count == themes.count, "names are unique")
        #expect(themes.first?.name == "Halloween")
    }

    @Test func everyThemePassesValidation() {
        for theme in themes {
            #expect(ThemeValidator.forTests.problems(of: theme).map(\.description) == [], "\(theme.name)")
        }
    }

    @Test func emojiCountsAndPairsAreInRange() {
        for theme in themes {
            #expect((8...16).contains(theme.emoji.count), "\(theme.name) has \(theme.emoji.count) emoji")
            #expect((2...theme.emoji.count).contains(theme.pairs), "\(theme.name): the file asks for a playable count")
            #expect(theme.numberOfPairs == theme.pairs)
        }
        #expect(themes.contains { $0.pairs < $0.emoji.count }, "some theme shows a subset of its emoji")
    }

    @Test func everyEmojiIsOneScalarTwoColumnsWide() throws {
        // ncurses measures with glibc wcwidth; anything but 2 breaks the card layout.
        try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
        for theme in themes {
            #expect(Set(theme.emoji).count == theme.emoji.count, "\(theme.name) has a duplicate")
            for emoji in theme.emoji {
                let scalars = Array(emoji.unicodeScalars)
                #expect(scalars.count == 1, "\(theme.name): \(emoji)")
                #expect(!scalars.contains("\u{FE0F}") && !scalars.contains("\u{200D}"))
                if let scalar = scalars.first {
                    #expect(try glibcWcwidth(scalar) == 2, "\(theme.name): \(emoji) U+\(String(scalar.value, radix: 16))")
                }
            }
        }
    }

    @Test func asciiFallbackIsOneDistinctVisibleCharacterPerEmoji() {
        for theme in themes {
            guard let ascii = theme.ascii else { continue }
            #expect(ascii.count == theme.emoji.count, "\(theme.name)")
            #expect(Set(ascii).count == ascii.count, "\(theme.name) repeats an ascii character")
            for text in ascii {
                #expect(text.unicodeScalars.count == 1 && (0x21...0x7E).contains(text.unicodeScalars.first!.value),
                        "\(theme.name): \(text)")
            }
        }
        #expect(themes.allSatisfy { $0.ascii != nil }, "every built-in theme works with --ascii")
    }
}
