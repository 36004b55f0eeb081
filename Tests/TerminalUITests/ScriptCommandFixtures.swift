@testable import TerminalUI

/// App commands as a game adds them to the key-script language (the game's `seed N` setting and
/// `theme NAME` setting-or-action), so the toolkit's tests cover both roles and their messages.
let fixtureAppCommands: [ScriptCommand] = [
    ScriptCommand(name: "seed", usage: "seed N", argument: "seed", role: .setting) { text in
        UInt64(text) == nil ? "bad seed \"\(text)\" (want a whole number 0...\(UInt64.max))" : nil
    },
    ScriptCommand(name: "theme", usage: "theme NAME", argument: "theme name", role: .settingOrAction),
]

extension KeyScript {
    static func parseForTest(_ text: String, source: String) throws -> KeyScript {
        try parse(text, source: source, commands: fixtureAppCommands)
    }
    static func parseForTest(utf8 bytes: [UInt8], source: String) throws -> KeyScript {
        try parse(utf8: bytes, source: source, commands: fixtureAppCommands)
    }
    static func loadForTest(path: String) throws -> KeyScript {
        try load(path: path, commands: fixtureAppCommands)
    }
}
