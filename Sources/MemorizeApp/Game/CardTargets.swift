import TerminalUI

/// Where every card should be, told to the Animator: its frame (matched geometry) and how
/// present it is (the removal transition), until the page itself is laid out by the runtime.
/// The page calls `update` after each state change (its `withAnimation`); the presented values
/// then travel from where they are to these targets. (A card's turn, pie and spin are its
/// CardView's, animated by the runtime's transactions.)
final class CardTargets {
    /// The presented values of a card the page places, one Animator track each.
    enum Property: String, CaseIterable {
        case frame, transition
    }
    static func key(_ id: Int, _ property: Property) -> AnimationKey { AnimationKey(id, property.rawValue) }

    private let animator: Animator
    /// Card ids in the model's order at the last update: while it holds, no card came or went.
    private var knownCardOrder: [Int] = []

    init(animator: Animator) { self.animator = animator }

    /// Tells the Animator where every card should be now (the model's truth, laid out).
    /// `isUndealt` cards sit in the deck. Every card is declared each time, as a SwiftUI body
    /// declares every view: the Animator leaves a track whose target is unchanged alone.
    func update(cards: [EmojiMemoryGame.Card], layout: GameLayout, isUndealt: (EmojiMemoryGame.Card) -> Bool,
                animation: Animation?) {
        if cards.count != knownCardOrder.count || !zip(cards, knownCardOrder).allSatisfy({ $0.id == $1 }) {
            let gone = Set(knownCardOrder).subtracting(cards.map(\.id))
            for id in gone {
                for property in Property.allCases { animator.remove(Self.key(id, property)) }
            }
            knownCardOrder = cards.map(\.id)
        }
        let frames = layout.grid.itemFrames
        for (index, card) in cards.enumerated() {
            let slot = index < frames.count ? frames[index] : layout.deckFrame
            let target = FloatRect(isUndealt(card) ? layout.deckFrame : slot)
            declare(card, at: target, animation: animation)
        }
    }

    private func declare(_ card: EmojiMemoryGame.Card, at target: FloatRect, animation: Animation?) {
        matchedGeometryEffect(id: card.id, frame: target, animation: animation)
        // Lecture 8's removal transition: matched cards leave when they turn face down.
        let isPresent = !(card.isMatched && !card.isFaceUp)
        let presenceAnimation = animation.map { isPresent ? $0 : EmojiMemoryGameView.CardConstants.removal }
        animator.setTarget(Self.key(card.id, .transition), isPresent ? 1 : 0, animation: presenceAnimation)
    }

    /// Lecture 8's `.matchedGeometryEffect(id: card.id, in: dealingNamespace)`: the card in the
    /// deck and the card in the grid are one view, so its frame flies from one to the other.
    private func matchedGeometryEffect(id: Int, frame: FloatRect, animation: Animation?) {
        animator.setTarget(Self.key(id, .frame), data: frame.animatableData, animation: animation)
    }
}
