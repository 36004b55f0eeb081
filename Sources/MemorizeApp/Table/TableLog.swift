import Memorize

/// The ordered log applied to this process's game, the same way in every process at the table.
enum TableLog {
    /// One log entry. A choose counts only from the seat whose turn it is (the hot-seat rules:
    /// a match keeps the turn, a mismatch passes it); anything else in a log is ignored, as every
    /// process ignores it.
    static func apply(_ entry: TimedIntent, to view: EmojiMemoryGameView) {
        switch entry.intent {
        case .deal:
            view.dealAll()
        case .choose(let id):
            let game = view.game
            guard !game.isOver, game.currentPlayer == entry.seat,
                  let card = game.cards.first(where: { $0.id == id }), !view.isUndealt(card) else { return }
            view.choose(card)
        case .shuffle, .restart, .newGame:
            break
        }
    }
}
