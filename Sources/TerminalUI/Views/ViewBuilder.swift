/// Lecture 5's `@ViewBuilder`: a list of views written one per line, with `if`/`else` choosing
/// among them, turned into one view. Its parts are typed as in SwiftUI (a `TupleView` of the
/// views in order, `_ConditionalContent` for an `if`/`else`, an optional for an `if` alone,
/// `EmptyView` for nothing), so building a card's body allocates nothing.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { .trueContent(first) }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { .falseContent(second) }
}

/// Views listed in a `@ViewBuilder` block, drawn in order into the same rect (so each later one
/// lies on top: what a `ZStack` shows).
public struct TupleView<each Content: View>: View {
    public let value: (repeat each Content)

    public init(_ value: repeat each Content) { self.value = (repeat each value) }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        for view in repeat each value { view.draw(in: rect, on: &canvas) }
    }

    /// Each view at its position in the block: its structural identity.
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        var index = 0
        for view in repeat each value {
            context.makeNodes(of: view, as: .index(index), into: &nodes)
            index += 1
        }
    }
}

/// The two sides of an `if`/`else` in a `@ViewBuilder`: one of them is drawn.
public enum _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    case trueContent(TrueContent)
    case falseContent(FalseContent)

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        switch self {
        case .trueContent(let view): view.draw(in: rect, on: &canvas)
        case .falseContent(let view): view.draw(in: rect, on: &canvas)
        }
    }

    /// The two sides are two identities: switching sides drops the other side's `@State`.
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        switch self {
        case .trueContent(let view): context.withComponent(.branch(1)) { view._makeNodes(&$0, into: &nodes) }
        case .falseContent(let view): context.withComponent(.branch(2)) { view._makeNodes(&$0, into: &nodes) }
        }
    }
}
