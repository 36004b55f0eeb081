import Memorize
import MemorizeStore
import Testing
import ThemeFormat
@testable import MemorizeApp

/// `--theme` completes the names `--theme` would play.
@Suite struct CommandLineCompletionTests {
    @Test func builtInsThenThePlayersPlayableThemes() {
        let builtIn = ThemeLibrary.builtIn()
        let user = [Theme.sample("Spooky", ["👻", "🎃"]), Theme.sample("halloween", ["👻", "🎃"]),
                    Theme.sample("Spo\u{1B}[2J", ["👻", "🎃"])]
        let names = CommandLineCompletion.themeNames(builtIn: builtIn, user: user, startingWith: "")
        #expect(names == builtIn.map(\.name) + ["Spooky"], "a built-in's name and a control character are left out")
        #expect(CommandLineCompletion.themeNames(builtIn: builtIn, user: user, startingWith: "spo") == ["Sports", "Spooky"])
        #expect(CommandLineCompletion.themeNames(builtIn: builtIn, user: user, startingWith: "zzz").isEmpty)
    }

    @Test func levelsAndCountsComeFromTheModel() {
        #expect(CommandLineCompletion.opponentLevels == ["easy", "medium", "hard"])
        #expect(CommandLineCompletion.playerCounts == ["1", "2"])
    }
}
