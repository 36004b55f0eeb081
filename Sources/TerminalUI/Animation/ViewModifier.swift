/// SwiftUI's `ViewModifier`: takes some content and returns it modified (`Cardify` turns any
/// content into a card). A terminal view is what it draws into the rect it is offered, so the
/// modifier's `body(content:)` draws the content, modified, into `rect`.
public protocol ViewModifier {
    /// What the modifier is applied to, as the modifier needs to know it (its drawing and style).
    associatedtype Content
    func body(content: Content, in rect: Rect, on canvas: inout Canvas)
}

/// SwiftUI's `ModifiedContent`: content with a modifier applied, drawn by the modifier's body.
/// `content.modifier(m)` makes one, as `.modifier(Cardify(isFaceUp:))` does in the lecture.
public struct ModifiedContent<Modifier: ViewModifier> {
    public var content: Modifier.Content
    public var modifier: Modifier

    public init(content: Modifier.Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        modifier.body(content: content, in: rect, on: &canvas)
    }
}
