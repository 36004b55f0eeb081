import TerminalUI

/// The game's cards as presented at one moment, bottom to top, and the deck over them: what the
/// renderer paints and what a click hits, computed by one function (GameFrameRenderer.scene) so
/// the two cannot disagree about where a card is.
struct GameScene {
    struct Placed {
        let index: Int
        let view: CardView
    }

    /// Settled cards, then flying ones (the lowest index on top), in drawing order.
    var cards: [Placed] = []
    /// The top of the deck (the next card to fly) and how many cards are still in it.
    var deck: (top: CardView, count: Int)?

    /// The topmost card whose drawn shape (turned through its flip) contains `point`, among
    /// those `accepts` lets take a click.
    func card(at point: Point, where accepts: (Int) -> Bool) -> Int? {
        cards.reversed().first { placed in
            guard accepts(placed.index) else { return false }
            return Cardify(rotation: placed.view.rotation).projection(of: placed.view.frame, inEighths: false).cells.contains(point)
        }?.index
    }
}
