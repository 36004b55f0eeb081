/// SwiftUI's `ZStack`: its views drawn one on top of the other, the first at the back, each in
/// the whole rect the stack is offered (the cell buffer has no alignment to do: every layer
/// here fills its rect, as Cardify's shape and face do in the lecture).
public struct ZStack<Content: View>: View {
    public var content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        content.draw(in: rect, on: &canvas)
    }
}
