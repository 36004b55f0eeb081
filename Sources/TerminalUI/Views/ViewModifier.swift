/// SwiftUI's `ViewModifier`: takes some content and returns it modified (`Cardify` turns any
/// content into a card). As in the lecture, `body(content:)` is a `@ViewBuilder` returning the
/// modified view; the view then draws into whatever rect it is offered.
public protocol ViewModifier {
    /// What the modifier is applied to, as the modifier needs to know it (in SwiftUI, a view;
    /// here whatever the modifier takes: Cardify's is the card's inside and its styles).
    associatedtype Content
    associatedtype Body: View
    @ViewBuilder func body(content: Content) -> Body
}

/// SwiftUI's `ModifiedContent`: content with a modifier applied, drawn by the modifier's body.
/// `content.modifier(m)` makes one, as `.modifier(Cardify(isFaceUp:))` does in the lecture.
public struct ModifiedContent<Modifier: ViewModifier>: View {
    public var content: Modifier.Content
    public var modifier: Modifier

    public init(content: Modifier.Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        modifier.body(content: content).draw(in: rect, on: &canvas)
    }

    /// In a graph, the modifier is a view of its own: its `@State` kept, and — when it is
    /// `Animatable` — its `animatableData` presented by the transaction's animation before its
    /// body is evaluated, though nobody declared it (lecture 8's "the animation system tells
    /// Cardify the rotation at every frame").
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.withComponent(.type(ViewType(Modifier.self))) { context in
            context.graph.bindDynamicProperties(of: modifier, id: context.id)
            context.presented(modifier).body(content: content)._makeNodes(&context, into: &nodes)
        }
    }
}

extension View {
    /// `.modifier(Cardify(isFaceUp:))`: this view, modified.
    public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<Modifier> where Modifier.Content == Self {
        ModifiedContent(content: self, modifier: modifier)
    }
}
