import Memorize

/// The computer's part in a game against it: the page carries out what the OpponentDriver
/// decides, through the same intents a player's keys and clicks use.
extension GamePage {
    /// The computer's moves up to now: two choices at most fall due in one tick (the virtual
    /// clock stops at each step).
    func playOpponent() {
        opponent.expireNote(at: clock.now)
        // Every tick of every game: a solo game stops here, before the model's cards are read.
        guard game.isComputersTurn else {
            opponent.dropPlan()
            return
        }
        for _ in 0..<2 {
            let table = OpponentDriver.Table(game: game, columns: layout.grid.columnCount, focusIndex: focusIndex,
                                             isPlayable: !layout.isTooSmall && win == nil && dealt.count == game.cards.count,
                                             isFocusable: isFocusable)
            guard let move = opponent.move(at: clock.now, on: table) else { return }
            if let index = move.focus { focus(on: index) }
            guard let choice = move.choice else { return }
            choose(game.cards[choice], by: GameState.computerSeat)
        }
    }
}
