import Memorize
import TerminalUI

/// The ordered log applied to this process's game, the same way in every process at the table:
/// through `EmojiMemoryGame.apply`, the game's one way in, at each entry's stamped time. The model
/// refuses what it refuses (a choose out of turn, a second deal) identically everywhere.
enum TableLog {
    /// One log entry, its table time moved onto this process's timeline by `offset` (seconds
    /// between the two). Bonus points are scored from differences of those times, so every
    /// process scores alike; the offset only keeps the bonus pies in step with this clock.
    /// Never clamped: a late process's offset is negative, and entries before its anchor land
    /// before its zero. Clamped, they collapsed onto one time and a bonus spent before a match
    /// read as unspent (a late watcher showed other scores than the seats).
    static func apply(_ entry: TimedIntent, to view: GamePage, offset: Double = 0) {
        var local = entry
        local.time = entry.time + offset
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

/// This process's timeline minus the table's, fixed once by the first entries it reads: the
/// deal as it arrives, or the last entry of a catch-up (a resumed seat, a late watcher), taken
/// as just now. Every entry is then moved by the same offset, so the differences the model
/// scores bonus points from are the table's own, in every process.
struct TableTimeline {
    private(set) var offset: Double?

    /// `entries` as read, of which the first `catchUpCount` (if any) are the catch-up.
    mutating func anchor(_ entries: [TimedIntent], catchUpCount: Int, now: Double) {
        guard offset == nil, let anchor = entries.prefix(max(1, catchUpCount)).last else { return }
        offset = now - anchor.time
    }
}
