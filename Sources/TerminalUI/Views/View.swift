/// SwiftUI's `View`, as a terminal has it: something that draws itself into the rect it is
/// offered. SwiftUI keeps a tree of views and draws them later; here drawing is the view's one
/// job, and what it draws over is whatever was drawn before it (a `ZStack`'s order).
public protocol View {
    func draw(in rect: Rect, on canvas: inout Canvas)
}

/// SwiftUI's `EmptyView`: an empty `@ViewBuilder` block, or a branch with nothing to show.
public struct EmptyView: View {
    public init() {}
    public func draw(in rect: Rect, on canvas: inout Canvas) {}
}

/// An `if` without `else` in a `@ViewBuilder`: the view, or nothing.
extension Optional: View where Wrapped: View {
    public func draw(in rect: Rect, on canvas: inout Canvas) {
        self?.draw(in: rect, on: &canvas)
    }
}

/// Cells drawn by a closure into the rect offered: SwiftUI's `Canvas { context, size in … }`
/// view (the name `Canvas` is the cell buffer's here), for content no shape describes, such as
/// a card's emoji and pie.
public struct Drawing: View {
    private let body: (inout Canvas, Rect) -> Void

    public init(_ body: @escaping (inout Canvas, Rect) -> Void) { self.body = body }

    public func draw(in rect: Rect, on canvas: inout Canvas) { body(&canvas, rect) }
}

/// SwiftUI's `.padding(_:)`: the view drawn in the rect offered, inset on every side.
public struct Padding<Content: View>: View {
    public var content: Content
    public var length: Int

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        content.draw(in: rect.inset(by: length), on: &canvas)
    }
}

extension View {
    public func padding(_ length: Int) -> Padding<Self> { Padding(content: self, length: length) }
}
