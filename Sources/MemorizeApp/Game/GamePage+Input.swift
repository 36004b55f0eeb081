import TerminalUI

/// Input → intents on the game page. Keys go through its key table (Keys/KeyTables.swift); clicks
/// hit-test what is drawn. What leaves the page (themes, help) is a request to the router.
extension GamePage {
    func handle(key: Key) -> PageRequest {
        guard let command: GameCommand = KeyTables.game.command(for: key) else { return .none }
        return perform(command)
    }

    func handle(click point: Point) {
        click(at: point)
    }

    /// The game page's commands.
    @discardableResult
    func perform(_ command: GameCommand) -> PageRequest {
        guard !layout.isTooSmall || command == .quit else { return .none }
        // The computer's turn: the focus and the choice are its own until it ends.
        if game.isComputersTurn, command == .chooseFocused || command.isFocusMove {
            opponent.refuse(at: clock.now)
            return .none
        }
        switch command {
        case .moveFocus(let dx, let dy): moveFocus(dx: dx, dy: dy)
        case .chooseFocused: chooseFocused()
        case .deal: dealAll()
        case .shuffle: shuffle()
        case .restart: restart()
        case .newGame: newGame()
        case .themes: return .showChooser(message: nil, select: nil)
        case .help: return .help
        case .quit: return .quit
        case .dismiss: break                      // nothing is open on the game page itself
        }
        return .none
    }

    private func chooseFocused() {
        let cards = game.cards
        guard cards.indices.contains(focusIndex) else { return }
        let card = cards[focusIndex]
        if isUndealt(card) { dealAll() } else { choose(card) }
    }

    /// Cards still on the table (dealt, not a hole) can take the focus.
    func isFocusable(_ index: Int) -> Bool {
        let card = game.cards[index]
        return GamePageState.Grid.isOnTable(card, isUndealt: isUndealt(card))
    }

    /// Moves to the nearest card on the table in that direction: along the same row or column
    /// first (stepping over holes), else the closest row or column beyond, so the focus can
    /// never be walled in by holes.
    func moveFocus(dx: Int, dy: Int) {
        let columns = max(1, layout.grid.columnCount)
        let here = (row: focusIndex / columns, column: focusIndex % columns)
        var best: (offLine: Int, distance: Int, index: Int)?
        for index in game.cards.indices where index != focusIndex && isFocusable(index) {
            let row = index / columns, column = index % columns
            let distance = dx != 0 ? (column - here.column) * dx : (row - here.row) * dy
            let offLine = dx != 0 ? abs(row - here.row) : abs(column - here.column)
            guard distance > 0 else { continue }
            if best.map({ (offLine, distance) < ($0.offLine, $0.distance) }) ?? true {
                best = (offLine, distance, index)
            }
        }
        if let best { focus(on: best.index) }
    }

    /// A click: the runtime hits the topmost view with an `.onTapGesture` where it is drawn now
    /// (a button, the deck, a card's turned shape) and runs that tap.
    private func click(at point: Point) {
        guard !layout.isTooSmall else { return }
        renderer.layOut(pageState)
        renderer.graph.tap(at: point)
    }

    /// Lecture 8's card tap, `withAnimation { game.choose(card) }` (`choose` animates): the card
    /// takes the focus. Not over the win screen, nor while the computer plays.
    func tap(_ card: EmojiMemoryGame.Card) {
        guard win == nil, let index = game.cards.firstIndex(where: { $0.id == card.id }) else { return }
        guard !game.isComputersTurn else {
            opponent.refuse(at: clock.now)
            return
        }
        focus(on: index)
        choose(game.cards[index])
    }

    /// The index of the card a click at `point` would tap (a table decides what that means).
    func cardTapped(at point: Point) -> Int? {
        guard !layout.isTooSmall else { return nil }
        renderer.layOut(pageState)
        guard let target = renderer.graph.tapTarget(at: point) else { return nil }
        return game.cards.firstIndex { target.id.contains(.id(ViewID.ElementID($0.id))) }
    }

    /// The inspector's selection: any card in the model's order, dealt or not, so a learner can
    /// read a card still in the deck. It is the game's focus, so the card lights up on the table too.
    func selectCard(by offset: Int) {
        let count = game.cards.count
        guard count > 0 else { return }
        focus(on: min(count - 1, max(0, focusIndex + offset)))
    }
}
