import Memorize
import TerminalUI

/// The game's own key-script commands, added to the toolkit's language: `seed N` (a setting),
/// `theme NAME` (a setting at the top; later, an action that switches the theme mid-script), and
/// the mode settings `players 2`, `opponent LEVEL`, `names A,B` (as the flags of the same names).
public enum GameScriptCommand: String, CaseIterable, Sendable {
    case seed
    case theme
    case players
    case opponent
    case names

    public static let all: [ScriptCommand] = allCases.map(\.definition)

    var definition: ScriptCommand {
        switch self {
        case .seed:
            return ScriptCommand(name: rawValue, usage: "seed N", argument: "seed", role: .setting) { text in
                UInt64(text) == nil ? "bad seed \"\(text)\" (want a whole number 0...\(UInt64.max))" : nil
            }
        case .theme:
            return ScriptCommand(name: rawValue, usage: "theme NAME", argument: "theme name", role: .settingOrAction)
        case .players:
            return ScriptCommand(name: rawValue, usage: "players 1|2", argument: "number of players", role: .setting) { text in
                (text == "1" || text == "2") ? nil : "want 1 or 2 players, not \"\(text)\""
            }
        case .opponent:
            return ScriptCommand(name: rawValue, usage: "opponent \(OpponentLevel.choices)", argument: "level", role: .setting) { text in
                OpponentLevel(rawValue: text) == nil ? "unknown level \"\(text)\" (want \(OpponentLevel.choices))" : nil
            }
        case .names:
            return ScriptCommand(name: rawValue, usage: "names A,B", argument: "player names", role: .setting) { text in
                if case .failure(let problem) = PlayerNames.parse(text) { return problem.description }
                return nil
            }
        }
    }
}

extension KeyScript {
    /// A game key script from text: the toolkit's commands plus the game's.
    public static func parseGame(_ text: String, source: String) throws -> KeyScript {
        try parse(text, source: source, commands: GameScriptCommand.all)
    }

    /// A game key script from a file.
    public static func loadGame(path: String) throws -> KeyScript {
        try load(path: path, commands: GameScriptCommand.all)
    }

    /// `seed N` at the top of the script.
    public var seed: UInt64? { settings[GameScriptCommand.seed.rawValue].flatMap { UInt64($0) } }
    /// `theme NAME` at the top of the script.
    public var theme: String? { settings[GameScriptCommand.theme.rawValue] }
    /// The theme `theme NAME` at the top names, among `themes`; nil when the script names none.
    /// A name that is not there is the script's error, at its line, as the `--theme` flag's is
    /// the command line's: never a random theme in its place.
    public func theme(in themes: [Theme]) throws -> Theme? {
        guard let name = theme else { return nil }
        guard let found = themes.named(name) else {
            throw settingError(GameScriptCommand.theme.rawValue, Self.unknownTheme(name, among: themes))
        }
        return found
    }
    /// The one wording of an unknown theme name, for the flag, the setting and the action.
    public static func unknownTheme(_ name: String, among themes: [Theme]) -> String {
        "unknown theme \"\(name)\" (themes: \(themes.map(\.name).joined(separator: ", ")))"
    }
    /// `opponent LEVEL` or `players 2` at the top of the script; nil when it says neither.
    public var mode: GameMode? {
        if let level = settings[GameScriptCommand.opponent.rawValue].flatMap(OpponentLevel.init(rawValue:)) { return .computer(level) }
        return settings[GameScriptCommand.players.rawValue].map { $0 == "2" ? .hotSeat : .solo }
    }
    /// `names A,B` at the top of the script, made safe.
    public var names: [String]? {
        settings[GameScriptCommand.names.rawValue].flatMap { try? PlayerNames.parse($0).get() }
    }
}
