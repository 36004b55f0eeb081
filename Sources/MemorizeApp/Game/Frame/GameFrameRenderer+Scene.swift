import Memorize
import TerminalUI

/// The presented values: each card as the Animator presents it at a moment (CardView), in the
/// order the cards are drawn, and the deck over them. One function, `scene`, lays them out for
/// painting and for hit-testing alike.
extension GameFrameRenderer {
    /// Which cards sit in the deck, which fly and which rest, in the order they are drawn.
    struct DrawOrder {
        var settled: [Int] = []
        var inDeck: [Int] = []
        var flying: [Int] = []

        /// Dealt cards belong to the grid, which lies under the deck (lecture 8: the deck is the
        /// ZStack's top layer), so they slide out from underneath it; the lowest index flies on top.
        var cardsFromBottom: [Int] { settled + flying.reversed() }
    }

    /// The cards as presented at `time`, in drawing order: the one geometry for painting and
    /// for hit-testing.
    func scene(_ page: GamePageState, at time: Double, focusVisible: Bool = true) -> GameScene {
        self.page = page
        return scene(of: game.cards, at: time, layout: page.layout, focusVisible: focusVisible) { _ in false }
    }

    /// `cards`: the model's cards, read once per frame (each read of `game.cards` goes through
    /// @Published's key paths and copies the model). `lookIsKnown`: cards the painter already
    /// has cells for, whose views are not worked out (their `view` is nil).
    func scene(of cards: [EmojiMemoryGame.Card], at time: Double, layout: GameLayout, focusVisible: Bool,
               lookIsKnown: (Int) -> Bool) -> GameScene {
        let order = drawOrder(of: cards, at: time)
        var scene = GameScene()
        scene.cards.reserveCapacity(cards.count)
        for index in order.cardsFromBottom {
            let view = lookIsKnown(index) ? nil : cardView(of: cards[index], at: index, time: time, focusVisible: focusVisible)
            scene.cards.append(.init(index: index, view: view))
        }
        scene.deck = deckBody(of: cards, order: order, layout: layout, time: time, focusVisible: focusVisible)
        return scene
    }

    func drawOrder(_ page: GamePageState, at time: Double) -> DrawOrder {
        self.page = page
        return drawOrder(of: game.cards, at: time)
    }

    private func drawOrder(of cards: [EmojiMemoryGame.Card], at time: Double) -> DrawOrder {
        var order = DrawOrder()
        order.settled.reserveCapacity(cards.count)
        // Every frame asks this of every card: read each where it lies (a copied card retains its
        // parts), and skip the set lookup once all are dealt (cards only join `dealt`).
        let someUndealt = page.dealt.count < cards.count
        cards.withUnsafeBufferPointer { cards in
            for index in cards.indices {
                switch place(of: cards[index], at: time, someUndealt: someUndealt) {
                case .flying: order.flying.append(index)
                case .inDeck: order.inDeck.append(index)
                case .settled: order.settled.append(index)
                }
            }
        }
        return order
    }

    /// Flying once its flight has begun, in the deck while undealt or waiting for its delay.
    func place(of card: EmojiMemoryGame.Card, at time: Double, someUndealt: Bool = true) -> QuietFrame.Place {
        // A card that cannot move rests where it is: no track lookups for it.
        let canMove = animator.mayMove(id: card.id)
        let moving = canMove && animator.isAnimating(key(card.id, .frame), at: time)
        let departed = !canMove || animator.hasStarted(key(card.id, .frame), at: time)
        if moving && departed { return .flying }
        return (someUndealt && page.isUndealt(card)) || !departed ? .inDeck : .settled
    }

    private func key(_ id: Int, _ property: CardTargets.Property) -> AnimationKey { CardTargets.key(id, property) }

    /// Cards as presented at `time`, the same values the renderer draws (also used for hit tests).
    func cardView(_ page: GamePageState, at index: Int, time: Double, focusVisible: Bool = true) -> CardView {
        self.page = page
        return cardView(of: game.cards[index], at: index, time: time, focusVisible: focusVisible)
    }

    func cardView(of card: EmojiMemoryGame.Card, at index: Int, time: Double, focusVisible: Bool) -> CardView {
        var view: CardView
        // Presented values of a card that cannot move do not depend on time (PresentedCardMemo).
        let still = !animator.mayMove(id: card.id) && !card.isConsumingBonusTime
        let stamp = still ? PresentedCardMemo.Stamp(card: card, animatorRevision: animator.revision(of: card.id),
                                                    asciiTheme: page.options.ascii ? game.theme.name : "") : nil
        if let stamp, let remembered = presentedMemo.view(at: index, stamp: stamp) {
            view = remembered
        } else {
            view = presentedView(of: card, at: time)
            if let stamp { presentedMemo.store(view, at: index, stamp: stamp) }
        }
        view.isFocused = focusVisible && index == page.focusIndex && !page.isUndealt(card)
        return view
    }

    /// Everything but the focus, read from the Animator at `time`.
    private func presentedView(of card: EmojiMemoryGame.Card, at time: Double) -> CardView {
        let frame = animator.presented(FloatRect(x: 0, y: 0, width: 0, height: 0), key: key(card.id, .frame), at: time)
        var view = CardView(content: displayContent(of: card), frame: frame, rotation: 180)
        view.cardify = animator.presented(Cardify(isFaceUp: false), for: card.id, at: time)
        view.presence = animator.value(key(card.id, .transition), at: time, default: 1)
        view.isMatched = card.isMatched
        view.isTurningUp = card.isFaceUp && !view.cardify.showsFace
        if card.isMatched && card.isFaceUp && !animator.reducedMotion {
            view.spinPhase = animator.value(key(card.id, .spin), at: time, default: 0)
        }
        if !card.isMatched {
            // Lecture 8: while consuming, the animated pie; otherwise the card's stored bonus, still.
            if !card.isConsumingBonusTime {
                view.pie = .bonus(remaining: card.bonusRemaining)
            } else if animator.reducedMotion {
                // Whole seconds only: the pie steps down once a second instead of sweeping.
                view.pie = .bonus(remaining: card.bonusTimeRemaining.rounded(.up) / card.bonusTimeLimit)
            } else {
                view.pie = animator.presented(Pie.bonus(remaining: card.bonusRemaining), for: card.id, at: time)
            }
        }
        return view
    }

    private func displayContent(of card: EmojiMemoryGame.Card) -> String {
        page.options.ascii ? game.theme.asciiFace(of: card.content) : card.content
    }

    /// Lecture 8's `deckBody`: only the top of the deck shows; it is the next card to fly (the
    /// lecture gives the deck's cards a `zIndex` so the first to be dealt is on top).
    private func deckBody(of cards: [EmojiMemoryGame.Card], order: DrawOrder, layout: GameLayout, time: Double,
                      focusVisible: Bool) -> (top: CardView, count: Int)? {
        guard let top = order.inDeck.first else { return nil }
        var deckCard = cardView(of: cards[top], at: top, time: time, focusVisible: focusVisible)
        deckCard.frame = FloatRect(layout.deckFrame)
        deckCard.rotation = 180
        deckCard.isFocused = focusVisible && page.isUndealt(cards[min(page.focusIndex, cards.count - 1)])
        return (deckCard, order.inDeck.count)
    }
}
