import Memorize
import TerminalUI

/// The ordered log applied to this process's game, the same way in every process at the table:
/// through `EmojiMemoryGame.apply`, the game's one way in, at each entry's stamped time. The model
/// refuses what it refuses (a choose out of turn, a second deal) identically everywhere.
enum TableLog {
    /// One log entry, its table time moved onto this process's timeline by `offset` (seconds
    /// between the two). Bonus points are scored from differences of those times, so every
    /// process scores alike; the offset only keeps the bonus pies in step with this clock.
    static func apply(_ entry: TimedIntent, to view: EmojiMemoryGameView, offset: Double = 0) {
        var local = entry
        local.time = max(0, entry.time + offset)
        switch entry.intent {
        case .deal:
            guard view.game.apply(local) else { return }
            // The game is dealt at the table's time; the page deals its cards (its own deal is
            // refused by the model, being the second).
            view.dealAll()
        case .choose:
            view.withAnimation(EmojiMemoryGameView.CardConstants.flip) { _ = view.game.apply(local) }
        case .shuffle, .restart, .newGame, .setMode:
            // Not from a table's seats: the server never orders these.
            break
        }
    }
}
