/// SwiftUI's `.onTapGesture`: a click on the view (on what it draws, where nothing tappable lies
/// above it: HitTesting.swift) runs `action`. A terminal also taps with the keyboard: the game's focused card and Space.
public struct OnTapGesture<Content: View>: View {
    public var content: Content
    public var action: () -> Void

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        content._makeNodes(&context, into: &nodes) { $0.tapAction = action }
    }
}

/// SwiftUI's `.onAppear`: `action` runs once when the view enters the tree (again if it
/// leaves and comes back), after layout and before the frame is drawn.
public struct OnAppear<Content: View>: View {
    public var content: Content
    public var action: () -> Void

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        context.withComponent(.named("onAppear")) { $0.graph.noteAppearance($0.id, action: action) }
        content._makeNodes(&context, into: &nodes)
    }
}

/// SwiftUI's `.zIndex`: drawn above siblings of lower index (and hit before them), whatever
/// the order they are written in.
public struct ZIndexed<Content: View>: View {
    public var content: Content
    public var value: Double

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        content._makeNodes(&context, into: &nodes) { $0.zIndex = value }
    }
}

extension View {
    public consuming func onTapGesture(perform action: @escaping () -> Void) -> OnTapGesture<Self> {
        OnTapGesture(content: self, action: action)
    }

    public consuming func onAppear(perform action: @escaping () -> Void) -> OnAppear<Self> {
        OnAppear(content: self, action: action)
    }

    public consuming func zIndex(_ value: Double) -> ZIndexed<Self> { ZIndexed(content: self, value: value) }
}

extension View {
    /// This view's nodes, each then given what a modifier around it sets (a tap, a `zIndex`, a
    /// content shape): the modifier makes no node of its own.
    func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode], marking mark: (ViewNode) -> Void) {
        let first = nodes.count
        _makeNodes(&context, into: &nodes)
        for node in nodes[first...] { mark(node) }
    }
}
