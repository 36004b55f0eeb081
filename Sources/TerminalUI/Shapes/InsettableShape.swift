/// SwiftUI's `InsettableShape` (the notes' `MyCircle`): a shape that can be drawn `amount` inside
/// the rect it is offered. That is what `strokeBorder` needs — its line lies wholly inside the
/// rect: the shape less the same shape inset by the line's width.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    /// This shape drawn `amount` pixels inside the rect it is offered (a cell is 1×2 pixels: `Path`).
    func inset(by amount: Double) -> InsetShape
    /// `strokeBorder(lineWidth:)` drawn into `rect`. By default in Braille dots: the dots of the
    /// shape that are not dots of the shape inset by `lineWidth`.
    func strokeBorder(in rect: Rect, lineWidth: Double, on canvas: inout Canvas, style: Style)
}

extension InsettableShape {
    public func strokeBorder(in rect: Rect, lineWidth: Double, on canvas: inout Canvas, style: Style) {
        guard !rect.isEmpty else { return }
        let ring = raster(for: rect.size).subtracting(inset(by: lineWidth).raster(for: rect.size))
        ring.draw(at: rect.origin, on: &canvas, style: style, glyphs: .braille)
    }

    /// SwiftUI's `strokeBorder(lineWidth:)`: the outline inside the rect, the interior left as it was.
    public consuming func strokeBorder(_ style: Style, lineWidth: Double = 1) -> StrokedBorder<Self> {
        StrokedBorder(shape: self, style: style, lineWidth: lineWidth)
    }
}

/// An `InsettableShape`'s `strokeBorder` as a view, in the style of the lecture's `.foregroundColor`.
public struct StrokedBorder<S: InsettableShape>: View {
    public var shape: S
    public var style: Style
    public var lineWidth: Double

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        shape.strokeBorder(in: rect, lineWidth: lineWidth, on: &canvas, style: style)
    }
}

/// The notes' `MyCircle`, made an `InsettableShape` the way they show: `inset(by:)` copies the
/// shape with its `insetValue`, which `path(in:)` takes off the radius.
public struct Circle: InsettableShape, Hashable, Sendable {
    private var insetValue = 0.0

    public init() {}

    /// The largest circle centred in `rect` (pixels are square, so it is round on screen).
    public func path(in rect: FloatRect) -> Path {
        var path = Path()
        let center = FloatPoint(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2 - insetValue
        guard radius > 0 else { return path }
        path.move(to: FloatPoint(x: center.x + radius, y: center.y))
        path.addArc(center: center, radius: radius, startAngle: Angle(degrees: 0), endAngle: Angle(degrees: 360), clockwise: false)
        path.closeSubpath()
        return path
    }

    public func inset(by amount: Double) -> Circle {
        var circle = self
        circle.insetValue += amount
        return circle
    }
}
