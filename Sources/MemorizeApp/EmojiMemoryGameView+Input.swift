import TerminalUI

/// Input → intents. Keys go through the one KeyBinding table; clicks hit-test what is drawn.
extension EmojiMemoryGameView {
    func handle(_ event: Event) {
        switch event {
        case .key(let key):
            if let command = KeyBinding.command(for: key) { perform(command) }
        case .mouse(let mouse):
            // A press acts at once; the release that follows it must not act twice.
            guard mouse.button == .left, mouse.kind != .release else { return }
            click(at: mouse.position)
        case .resize(let newSize):
            resize(to: newSize)
        case .terminate:
            quit()
        }
    }

    func perform(_ command: Command) {
        if overlay != nil {
            switch command {
            case .quit: quit()
            case .help, .closeOverlay: overlay = nil
            default: break
            }
            return
        }
        guard !layout.isTooSmall || command == .quit else { return }
        switch command {
        case .moveFocus(let dx, let dy): moveFocus(dx: dx, dy: dy)
        case .chooseFocused: chooseFocused()
        case .deal: dealAll()
        case .shuffle: shuffle()
        case .restart: restart()
        case .newGame: newGame()
        case .themes: nextTheme()
        case .help: overlay = .help
        case .closeOverlay: break
        case .quit: quit()
        }
    }

    private func chooseFocused() {
        let cards = game.cards
        guard cards.indices.contains(focusIndex) else { return }
        let card = cards[focusIndex]
        if isUndealt(card) { dealAll() } else { choose(card) }
    }

    /// Cards still on the table (dealt, not a hole) can take the focus.
    private func isFocusable(_ index: Int) -> Bool {
        let card = game.cards[index]
        return !isUndealt(card) && !(card.isMatched && !card.isFaceUp)
    }

    /// Moves through the grid, stepping over holes, stopping at the edges.
    func moveFocus(dx: Int, dy: Int) {
        let count = game.cards.count
        let columns = max(1, layout.grid.columnCount)
        guard count > 0 else { return }
        var row = focusIndex / columns, column = focusIndex % columns
        while true {
            row += dy
            column += dx
            let index = row * columns + column
            guard row >= 0, column >= 0, column < columns, index < count else { return }
            if isFocusable(index) {
                focusIndex = index
                return
            }
        }
    }

    private func click(at point: Point) {
        if overlay != nil {
            overlay = nil
            return
        }
        guard !layout.isTooSmall else { return }
        for button in GameLayout.Button.allCases where layout.frame(of: button).contains(point) {
            switch button {
            case .restart: restart()
            case .newGame: newGame()
            case .shuffle: shuffle()
            }
            return
        }
        let now = clock.now
        let order = drawOrder(at: now)
        if !order.inDeck.isEmpty, layout.deckFrame.contains(point) {
            dealAll()
            return
        }
        // Topmost first: flying cards (lowest index on top), then the settled ones; the deck was checked above.
        for index in order.flying + order.settled.reversed() {
            let view = cardView(at: index, time: now)
            guard isFocusable(index), Cardify(rotation: view.rotation).projectedFrame(view.frame).contains(point) else { continue }
            focusIndex = index
            choose(game.cards[index])
            return
        }
    }
}
