/// SwiftUI's `EquatableView` (`.equatable()`): a view kept whole while it equals the one before
/// it at its identity — its nodes as laid out, and all they hold — as the body of an
/// `Equatable` view is (KeptBodies.swift). It lets a view that is no composite of its own be
/// kept: the game page wraps each card's placing in one (its `CardView` framed, moved and faded
/// by the page), so a card resting in the grid is compared once a frame, not made and laid out
/// again through three modifiers while the cards in flight move.
///
/// It is no view of the page's, so it counts as the bodies inside it (`ViewGraph.bodyCounts`):
/// kept, as each of them kept; evaluated, as nothing of its own.
public struct EquatableView<Content: View & Equatable>: View, Equatable {
    public var content: Content

    public init(content: Content) { self.content = content }

    public var body: Content { content }

    /// Kept as a composite view's body is, compared by `==` here, where `Content` is known: the
    /// graph's comparison through `any Equatable.Type` runs generic code for a content that is
    /// a chain of generic modifiers, copying the card inside at every level of it.
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.resolveBody(of: self, into: &nodes, equals: ==)
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }
}

/// Views the graph counts as the bodies inside them, not as bodies of their own.
protocol CountsAsItsContent {}
extension EquatableView: CountsAsItsContent {}

extension View where Self: Equatable {
    /// This view, kept whole while it is equal to the last one (see `EquatableView`).
    public consuming func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}
