import Foundation
import MemorizeTestSupport
import Testing
import Memorize
import ThemeFormat
@testable import MemorizeStore

@Suite struct ThemeTests {
    let red = RGBColor(red: 255, green: 0, blue: 0)

    @Test(arguments: [(20, 5), (5, 5), (3, 3), (1, 2), (-4, 2)])
    func numberOfPairsIsClampedToTwoThroughEmojiCount(pairs: Int, expected: Int) {
        let theme = Theme(name: "T", emoji: ["😀", "😂", "😍", "😎", "🤔"], pairs: pairs, color: red)
        #expect(theme.numberOfPairs == expected)
    }

    @Test func colourReadsAndWritesHex() throws {
        #expect(RGBColor(hex: "#FF8c00") == RGBColor(red: 255, green: 140, blue: 0))
        #expect(RGBColor(hex: "#ff8c0") == nil)
        #expect(RGBColor(hex: "ff8c000") == nil)
        #expect(RGBColor(hex: "#gg8c00") == nil)
        #expect(RGBColor(red: 1, green: 171, blue: 255).hex == "#01abff")
        let theme = Theme(name: "T", emoji: ["😀", "😂"], pairs: 2, color: RGBColor(red: 1, green: 2, blue: 3))
        let json = String(decoding: ThemeLibrary.encode([theme]), as: UTF8.self)
        #expect(json.contains("\"#010203\""))
        #expect(!json.contains("ascii"), "an absent fallback is left out")
        #expect(try ThemeLibrary.decode(Data(json.utf8), source: "themes.json") == [theme])
    }

    @Test func validateNamesEachProblem() {
        let theme = Theme(
            name: " ", emoji: ["❤️", "🧛‍♂️", "👻", "👻", "ab"], pairs: 1, color: red, ascii: ["G", "G", " ", "xy"])
        let problems = ThemeValidator.forTests.problems(of: theme).map(\.description)
        #expect(problems == [
            "the name is empty",
            "pairs is 1, a game needs at least 2",
            "emoji 1 \"❤️\" contains U+FE0F (variation selector 16)",
            "emoji 2 \"🧛‍♂️\" contains U+FE0F (variation selector 16)",
            "emoji 4 \"👻\" appears more than once",
            "emoji 5 \"ab\" is 2 Unicode scalars, not exactly one",
            "ascii has 4 characters for 5 emoji",
            "ascii 2 \"G\" appears more than once",
            "ascii 3 \" \" is not one visible ASCII character",
            "ascii 4 \"xy\" is not one visible ASCII character",
        ])
        let zwj = Theme(name: "Z", emoji: ["👩‍🚀", "👻"], pairs: 2, color: red)
        #expect(ThemeValidator.forTests.problems(of: zwj).map(\.description) == ["emoji 1 \"👩‍🚀\" contains U+200D (zero width joiner)"])
    }
}
