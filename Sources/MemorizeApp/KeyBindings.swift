import TerminalUI

/// Everything a player can ask for, whatever key or click asked.
enum Command: Equatable {
    case moveFocus(dx: Int, dy: Int)
    case chooseFocused, deal, shuffle, restart, newGame, themes, help, closeOverlay, quit
}

/// The one table of keys: the input handler and the help overlay both read it, so they cannot drift.
struct KeyBinding {
    let keys: [Key]
    let label: String
    let command: Command
    let summary: String

    static let all: [KeyBinding] = [
        KeyBinding(keys: [.left, .character("h")], label: "← h", command: .moveFocus(dx: -1, dy: 0), summary: "focus the card to the left"),
        KeyBinding(keys: [.right, .character("l")], label: "→ l", command: .moveFocus(dx: 1, dy: 0), summary: "focus the card to the right"),
        KeyBinding(keys: [.up, .character("k")], label: "↑ k", command: .moveFocus(dx: 0, dy: -1), summary: "focus the card above"),
        KeyBinding(keys: [.down, .character("j")], label: "↓ j", command: .moveFocus(dx: 0, dy: 1), summary: "focus the card below"),
        KeyBinding(keys: [.character(" "), .enter], label: "space enter", command: .chooseFocused, summary: "choose the focused card"),
        KeyBinding(keys: [.character("d")], label: "d", command: .deal, summary: "deal the cards from the deck"),
        KeyBinding(keys: [.character("s")], label: "s", command: .shuffle, summary: "shuffle the cards"),
        KeyBinding(keys: [.character("r")], label: "r", command: .restart, summary: "restart: cards back to the deck, same theme"),
        KeyBinding(keys: [.character("n")], label: "n", command: .newGame, summary: "new game with a random theme"),
        KeyBinding(keys: [.character("t")], label: "t", command: .themes, summary: "next theme"),
        KeyBinding(keys: [.character("?")], label: "?", command: .help, summary: "this help"),
        KeyBinding(keys: [.escape], label: "esc", command: .closeOverlay, summary: "close an overlay"),
        KeyBinding(keys: [.character("q"), .control("c")], label: "q ctrl-c", command: .quit, summary: "quit"),
    ]

    /// Mouse actions, listed in the help next to the keys.
    static let mouseHelp: [(label: String, summary: String)] = [
        ("click card", "choose it"),
        ("click deck", "deal"),
        ("click button", "press it"),
    ]

    static func command(for key: Key) -> Command? {
        all.first { $0.keys.contains(key) }?.command
    }
}
