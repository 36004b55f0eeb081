/// SwiftUI's `AnyTransition`: how a view looks while it comes (insertion) or goes (removal),
/// as a function of how present it is (0 gone … 1 fully there). The Animator animates that
/// presence like any other value; the transition turns it into a frame.
///
/// A terminal cannot draw a cell half transparent, so `.opacity` shows a view whole until it is
/// gone; `.scale` shrinks it about its centre, as in SwiftUI.
public struct AnyTransition: Equatable, Sendable {
    public enum Effect: Equatable, Sendable { case identity, opacity, scale }

    public var insertion: Effect
    public var removal: Effect

    public static let identity = AnyTransition(insertion: .identity, removal: .identity)
    public static let opacity = AnyTransition(insertion: .opacity, removal: .opacity)
    public static let scale = AnyTransition(insertion: .scale, removal: .scale)

    /// Lecture 8: `.asymmetric(insertion: .scale, removal: .opacity)` for the cards.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// The frame a view of `frame` takes at `presence` while it is removed (`isRemoval`) or
    /// inserted; nil when nothing of it shows.
    public func frame(_ frame: FloatRect, presence: Double, isRemoval: Bool) -> FloatRect? {
        guard presence > 0.01 else { return nil }
        guard (isRemoval ? removal : insertion) == .scale else { return frame }
        var scaled = frame
        scaled.width = frame.width * presence
        scaled.height = frame.height * presence
        scaled.x = frame.midX - scaled.width / 2
        scaled.y = frame.midY - scaled.height / 2
        return scaled
    }
}
