/// The game page's commands (GamePage: the intents of lecture 8's EmojiMemoryGameView).
enum GameCommand: Equatable, Sendable {
    case moveFocus(dx: Int, dy: Int)
    case chooseFocused, deal, shuffle, restart, newGame, themes, help, quit
    /// Esc with nothing open: listed in the help, does nothing.
    case dismiss

    var isFocusMove: Bool {
        if case .moveFocus = self { return true }
        return false
    }
}
