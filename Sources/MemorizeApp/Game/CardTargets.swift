import TerminalUI

/// Where every card should be, told to the Animator: the terminal's version of a SwiftUI body
/// with `.animation` modifiers. The page calls `update` after each state change (its
/// `withAnimation`); the presented values then travel from where they are to these targets.
final class CardTargets {
    /// The presented values of a card, one Animator track each: its frame (matched geometry),
    /// its `Cardify` and its `Pie` (each track the value's `animatableData`), how present it is
    /// (the removal transition) and where its spin has got.
    enum Property: String, CaseIterable {
        case cardify = "Cardify", frame, transition, spin, pie = "Pie"
    }
    static func key(_ id: Int, _ property: Property) -> AnimationKey { AnimationKey(id, property.rawValue) }

    private let animator: Animator
    /// Card ids whose bonus pie is counting down (lecture: the Pie's onAppear started it).
    private var piesRunning = Set<Int>()
    /// Card ids in the model's order at the last update: while it holds, no card came or went.
    private var knownCardOrder: [Int] = []

    init(animator: Animator) { self.animator = animator }

    /// Some card's bonus pie is counting down (asked before reading the model's cards, which copies them).
    var hasRunningPies: Bool { !piesRunning.isEmpty }

    /// Whether a running pie's card stopped consuming its bonus (then the targets are stale).
    /// Asked every frame while a pie runs: from the few running pies, not a lookup per card.
    func aPieStopped(in cards: [EmojiMemoryGame.Card]) -> Bool {
        piesRunning.contains { id in !(cards.first(where: { $0.id == id })?.isConsumingBonusTime ?? false) }
    }

    /// Tells the Animator where every card should be now (the model's truth, laid out).
    /// `isUndealt` cards sit in the deck. Every card is declared each time, as a SwiftUI body
    /// declares every view: the Animator leaves a track whose target is unchanged alone.
    func update(cards: [EmojiMemoryGame.Card], layout: GameLayout, isUndealt: (EmojiMemoryGame.Card) -> Bool,
                animation: Animation?) {
        if cards.count != knownCardOrder.count || !zip(cards, knownCardOrder).allSatisfy({ $0.id == $1 }) {
            let gone = Set(knownCardOrder).subtracting(cards.map(\.id))
            for id in gone {
                for property in Property.allCases { animator.remove(Self.key(id, property)) }
                piesRunning.remove(id)
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
        // Lecture 8's `.cardify(isFaceUp: card.isFaceUp)`: the Animator turns its animatableData.
        animator.setTarget(Cardify(isFaceUp: card.isFaceUp), for: card.id, animation: animation)

        // Lecture 8's removal transition: matched cards leave when they turn face down.
        let isPresent = !(card.isMatched && !card.isFaceUp)
        let presenceAnimation = animation.map { isPresent ? $0 : EmojiMemoryGameView.CardConstants.removal }
        animator.setTarget(Self.key(card.id, .transition), isPresent ? 1 : 0, animation: presenceAnimation)

        // An implicit, repeating animation keyed to isMatched (lecture 8's spinning emoji).
        let spin = Self.key(card.id, .spin)
        if card.isMatched && card.isFaceUp {
            if animator.target(spin) != 1 {
                animator.animate(spin, from: 0, to: 1, animation: EmojiMemoryGameView.CardConstants.spin)
            }
        } else {
            animator.setTarget(spin, 0, animation: nil)
        }

        // The pie's onAppear: from the bonus left, linear to none (the Pie's angles animate).
        if card.isConsumingBonusTime {
            if !piesRunning.contains(card.id) {
                piesRunning.insert(card.id)
                animator.animate(Pie.bonus(remaining: 0), from: Pie.bonus(remaining: card.bonusRemaining), for: card.id,
                                 animation: .linear(duration: card.bonusTimeRemaining))
            }
        } else if piesRunning.contains(card.id) {
            piesRunning.remove(card.id)
            animator.remove(Pie.self, for: card.id)
        }
    }

    /// Lecture 8's `.matchedGeometryEffect(id: card.id, in: dealingNamespace)`: the card in the
    /// deck and the card in the grid are one view, so its frame flies from one to the other.
    private func matchedGeometryEffect(id: Int, frame: FloatRect, animation: Animation?) {
        animator.setTarget(Self.key(id, .frame), data: frame.animatableData, animation: animation)
    }
}
