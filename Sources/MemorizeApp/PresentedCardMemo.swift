import TerminalUI

/// The frame memo behind "a frame costs what moves, not what is on screen" (issue 11).
///
/// SwiftUI re-evaluates a view only when something it depends on changed. Here a card none of
/// whose presented values can move (`Animator.mayMove(id:)` is false) and whose bonus is not
/// counting down presents exactly what it presented at the last frame, unless the model, the
/// view's @State or the Animator's targets changed since: the stamp. Such a card's `CardView` is
/// taken from here rather than read again from a dozen Animator tracks, and a view equal to the
/// last one drawn reuses its cells' appearance. Tests compare memoised frames with a full render.
final class PresentedCardMemo {
    struct Stamp: Equatable {
        var animatorRevision: Int
        var stateRevision: Int
    }

    /// Off: every view and appearance is worked out afresh (tests render the reference frame so).
    var isEnabled = true
    private var stamp: Stamp?
    /// By card index: the card's id and its view without the focus (set by the caller each time).
    private var views: [(id: Int, view: CardView)?] = []
    /// By card index: the last view turned into cells, and those cells.
    private var looks: [(view: CardView, look: CardAppearance)?] = []

    /// The view stored for the card at `index` (when it is still card `id`), if nothing it
    /// depends on changed since: a new stamp forgets every view.
    func view(at index: Int, id: Int, stamp: Stamp) -> CardView? {
        guard isEnabled else { return nil }
        if stamp != self.stamp {
            self.stamp = stamp
            views.removeAll(keepingCapacity: true)
            return nil
        }
        guard index < views.count, let entry = views[index], entry.id == id else { return nil }
        return entry.view
    }

    func store(_ view: CardView, at index: Int, id: Int, stamp: Stamp) {
        guard isEnabled, stamp == self.stamp, index >= 0 else { return }
        if views.count <= index { views += Array(repeating: nil, count: index + 1 - views.count) }
        views[index] = (id, view)
    }

    /// `view.appearance(pies:)`, reused while the view at `index` is unchanged (a pure function of it).
    func appearance(at index: Int, of view: CardView, pies: BonusPieRasters) -> CardAppearance {
        guard isEnabled else { return view.appearance(pies: pies) }
        if index >= 0, index < looks.count, let last = looks[index], last.view == view { return last.look }
        let look = view.appearance(pies: pies)
        guard index >= 0 else { return look }
        if looks.count <= index { looks += Array(repeating: nil, count: index + 1 - looks.count) }
        looks[index] = (view, look)
        return look
    }
}
