import Memorize
import TerminalUI

/// The page's cards as declared: where each belongs (its slot, or the deck), in the page's
/// `zIndex` order — the grid, the cards the runtime's matched geometry has in flight, the deck
/// over them. The runtime moves each from where it is presented (EmojiMemoryGameView.cardView(for:)).
extension GameFrameRenderer {
    /// Which cards sit in the deck, which fly and which rest, in the order they are drawn.
    struct DrawOrder: Equatable {
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

    /// The cards as declared at `time`, in drawing order (the cards in flight over the grid,
    /// the deck's top over them).
    func scene(_ state: GamePageState, at time: Double, focusVisible: Bool = true) -> GameScene {
        scene(state, at: time, layout: state.layout, focusVisible: focusVisible)
    }

    /// `order`: `drawOrder` at `time`, when the caller has it (a frame's inputs work it out while
    /// cards fly, card by card; not again here).
    func scene(_ state: GamePageState, at time: Double, layout: GameLayout, focusVisible: Bool,
               order: DrawOrder? = nil) -> GameScene {
        let cards = state.grid.cards
        let order = order ?? drawOrder(state, at: time)
        let palette = state.palette
        var scene = GameScene()
        scene.cards.reserveCapacity(cards.count + 1)
        for index in order.settled {
            scene.cards.append(placed(state, of: cards[index], at: index, layout: layout, palette: palette, focusVisible: focusVisible))
        }
        for index in order.cardsFromBottom.dropFirst(order.settled.count) {
            var flying = placed(state, of: cards[index], at: index, layout: layout, palette: palette, focusVisible: focusVisible)
            flying.place = .flying
            scene.cards.append(flying)
        }
        if let top = order.inDeck.first {
            var placed = placed(state, of: cards[top], at: top, layout: layout, palette: palette, focusVisible: focusVisible)
            placed.look.inDeck = true
            placed.takesTaps = false            // a click there is the deck's
            placed.look.isFocused = focusVisible && state.deck.holdsFocus
            placed.place = .inDeck
            scene.deck = (placed, order.inDeck.count)
            for index in order.inDeck.dropFirst() {
                var hidden = self.placed(state, of: cards[index], at: index, layout: layout, palette: palette, focusVisible: false)
                hidden.isShown = false
                hidden.takesTaps = false
                hidden.place = .inDeck
                scene.underDeck.append(hidden)
            }
        }
        return scene
    }

    func drawOrder(_ state: GamePageState, at time: Double) -> DrawOrder {
        drawOrder(of: state.grid.cards, dealt: state.grid.dealt, at: time)
    }

    /// `drawOrder` from the model's cards and the page's `dealt` alone (PageInputs asks it at every
    /// frame while a card may fly, without making the page's state).
    func drawOrder(of cards: [EmojiMemoryGame.Card], dealt: Set<Int>, at time: Double) -> DrawOrder {
        // Every frame asks this of every card: read each where it lies (a copied card retains its
        // parts), and skip the set lookup once all are dealt (cards only join `dealt`).
        let someUndealt = dealt.count < cards.count
        // With no matched frame that can move, none flies and none waits for its delay: `place`
        // then answers from the deal alone, without its three lookups per card.
        let framesMayMove = graph.matchedFramesMayMove
        var order = DrawOrder()
        order.settled.reserveCapacity(cards.count)
        if someUndealt || framesMayMove {       // room made once, not grown card by card
            order.inDeck.reserveCapacity(cards.count)
            order.flying.reserveCapacity(cards.count)
        }
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices where GamePageState.Grid.isInTree(cards[index]) {
                switch place(of: cards[index].id, dealt: dealt, at: time, someUndealt: someUndealt, framesMayMove: framesMayMove) {
                case .flying: order.flying.append(index)
                case .inDeck: order.inDeck.append(index)
                case .settled: order.settled.append(index)
                }
            }
        }
        return order
    }

    /// Flying once its flight has begun, in the deck while undealt or waiting for its delay: as
    /// the runtime presents the card's matched frame (MatchedGeometry.swift).
    private func place(of cardID: Int, dealt: Set<Int>, at time: Double, someUndealt: Bool,
                       framesMayMove: Bool) -> Place {
        let isUndealt = someUndealt && !dealt.contains(cardID)
        guard framesMayMove else { return isUndealt ? .inDeck : .settled }
        // A card that cannot move rests where it is: no track lookups for it.
        let track = graph.matchedGeometryTrack(id: cardID)
        let canMove = track.map { animator.mayMove(id: $0.id) } ?? false
        let moving = canMove && track.map { animator.isAnimating($0, at: time) } == true
        let departed = !canMove || track.map { animator.hasStarted($0, at: time) } != false
        if moving && departed { return .flying }
        return isUndealt || !departed ? .inDeck : .settled
    }

    /// The card as the page's state declares it: in its slot once dealt, else in the deck.
    private func placed(_ state: GamePageState, of card: EmojiMemoryGame.Card, at index: Int, layout: GameLayout,
                        palette: Palette, focusVisible: Bool) -> GameScene.Placed {
        let slots = layout.grid.itemFrames
        let isUndealt = state.grid.isUndealt(card)
        let frame = isUndealt || index >= slots.count ? layout.deckFrame : slots[index]
        var look = state.grid.look(of: card, palette: palette, reducesMotion: animator.reducedMotion)
        look.isFocused = state.grid.isFocused(card, at: index, focusVisible: focusVisible)
        // The whole seconds left are drawn only under reduced motion (the pie steps once a
        // second); otherwise the pie's own animation sweeps, and a second passing is no input.
        look.bonusShown = CardLook.BonusShown(isConsuming: card.isConsumingBonusTime,
                                              wholeSecondsLeft: animator.reducedMotion ? card.bonusTimeRemaining.rounded(.up) : 0)
        return GameScene.Placed(index: index, card: card, look: look, frame: frame,
                                takesTaps: GamePageState.Grid.isOnTable(card, isUndealt: isUndealt))
    }

    /// The card at `index` as presented now (the inspector, tests): read from the runtime.
    func presentedCard(_ state: GamePageState, at index: Int, time: Double) -> PresentedCard {
        let card = state.grid.cards[index]
        let component = ViewID.Component.id(ViewID.ElementID(card.id))
        let declared = placed(state, of: card, at: index, layout: state.layout, palette: state.palette, focusVisible: false)
        let frame = graph.matchedGeometryTrack(id: card.id).map { animator.presented(FloatRect(declared.frame), key: $0, at: time) }
            ?? FloatRect(declared.frame)
        let isGone = !GamePageState.Grid.isInTree(card)
        let presence = graph.presentedData(Double.self, property: "presence", under: component) ?? (isGone ? 0 : 1)
        let pie = graph.presentedData(AnimatablePair<Double, Double>.self, property: "Pie", under: component)
        let spin = graph.presentedData(Double.self, property: "RotationEffect", under: component)
        let spins = card.isMatched && card.isFaceUp && !animator.reducedMotion
        let rotation = graph.presentedData(Double.self, property: "Cardify", under: component) ?? (card.isFaceUp ? 0 : 180)
        return PresentedCard(frame: frame, rotation: rotation,
                             pie: card.isMatched ? nil : pie.map { Pie(startAngle: $0.first, endAngle: $0.second, clockwise: true) }
                                ?? .bonus(remaining: card.bonusRemaining),
                             spinPhase: spins ? (spin ?? 0) / 360 : nil, presence: presence, isFaceUp: card.isFaceUp)
    }
}
