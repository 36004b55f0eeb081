import Testing
import Memorize
import MemorizeStore
import ThemeFormat
@testable import MemorizeApp

/// Checking many user themes looks each name up once (ThemeRules.TakenNames) instead of handing
/// every earlier name to each check; the answers must be what the full list gave, word for word.
@Suite struct TakenNamesTests {
    static let builtIn = ThemeLibrary.builtIn()

    /// Names that clash by case, by surrounding spaces, with a built-in, and ones that do not.
    static let names = ["Mine", "mine", " MINE ", "Halloween", "halloween ", "Other", "Ötzi", "ötzi", "", "Mine2", "other"]

    static var userThemes: [Theme] {
        names.map { Theme(name: $0, emoji: ["👻", "🎃", "🦇"], pairs: 3, color: RGBColor(red: 255, green: 0, blue: 0)) }
    }

    @Test func chooserRowsSayWhatTheFullListSaid() {
        let chooser = ThemeChooser(builtIn: Self.builtIn, user: Self.userThemes, selecting: nil)
        var earlier = Self.builtIn.map(\.name)
        for (row, theme) in zip(chooser.rows.dropFirst(Self.builtIn.count), Self.userThemes) {
            #expect(row.problem == ThemeProblemList.playProblem(of: theme, builtIn: Self.builtIn, otherNames: earlier),
                    "\(theme.name)")
            earlier.append(theme.name)
        }
    }

    /// The start notice's count and the chooser's `p` list come from the same one-lookup checks.
    @Test func problemListSaysWhatTheFullListSaid() {
        let list = ThemeProblemList(userThemes: InMemoryThemes(Self.userThemes), builtIn: Self.builtIn)
        var earlier = Self.builtIn.map(\.name)
        var expected: [String] = []
        for theme in Self.userThemes {
            if let reason = ThemeProblemList.playProblem(of: theme, builtIn: Self.builtIn, otherNames: earlier) {
                expected.append(reason)
            }
            earlier.append(theme.name)
        }
        #expect(!expected.isEmpty)
        #expect(list.entries.map(\.reason) == expected)
    }

    @Test func acceptedUserThemesAreWhatTheFullListAccepted() {
        let game = EmojiMemoryGame(themes: Self.builtIn, seed: 1, clock: GameClock { 0 })
        game.setUserThemes(Self.userThemes)
        var accepted: [Theme] = []
        for theme in Self.userThemes where ThemeRules.problems(with: theme, otherNames: (Self.builtIn + accepted).map(\.name)).isEmpty {
            accepted.append(theme)
        }
        #expect(game.userThemes.map(\.name) == accepted.map(\.name))
        #expect(game.userThemes.map(\.name) == ["Mine", "Other", "Ötzi", "Mine2"])
    }
}
