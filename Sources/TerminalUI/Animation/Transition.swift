/// SwiftUI's `AnyTransition`: how a view looks while it comes (insertion) or goes (removal),
/// as a function of how present it is (0 gone … 1 fully there). The Animator animates that
/// presence like any other value; the transition turns it into a frame.
///
/// A terminal cannot draw a cell half transparent, so `.opacity` shows a view whole until it is
/// gone; `.scale` shrinks it about its centre and `.move(edge:)` moves it its own size towards
/// the edge, as in SwiftUI.
public struct AnyTransition: Equatable, Sendable {
    public enum Effect: Equatable, Sendable { case identity, opacity, scale, move(Edge) }
    /// An edge of a view, for `.move(edge:)`.
    public enum Edge: Equatable, Sendable { case top, leading, bottom, trailing }

    public var insertion: Effect
    public var removal: Effect
    /// Each side's own animation (`.animation(_:)`); nil: the change's.
    public var insertionAnimation: Animation?
    public var removalAnimation: Animation?

    public init(insertion: Effect, removal: Effect, insertionAnimation: Animation? = nil, removalAnimation: Animation? = nil) {
        self.insertion = insertion
        self.removal = removal
        self.insertionAnimation = insertionAnimation
        self.removalAnimation = removalAnimation
    }

    public static let identity = AnyTransition(insertion: .identity, removal: .identity)
    public static let opacity = AnyTransition(insertion: .opacity, removal: .opacity)
    public static let scale = AnyTransition(insertion: .scale, removal: .scale)
    /// In from the leading edge, out towards the trailing edge.
    public static let slide = AnyTransition(insertion: .move(.leading), removal: .move(.trailing))

    public static func move(edge: Edge) -> AnyTransition { AnyTransition(insertion: .move(edge), removal: .move(edge)) }

    /// Lecture 8: `.asymmetric(insertion: .scale, removal: .opacity)` for the cards.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal,
                      insertionAnimation: insertion.insertionAnimation, removalAnimation: removal.removalAnimation)
    }

    /// Lecture 8's `AnyTransition.….animation(.easeInOut(duration: 3))`: the transition runs with
    /// its own animation, whatever the change's (an unanimated change still comes and goes at once).
    public func animation(_ animation: Animation?) -> AnyTransition {
        AnyTransition(insertion: insertion, removal: removal, insertionAnimation: animation, removalAnimation: animation)
    }

    /// The animation a side runs with, for a change animated with `animation`.
    public func animation(isRemoval: Bool, in animation: Animation?) -> Animation? {
        animation.map { (isRemoval ? removalAnimation : insertionAnimation) ?? $0 }
    }

    /// The frame a view of `frame` takes at `presence` while it is removed (`isRemoval`) or
    /// inserted; nil when nothing of it shows.
    public func frame(_ frame: FloatRect, presence: Double, isRemoval: Bool) -> FloatRect? {
        guard presence > 0.01 else { return nil }
        let effect = isRemoval ? removal : insertion
        if case .move(let edge) = effect {
            var moved = frame
            let away = 1 - presence
            switch edge {
            case .leading: moved.x -= frame.width * away
            case .trailing: moved.x += frame.width * away
            case .top: moved.y -= frame.height * away
            case .bottom: moved.y += frame.height * away
            }
            return moved
        }
        guard effect == .scale else { return frame }
        var scaled = frame
        scaled.width = frame.width * presence
        scaled.height = frame.height * presence
        scaled.x = frame.midX - scaled.width / 2
        scaled.y = frame.midY - scaled.height / 2
        return scaled
    }
}
