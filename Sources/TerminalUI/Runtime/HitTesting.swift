/// Where a click lands, as SwiftUI decides it: on what a view draws (its text, its shapes, a turned
/// card's narrowed cells), not on the empty space its frame, padding or stack leaves around that.
/// `.contentShape(_:)` gives a view a shape of its own to be hit in (`Rectangle()`: its whole
/// frame); `.allowsHitTesting(false)` lets clicks through to whatever lies beneath.
extension ViewNode {
    /// The topmost node at `point` with a tap action: children above their parent, later and
    /// higher `zIndex` siblings above earlier ones.
    func tapTarget(at point: Point) -> ViewNode? {
        guard !isHidden, allowsHitTesting else { return nil }
        for child in childrenInDrawingOrder.reversed() {
            if let target = child.tapTarget(at: point) { return target }
        }
        return tapAction != nil && isHit(at: point) ? self : nil
    }

    /// Whether this node, or what it contains, draws at `point` (or its content shape covers it).
    func isHit(at point: Point) -> Bool {
        guard !isHidden, allowsHitTesting else { return false }
        if let contentShape {
            guard frame.contains(point) else { return false }
            return contentShape.raster(for: frame.size).covers(column: point.x - frame.minX, row: point.y - frame.minY)
        }
        switch kind {
        case .leaf, .shape, .text:
            return frame.contains(point)
        case .spacer:
            return false
        case .effect(let effect):
            if let covers = effect.covers { return covers(frame, point) }
            return children.contains { $0.isHit(at: point) }
        case .stack, .zstack, .padding, .frame, .offset, .geometry:
            return children.contains { $0.isHit(at: point) }
        }
    }
}

/// SwiftUI's `.contentShape(_:)`: the view is hit wherever `shape`, in its frame, covers a cell.
public struct ContentShape<Content: View>: View {
    public var content: Content
    public var shape: any Shape

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        content._makeNodes(&context, into: &nodes) { $0.contentShape = shape }
    }
}

/// SwiftUI's `.allowsHitTesting(_:)`: false, and neither the view nor anything in it takes a
/// click; it goes to what lies beneath.
public struct AllowsHitTesting<Content: View>: View {
    public var content: Content
    public var enabled: Bool

    public func draw(in rect: Rect, on canvas: inout Canvas) { content.draw(in: rect, on: &canvas) }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        content._makeNodes(&context, into: &nodes) { $0.allowsHitTesting = $0.allowsHitTesting && enabled }
    }
}

extension AllowsHitTesting: Equatable where Content: Equatable {}

extension View {
    public consuming func contentShape(_ shape: some Shape) -> ContentShape<Self> { ContentShape(content: self, shape: shape) }

    public consuming func allowsHitTesting(_ enabled: Bool) -> AllowsHitTesting<Self> { AllowsHitTesting(content: self, enabled: enabled) }
}
