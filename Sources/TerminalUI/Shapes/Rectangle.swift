/// SwiftUI's `Rectangle`: the whole rect it is offered. Its use here is `.contentShape(Rectangle())`,
/// which makes a view's whole frame take taps, its empty space included.
public struct Rectangle: Shape {
    public init() {}

    public func path(in rect: FloatRect) -> Path {
        var path = Path()
        path.move(to: FloatPoint(x: rect.x, y: rect.y))
        path.addLine(to: FloatPoint(x: rect.x + rect.width, y: rect.y))
        path.addLine(to: FloatPoint(x: rect.x + rect.width, y: rect.y + rect.height))
        path.addLine(to: FloatPoint(x: rect.x, y: rect.y + rect.height))
        path.closeSubpath()
        return path
    }
}
