import TerminalUI

/// The game's cards as declared at one moment, bottom to top, and the deck over them: what the
/// page's body is made of (EmojiMemoryGameView.gameBody), computed by one function (GameFrameRenderer.scene).
/// A click hits the views made from it, where the runtime drew them (HitTesting.swift).
struct GameScene {
    struct Placed: Equatable, Identifiable {
        let index: Int
        let card: EmojiMemoryGame.Card
        /// How it is drawn.
        var look: CardLook
        /// Where the page declares it: its slot once dealt, else the deck. The runtime's matched
        /// geometry presents it on its way there.
        var frame: Rect
        /// False under the deck's top card: its view lives (a card chosen there starts turning at
        /// once), undrawn.
        var isShown = true
        /// On the table (GamePageState.Grid.isOnTable): a click on it chooses it.
        var takesTaps = false
        /// Its card's: the page's `ForEach(cards)` keeps one view per card, from the deck to the table.
        var id: Int { card.id }
        /// Resting in the grid, flying, or in the deck: where it is in the drawing order (`ZIndex`).
        var place: GameFrameRenderer.Place = .settled
    }

    /// Settled cards, then flying ones (the lowest index on top), in drawing order.
    var cards: [Placed] = []
    /// The top of the deck (the next card to fly) and how many cards are still in it.
    var deck: (top: Placed, count: Int)?
    /// The cards under the deck's top: not drawn, but their views live (a card chosen there
    /// starts turning, and its pie counting, at once).
    var underDeck: [Placed] = []

    /// Every card's view, in the model's order (the page draws them in `zIndex` order).
    var views: [Placed] { (underDeck + cards + (deck.map { [$0.top] } ?? [])).sorted { $0.index < $1.index } }
}

/// A card as presented now (the inspector and tests): where it is, how far it has turned, the
/// pie's bonus left (nil: no pie), where its spin has got (nil: not spinning).
struct PresentedCard {
    var frame: FloatRect
    var rotation: Double
    /// The bonus pie as presented (its angles are its `animatableData`); nil: none drawn.
    var pie: Pie?
    var spinPhase: Double?
    /// 1 = fully present; falls to 0 as a matched card leaves (the removal transition).
    var presence: Double
    var isFaceUp: Bool
    /// Chosen (face up in the model) while its back still shows: drawn pressed.
    var isTurningUp: Bool { isFaceUp && rotation >= 90 }
    /// Bonus left as the pie shows it (0…1): the lecture's `animatedBonusRemaining`.
    var bonusRemaining: Double? { pie?.bonusRemaining }
}
