import Memorize
import TerminalUI

/// The body's cards as presented: each as the Animator presents it at a moment (CardView), in
/// the body's `zIndex` order, and the deck over them. One function, `scene`, lays them out for
/// painting and for hit-testing alike.
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
    func scene(_ body: GameBody, at time: Double, focusVisible: Bool = true) -> GameScene {
        scene(body, at: time, layout: body.layout, focusVisible: focusVisible)
    }

    func scene(_ body: GameBody, at time: Double, layout: GameLayout, focusVisible: Bool) -> GameScene {
        let cards = body.grid.cards
        let order = drawOrder(body, at: time)
        var scene = GameScene()
        scene.cards.reserveCapacity(cards.count)
        for index in order.cardsFromBottom {
            scene.cards.append(.init(index: index, view: cardView(body, of: cards[index], at: index, time: time, focusVisible: focusVisible)))
        }
        if let top = order.inDeck.first {
            let view = cardView(body, of: cards[top], at: top, time: time, focusVisible: focusVisible)
            scene.deck = (body.deck.top(view, in: layout, focusVisible: focusVisible), order.inDeck.count)
        }
        return scene
    }

    func drawOrder(_ body: GameBody, at time: Double) -> DrawOrder {
        let cards = body.grid.cards
        var order = DrawOrder()
        order.settled.reserveCapacity(cards.count)
        // Every frame asks this of every card: read each where it lies (a copied card retains its
        // parts), and skip the set lookup once all are dealt (cards only join `dealt`).
        let someUndealt = body.grid.dealt.count < cards.count
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                switch place(body, of: cards[index], at: time, someUndealt: someUndealt) {
                case .flying: order.flying.append(index)
                case .inDeck: order.inDeck.append(index)
                case .settled: order.settled.append(index)
                }
            }
        }
        return order
    }

    /// Flying once its flight has begun, in the deck while undealt or waiting for its delay.
    private func place(_ body: GameBody, of card: EmojiMemoryGame.Card, at time: Double, someUndealt: Bool) -> Place {
        // A card that cannot move rests where it is: no track lookups for it.
        let canMove = animator.mayMove(id: card.id)
        let moving = canMove && animator.isAnimating(key(card.id, .frame), at: time)
        let departed = !canMove || animator.hasStarted(key(card.id, .frame), at: time)
        if moving && departed { return .flying }
        return (someUndealt && body.grid.isUndealt(card)) || !departed ? .inDeck : .settled
    }

    private func key(_ id: Int, _ property: CardTargets.Property) -> AnimationKey { CardTargets.key(id, property) }

    /// Cards as presented at `time`, the same values the renderer draws (also used for hit tests).
    func cardView(_ body: GameBody, at index: Int, time: Double, focusVisible: Bool = true) -> CardView {
        cardView(body, of: body.grid.cards[index], at: index, time: time, focusVisible: focusVisible)
    }

    /// The card as the body declares it, with what the Animator presents at `time`.
    private func cardView(_ body: GameBody, of card: EmojiMemoryGame.Card, at index: Int, time: Double,
                          focusVisible: Bool) -> CardView {
        var view = body.grid.view(of: card)
        view.frame = animator.presented(view.frame, key: key(card.id, .frame), at: time)
        view.cardify = animator.presented(Cardify(isFaceUp: false), for: card.id, at: time)
        view.presence = animator.value(key(card.id, .transition), at: time, default: 1)
        view.isTurningUp = card.isFaceUp && view.rotation >= 90
        if card.isMatched && card.isFaceUp && !animator.reducedMotion {
            view.spinPhase = animator.value(key(card.id, .spin), at: time, default: 0)
        }
        switch body.grid.pie(of: card, reducedMotion: animator.reducedMotion) {
        case .none: break
        case .still(let pie): view.pie = pie
        case .sweeping(let pie): view.pie = animator.presented(pie, for: card.id, at: time)
        }
        view.isFocused = body.grid.isFocused(card, at: index, focusVisible: focusVisible)
        return view
    }
}
