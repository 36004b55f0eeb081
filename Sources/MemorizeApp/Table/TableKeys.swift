import Memorize
import TableProtocol

/// Which of the game page's commands a process at a table may use, and what each becomes.
enum TableKeys {
    enum Decision: Equatable {
        /// Local only (focus, help, quit): the page handles it as ever.
        case pass
        /// To the table: it comes back in the ordered log.
        case send(GameIntent)
        /// Not at a table, or not now; the line says why.
        case refuse(String)
    }

    static func decide(_ command: GameCommand, seat: TableSeat?, view: EmojiMemoryGameView, tableOver: Bool) -> Decision {
        switch command {
        case .help, .quit, .dismiss: return .pass
        default: break
        }
        guard case .seat(let mine)? = seat else { return .refuse("you are watching: your keys change nothing (? help, q quit)") }
        let game = view.game
        switch command {
        case .moveFocus: return .pass
        case .chooseFocused:
            guard !tableOver else { return .refuse("the table has ended") }
            guard game.cards.indices.contains(view.focusIndex), !view.isUndealt(game.cards[view.focusIndex]) else {
                return .refuse("the table deals when both seats are taken")
            }
            // The model would refuse it too (in every process); saying so here spares the round trip.
            guard game.currentPlayer == mine else { return .refuse("it is \(name(of: game.currentPlayer, in: game))'s turn") }
            return .send(.choose(cardID: game.cards[view.focusIndex].id))
        default:
            return .refuse("at a table the table deals; only choosing is yours")
        }
    }

    static func name(of seat: Int, in game: EmojiMemoryGame) -> String {
        game.playerNames.indices.contains(seat) ? game.playerNames[seat] : "seat \(seat + 1)"
    }
}
