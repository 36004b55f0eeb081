import TerminalUI

/// The game's own key-script commands, added to the toolkit's language: `seed N` (a setting) and
/// `theme NAME` (a setting at the top; later, an action that switches the theme mid-script).
public enum GameScriptCommand: String, CaseIterable, Sendable {
    case seed
    case theme

    public static let all: [ScriptCommand] = allCases.map(\.definition)

    var definition: ScriptCommand {
        switch self {
        case .seed:
            return ScriptCommand(name: rawValue, usage: "seed N", argument: "seed", role: .setting) { text in
                UInt64(text) == nil ? "bad seed \"\(text)\" (want a whole number 0...\(UInt64.max))" : nil
            }
        case .theme:
            return ScriptCommand(name: rawValue, usage: "theme NAME", argument: "theme name", role: .settingOrAction)
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
}
