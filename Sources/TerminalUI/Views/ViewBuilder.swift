/// Lecture 5's `@ViewBuilder`: a list of views written one per line, with `if`/`else` choosing
/// among them, turned into one view. Its parts are typed as in SwiftUI (a `TupleView` of the
/// views in order, `_ConditionalContent` for an `if`/`else`, an optional for an `if` alone,
/// `EmptyView` for nothing), so building a card's body allocates nothing.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    // Two to ten views, one overload per count, written out as SwiftUI's are (lecture 5: a
    // TupleView "can contain 10 views"). Not one variadic (parameter pack) overload: code
    // looping over a pack of views is not specialised for their types, so every view under a
    // block was evaluated through generic value witnesses and run-time metadata (callgrind,
    // 2026-11-29: a fifth of a tap's instructions). Each overload's closures are made for its
    // views' types.
    public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
        TupleView((c0, c1),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View>(_ c0: C0, _ c1: C1, _ c2: C2) -> TupleView<(C0, C1, C2)> {
        TupleView((c0, c1, c2),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) -> TupleView<(C0, C1, C2, C3)> {
        TupleView((c0, c1, c2, c3),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4) -> TupleView<(C0, C1, C2, C3, C4)> {
        TupleView((c0, c1, c2, c3, c4),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5) -> TupleView<(C0, C1, C2, C3, C4, C5)> {
        TupleView((c0, c1, c2, c3, c4, c5),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
                context.makeNodes(of: views.5, as: .index(5), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
                views.5.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
                context.makeNodes(of: views.5, as: .index(5), into: &nodes)
                context.makeNodes(of: views.6, as: .index(6), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
                views.5.draw(in: rect, on: &canvas)
                views.6.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
                context.makeNodes(of: views.5, as: .index(5), into: &nodes)
                context.makeNodes(of: views.6, as: .index(6), into: &nodes)
                context.makeNodes(of: views.7, as: .index(7), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
                views.5.draw(in: rect, on: &canvas)
                views.6.draw(in: rect, on: &canvas)
                views.7.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
                context.makeNodes(of: views.5, as: .index(5), into: &nodes)
                context.makeNodes(of: views.6, as: .index(6), into: &nodes)
                context.makeNodes(of: views.7, as: .index(7), into: &nodes)
                context.makeNodes(of: views.8, as: .index(8), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
                views.5.draw(in: rect, on: &canvas)
                views.6.draw(in: rect, on: &canvas)
                views.7.draw(in: rect, on: &canvas)
                views.8.draw(in: rect, on: &canvas)
            })
    }

    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View, C8: View, C9: View>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9),
            making: { views, context, nodes in
                context.makeNodes(of: views.0, as: .index(0), into: &nodes)
                context.makeNodes(of: views.1, as: .index(1), into: &nodes)
                context.makeNodes(of: views.2, as: .index(2), into: &nodes)
                context.makeNodes(of: views.3, as: .index(3), into: &nodes)
                context.makeNodes(of: views.4, as: .index(4), into: &nodes)
                context.makeNodes(of: views.5, as: .index(5), into: &nodes)
                context.makeNodes(of: views.6, as: .index(6), into: &nodes)
                context.makeNodes(of: views.7, as: .index(7), into: &nodes)
                context.makeNodes(of: views.8, as: .index(8), into: &nodes)
                context.makeNodes(of: views.9, as: .index(9), into: &nodes)
            },
            drawing: { views, rect, canvas in
                views.0.draw(in: rect, on: &canvas)
                views.1.draw(in: rect, on: &canvas)
                views.2.draw(in: rect, on: &canvas)
                views.3.draw(in: rect, on: &canvas)
                views.4.draw(in: rect, on: &canvas)
                views.5.draw(in: rect, on: &canvas)
                views.6.draw(in: rect, on: &canvas)
                views.7.draw(in: rect, on: &canvas)
                views.8.draw(in: rect, on: &canvas)
                views.9.draw(in: rect, on: &canvas)
            })
    }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> { .trueContent(first) }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> { .falseContent(second) }
}

/// Views listed in a `@ViewBuilder` block, drawn in order into the same rect (so each later one
/// lies on top: what a `ZStack` shows). As in SwiftUI, `T` is the tuple of the views' types;
/// the block's `buildBlock` hands it how to go through them (each at its position in the block:
/// its structural identity), written for those types.
public struct TupleView<T>: View {
    public let value: T
    private let making: (T, inout ResolveContext, inout [ViewNode]) -> Void
    private let drawing: (T, Rect, inout Canvas) -> Void

    init(_ value: T, making: @escaping (T, inout ResolveContext, inout [ViewNode]) -> Void,
         drawing: @escaping (T, Rect, inout Canvas) -> Void) {
        self.value = value
        self.making = making
        self.drawing = drawing
    }

    public func draw(in rect: Rect, on canvas: inout Canvas) { drawing(value, rect, &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        making(value, &context, &nodes)
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
