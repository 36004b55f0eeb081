import Memorize
import TerminalUI

/// The page's cards as presented: where each is (the Animator's matched geometry and removal
/// transition), in the page's `zIndex` order, and the deck over them. One function, `scene`,
/// lays them out for the runtime to draw and for hit-testing alike.
extension GameFrameRenderer {
    /// Which cards sit in the deck, which fly and which rest, in the order they are drawn.
    struct DrawOrder {
        var settled: [Int] = []
        var inDeck: [Int] = []
        var flying: [Int] = []

        /// Bottom to top by `ZIndex`: the grid, then the cards in flight (the deck is drawn over
        /// them all, by `scene`). Dealt cards belong to the grid, under the deck, so they slide
        /// out from underneath it.
        var cardsFromBottom: [Int] {
            settled + flying.sorted { ZIndex.of(cardAt: $0, place: .flying) < ZIndex.of(cardAt: $1, place: .flying) }
        }
    }

    /// Where a card is in the drawing order.
    enum Place: Equatable { case settled, flying, inDeck }

    /// The cards as presented at `time`, in drawing order: the one geometry for painting and
    /// for hit-testing.
    func scene(_ state: GamePageState, at time: Double, focusVisible: Bool = true) -> GameScene {
        scene(state, at: time, layout: state.layout, focusVisible: focusVisible)
    }

    func scene(_ state: GamePageState, at time: Double, layout: GameLayout, focusVisible: Bool) -> GameScene {
        let cards = state.grid.cards
        let order = drawOrder(state, at: time)
        let palette = state.palette
        var scene = GameScene()
        scene.rotation = { [graph] card in
            graph.presentedData(Double.self, property: "Cardify", under: .id(AnyHashable(card.id))) ?? (card.isFaceUp ? 0 : 180)
        }
        scene.cards.reserveCapacity(cards.count + 1)
        for index in order.settled {
            scene.cards.append(placed(state, of: cards[index], at: index, time: time, palette: palette, focusVisible: focusVisible))
        }
        for index in order.cardsFromBottom.dropFirst(order.settled.count) {
            var flying = placed(state, of: cards[index], at: index, time: time, palette: palette, focusVisible: focusVisible)
            flying.place = .flying
            scene.cards.append(flying)
        }
        if let top = order.inDeck.first {
            var placed = placed(state, of: cards[top], at: top, time: time, palette: palette, focusVisible: focusVisible)
            placed.frame = FloatRect(layout.deckFrame)
            placed.look.frame = EmojiMemoryGameView.CardConstants.transition.frame(placed.frame, presence: presence(of: placed.card, at: time),
                                                                                isRemoval: true) ?? placed.frame
            placed.look.inDeck = true
            placed.takesTaps = false            // a click there is the deck's
            placed.look.isFocused = focusVisible && state.deck.holdsFocus
            placed.place = .inDeck
            scene.deck = (placed, order.inDeck.count)
            for index in order.inDeck.dropFirst() {
                var hidden = self.placed(state, of: cards[index], at: index, time: time, palette: palette, focusVisible: false)
                hidden.isShown = false
                hidden.takesTaps = false
                hidden.place = .inDeck
                scene.underDeck.append(hidden)
            }
        }
        return scene
    }

    func drawOrder(_ state: GamePageState, at time: Double) -> DrawOrder {
        let cards = state.grid.cards
        var order = DrawOrder()
        order.settled.reserveCapacity(cards.count)
        // Every frame asks this of every card: read each where it lies (a copied card retains its
        // parts), and skip the set lookup once all are dealt (cards only join `dealt`).
        let someUndealt = state.grid.dealt.count < cards.count
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                switch place(state, of: cards[index], at: time, someUndealt: someUndealt) {
                case .flying: order.flying.append(index)
                case .inDeck: order.inDeck.append(index)
                case .settled: order.settled.append(index)
                }
            }
        }
        return order
    }

    /// Flying once its flight has begun, in the deck while undealt or waiting for its delay.
    private func place(_ state: GamePageState, of card: EmojiMemoryGame.Card, at time: Double, someUndealt: Bool) -> Place {
        // A card that cannot move rests where it is: no track lookups for it.
        let canMove = animator.mayMove(id: card.id)
        let moving = canMove && animator.isAnimating(key(card.id, .frame), at: time)
        let departed = !canMove || animator.hasStarted(key(card.id, .frame), at: time)
        if moving && departed { return .flying }
        return (someUndealt && state.grid.isUndealt(card)) || !departed ? .inDeck : .settled
    }

    private func key(_ id: Int, _ property: CardTargets.Property) -> AnimationKey { CardTargets.key(id, property) }

    private func presence(of card: EmojiMemoryGame.Card, at time: Double) -> Double {
        animator.value(key(card.id, .transition), at: time, default: 1)
    }

    /// The card as the page's state declares it, where the Animator presents it at `time`.
    private func placed(_ state: GamePageState, of card: EmojiMemoryGame.Card, at index: Int, time: Double,
                        palette: Palette, focusVisible: Bool) -> GameScene.Placed {
        let frame = animator.presented(FloatRect(x: 0, y: 0, width: 0, height: 0), key: key(card.id, .frame), at: time)
        let scaled = EmojiMemoryGameView.CardConstants.transition.frame(frame, presence: presence(of: card, at: time), isRemoval: true)
        var look = state.grid.look(of: card, palette: palette, reducesMotion: animator.reducedMotion)
        look.frame = scaled ?? frame
        look.isFocused = state.grid.isFocused(card, at: index, focusVisible: focusVisible)
        look.bonusShown = CardLook.BonusShown(isConsuming: card.isConsumingBonusTime,
                                              wholeSecondsLeft: card.bonusTimeRemaining.rounded(.up))
        return GameScene.Placed(index: index, card: card, look: look, frame: frame, isShown: scaled != nil,
                                takesTaps: GamePageState.Grid.isOnTable(card, isUndealt: state.grid.isUndealt(card)))
    }

    /// The card at `index` as presented now (the inspector, tests): read from the runtime.
    func presentedCard(_ state: GamePageState, at index: Int, time: Double) -> PresentedCard {
        let card = state.grid.cards[index]
        let component = ViewID.Component.id(AnyHashable(card.id))
        let scene = scene(state, at: time)
        let frame = (scene.cards.first { $0.index == index } ?? scene.deck?.top)?.frame
            ?? animator.presented(FloatRect(x: 0, y: 0, width: 0, height: 0), key: key(card.id, .frame), at: time)
        let pie = graph.presentedData(AnimatablePair<Double, Double>.self, property: "Pie", under: component)
        let spin = graph.presentedData(Double.self, property: "RotationEffect", under: component)
        let spins = card.isMatched && card.isFaceUp && !animator.reducedMotion
        return PresentedCard(frame: frame, rotation: scene.rotation(card),
                             pie: card.isMatched ? nil : pie.map { Pie(startAngle: $0.first, endAngle: $0.second, clockwise: true) }
                                ?? .bonus(remaining: card.bonusRemaining),
                             spinPhase: spins ? (spin ?? 0) / 360 : nil, presence: presence(of: card, at: time), isFaceUp: card.isFaceUp)
    }
}
