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
}
