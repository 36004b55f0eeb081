import TerminalUI

/// The game's cards as presented at one moment, bottom to top, and the deck over them: what the
/// runtime draws (CardLayer) and what a click hits, computed by one function
/// (GameFrameRenderer.scene) so the two cannot disagree about where a card is.
struct GameScene {
    struct Placed: Equatable {
        let index: Int
        let card: EmojiMemoryGame.Card
        /// How it is drawn; `look.frame` is its frame scaled by its removal transition.
        var look: CardLook
        /// Where the card is (matched geometry), before its transition scales it.
        var frame: FloatRect
        /// False while its transition shows nothing of it.
        var isShown = true
    }

    /// Settled cards, then flying ones (the lowest index on top), in drawing order.
    var cards: [Placed] = []
    /// The top of the deck (the next card to fly) and how many cards are still in it.
    var deck: (top: Placed, count: Int)?
    /// The cards under the deck's top: not drawn, but their views live (a card chosen there
    /// starts turning, and its pie counting, at once).
    var underDeck: [Placed] = []

    /// Every card's view, in drawing order.
    var views: [Placed] { underDeck + cards + (deck.map { [$0.top] } ?? []) }
    /// A card's presented turn (Cardify's rotation, as the runtime presents it).
    var rotation: (EmojiMemoryGame.Card) -> Double = { $0.isFaceUp ? 0 : 180 }

    /// The topmost card whose drawn shape (turned through its flip) contains `point`, among
    /// those `accepts` lets take a click.
    func card(at point: Point, where accepts: (Int) -> Bool) -> Int? {
        cards.reversed().first { placed in
            guard accepts(placed.index) else { return false }
            return Cardify.projection(of: placed.frame, rotation: rotation(placed.card), inEighths: false).cells.contains(point)
        }?.index
    }
}

/// Lecture 8's grid of CardViews, each where the scene presents it, in drawing order, the
/// deck's top last: one `ForEach`, so a card stays one view (with its turn and its pie) from
/// the deck to the table. It observes the game, so a change made inside `withAnimation`
/// reaches the cards with that transaction (the flip, the pie, the spin). The scene's frames
/// are the page's; `origin` is where this layer lies on it.
struct CardLayer: View, Equatable {
    @ObservedObject var game: EmojiMemoryGame
    let cards: [GameScene.Placed]
    let origin: Point

    var body: some View {
        ZStack(alignment: .topLeading) {
            // A card its transition shows nothing of stays, undrawn: it keeps its turn for when
            // it comes back (a restart).
            ForEach(cards, id: \.card.id) { placed in
                let frame = placed.look.frame.rounded
                CardView(card: placed.card, look: placed.look)
                    .frame(width: frame.width, height: frame.height)
                    .offset(x: frame.minX - origin.x, y: frame.minY - origin.y)
                    .opacity(placed.isShown ? 1 : 0)
            }
        }
    }
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
