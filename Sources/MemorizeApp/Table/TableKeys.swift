import Memorize
import TableProtocol
import TerminalUI

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

    static func decide(_ command: GameCommand, seat: TableSeat?, view: GamePage, tableOver: Bool) -> Decision {
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

    /// A click at `point`: on a card, it chooses that card for the seat on turn (the card the
    /// focus would choose, as in a solo game); from the seat not on turn or a watcher, or
    /// anywhere but a card, it changes nothing.
    static func decideClick(at point: Point, seat: TableSeat?, view: GamePage, tableOver: Bool) -> Decision {
        guard case .seat(let mine)? = seat else { return .refuse("you are watching: your clicks change nothing (? help, q quit)") }
        guard !view.layout.isTooSmall else { return .pass }
        let game = view.game
        if GameLayout.Button.allCases.contains(where: { view.layout.frame(of: $0).contains(point) }) {
            return .refuse("at a table the table deals; only choosing is yours")
        }
        guard let index = view.cardTapped(at: point) else { return .pass }
        guard !tableOver else { return .refuse("the table has ended") }
        guard game.currentPlayer == mine else { return .refuse("it is \(name(of: game.currentPlayer, in: game))'s turn") }
        return .send(.choose(cardID: game.cards[index].id))
    }

    static func name(of seat: Int, in game: EmojiMemoryGame) -> String {
        game.playerNames.indices.contains(seat) ? game.playerNames[seat] : "seat \(seat + 1)"
    }
}
