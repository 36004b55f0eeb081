import TerminalUI

/// What the help and the footers show of a binding, whatever page it belongs to.
struct KeyHelp: Sendable {
    let keys: [Key]
    let summary: String
    /// A word or two for the footer line; nil keeps the binding out of the footer.
    let hint: String?

    /// The keys as the help shows them, e.g. "← h" (or "left h" under `--ascii`).
    func label(ascii: Bool = false) -> String { keys.map { $0.helpName(ascii: ascii) }.joined(separator: " ") }
    var label: String { label() }
}

/// One row of a page's key table: the keys, the command, and its help. The input handlers and
/// the help both read these tables, so they cannot drift.
struct KeyBinding<Command: Equatable & Sendable>: Sendable {
    let command: Command
    let help: KeyHelp

    init(_ keys: [Key], _ command: Command, _ summary: String, hint: String? = nil) {
        self.command = command
        help = KeyHelp(keys: keys, summary: summary, hint: hint)
    }

    var keys: [Key] { help.keys }
    var summary: String { help.summary }
    var hint: String? { help.hint }
    func label(ascii: Bool = false) -> String { help.label(ascii: ascii) }
    var label: String { help.label }
}

extension Array {
    /// The command `key` stands for in this table, if any.
    func command<Command>(for key: Key) -> Command? where Element == KeyBinding<Command> {
        first { $0.keys.contains(key) }?.command
    }
}

extension Array where Element: KeyBindingRow {
    /// The table as help rows (the help overlay lists any page's table).
    var help: [KeyHelp] { map(\.keyHelp) }
}

/// Lets a table of any page's bindings be read as help rows.
protocol KeyBindingRow { var keyHelp: KeyHelp { get } }
extension KeyBinding: KeyBindingRow { var keyHelp: KeyHelp { help } }

extension Key {
    /// How the help and footers name a key; plain ASCII words under `--ascii`.
    func helpName(ascii: Bool) -> String {
        switch self {
        case .left: return ascii ? "left" : "←"
        case .right: return ascii ? "right" : "→"
        case .up: return ascii ? "up" : "↑"
        case .down: return ascii ? "down" : "↓"
        case .character(" "): return "space"
        case .backTab: return "shift-tab"
        case .delete: return "del"
        default: return description
        }
    }
}
