import TerminalUI

/// The frame memo behind "a frame costs what moves, not what is on screen".
///
/// SwiftUI re-evaluates a view only when something it depends on changed. Here a card none of
/// whose presented values can move (`Animator.mayMove(id:)` is false) and whose bonus is not
/// counting down presents exactly what it presented at the last frame, unless the card itself
/// (the model's value of it) or the Animator's tracks for it changed since: its stamp. Another
/// card turning over changes neither, so only that card is worked out again. Such a card's
/// `CardView` is taken from here rather than read again from a dozen Animator tracks, and a view
/// equal to the last one drawn reuses its cells' appearance. Tests compare memoised frames with a
/// full render.
final class PresentedCardMemo {
    /// What a still card's view is made from, besides the focus (set by the caller each time)
    /// and the run's options.
    struct Stamp: Equatable {
        var card: EmojiMemoryGame.Card
        /// `Animator.revision(of: card.id)`.
        var animatorRevision: Int
        /// Under --ascii the face comes from the theme's table as well as the card.
        var asciiTheme: String
    }

    /// Off: every view and appearance is worked out afresh (tests render the reference frame so).
    var isEnabled = true
    /// By card index: the stamp the view was made under, and the view without the focus.
    private var views: [(stamp: Stamp, view: CardView)?] = []
    /// By card index: the last view turned into cells, and those cells.
    private var looks: [(view: CardView, look: CardRaster)?] = []

    /// The view stored for the card at `index`, if it was made under the same stamp.
    func view(at index: Int, stamp: Stamp) -> CardView? {
        guard isEnabled, index >= 0, index < views.count, let entry = views[index], entry.stamp == stamp else { return nil }
        return entry.view
    }

    func store(_ view: CardView, at index: Int, stamp: Stamp) {
        guard isEnabled, index >= 0 else { return }
        if views.count <= index { views += Array(repeating: nil, count: index + 1 - views.count) }
        views[index] = (stamp, view)
    }

    /// `view.appearance(pies:)`, reused while the view at `index` is unchanged (a pure function of it).
    func appearance(at index: Int, of view: CardView, pies: BonusPieRasters) -> CardRaster {
        guard isEnabled else { return view.appearance(pies: pies) }
        if index >= 0, index < looks.count, let last = looks[index], last.view == view { return last.look }
        let look = view.appearance(pies: pies)
        guard index >= 0 else { return look }
        if looks.count <= index { looks += Array(repeating: nil, count: index + 1 - looks.count) }
        looks[index] = (view, look)
        return look
    }
}
