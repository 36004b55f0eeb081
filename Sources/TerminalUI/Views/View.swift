/// SwiftUI's `View`: a value whose `body` says what is on screen, made of other views, down to
/// primitive ones that draw cells. A `ViewGraph` evaluates bodies, keeps `@State` per view
/// identity, lays the views out by offering space and draws them into a `Canvas`
/// (Sources/TerminalUI/Runtime). A primitive view (its `Body` is `Never`) draws itself into the
/// rect it is offered; what it draws over is whatever was drawn before it (a `ZStack`'s order).
public protocol View {
    associatedtype Body: View = Never
    /// What this view is made of. Primitive views have none (`Never`).
    @ViewBuilder var body: Body { get }
    /// A primitive view's cells, in the rect it was given. A composite view draws its body
    /// filling the rect, without a graph (its `@State` then reads its initial value).
    func draw(in rect: Rect, on canvas: inout Canvas)
    /// The runtime's hook (SwiftUI's `_makeView`): this view's nodes, added to `nodes`.
    /// Composite views evaluate `body`; primitives add a leaf; stacks and modifiers their own.
    func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode])
}

extension View {
    public func draw(in rect: Rect, on canvas: inout Canvas) { body.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.resolveBody(of: self, into: &nodes)
    }
}

extension View where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive view: it has no body") }

    /// A primitive view fills the space it is offered and draws itself there.
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let view = self
        nodes.append(ViewNode(id: context.id, kind: .leaf { rect, canvas in view.draw(in: rect, on: &canvas) }))
    }
}

extension Never: View {
    public func draw(in rect: Rect, on canvas: inout Canvas) {}
}

/// SwiftUI's `EmptyView`: an empty `@ViewBuilder` block, or a branch with nothing to show.
public struct EmptyView: View {
    public init() {}
    public func draw(in rect: Rect, on canvas: inout Canvas) {}
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {}
}

/// An `if` without `else` in a `@ViewBuilder`: the view, or nothing.
extension Optional: View where Wrapped: View {
    public func draw(in rect: Rect, on canvas: inout Canvas) {
        self?.draw(in: rect, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        guard let view = self else { return }
        context.withComponent(.branch(0)) { view._makeNodes(&$0, into: &nodes) }
    }
}

/// Cells drawn by a closure into the rect offered: SwiftUI's `Canvas { context, size in … }`
/// view (the name `Canvas` is the cell buffer's here), for content no shape describes.
public struct Drawing: View {
    private let drawing: (inout Canvas, Rect) -> Void

    public init(_ body: @escaping (inout Canvas, Rect) -> Void) { drawing = body }

    public func draw(in rect: Rect, on canvas: inout Canvas) { drawing(&canvas, rect) }
}
