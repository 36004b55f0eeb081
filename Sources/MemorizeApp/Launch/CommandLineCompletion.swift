import Memorize
import MemorizeStore
import Primitives
import TerminalUI
import ThemeFormat

/// What the shells' completions offer for option values (argument-parser's `completion:`):
/// `--theme` completes the names that play (the built-ins and the player's own themes), asked of
/// the binary when TAB is pressed, so a theme saved a minute ago completes too.
public enum CommandLineCompletion {
    /// Every theme name `--theme` accepts that starts with `prefix` (ignoring case, as `--theme`
    /// does): built-ins first, then the player's themes that can be played.
    public static func themeNames(startingWith prefix: String) -> [String] {
        let environment = ProcessEnvironment.variables(named: XDGPaths.variableNames)
        let store = UserThemeStore(environment: environment, validator: .terminal)
        return themeNames(builtIn: ThemeLibrary.builtIn(), user: store?.themes ?? [], startingWith: prefix)
    }

    static func themeNames(builtIn: [Theme], user: [Theme], startingWith prefix: String) -> [String] {
        var names = builtIn.map(\.name)
        for theme in user where ThemeProblemList.playProblem(of: theme, builtIn: builtIn, otherNames: names) == nil {
            names.append(theme.name)
        }
        // Only names a shell can pass back as one word safely: nothing a terminal would obey.
        let lowered = prefix.lowercased()
        return names.filter { SafeText.isSafe($0) && $0.lowercased().hasPrefix(lowered) }
    }

    /// `--opponent`'s levels, from the model's list.
    public static let opponentLevels = OpponentLevel.allCases.map(\.rawValue)
    /// `--players`: solo or two.
    public static let playerCounts = ["1", "2"]
}
