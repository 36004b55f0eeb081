/// SwiftUI's `Capsule`, the notes' example of a `Shape`: a rect whose shorter sides are half
/// circles. Its one requirement is its path; `.fill()` fills it in Braille dots as any shape's.
public struct Capsule: InsettableShape, Hashable, Sendable {
    private var insetValue = 0.0

    public init() {}

    /// Two half circles joined by straight sides, as round as the rect's shorter side allows
    /// (pixels are square, so the ends are round on screen).
    public func path(in bounds: FloatRect) -> Path {
        var path = Path()
        let rect = FloatRect(x: bounds.x + insetValue, y: bounds.y + insetValue,
                             width: bounds.width - 2 * insetValue, height: bounds.height - 2 * insetValue)
        guard rect.width > 0, rect.height > 0 else { return path }
        let r = min(rect.width, rect.height) / 2
        let (minX, minY, maxX, maxY) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        path.move(to: FloatPoint(x: minX + r, y: minY))
        path.addLine(to: FloatPoint(x: maxX - r, y: minY))
        path.addArc(center: FloatPoint(x: maxX - r, y: minY + r), radius: r, startAngle: Angle(degrees: -90), endAngle: Angle(degrees: 0), clockwise: false)
        path.addLine(to: FloatPoint(x: maxX, y: maxY - r))
        path.addArc(center: FloatPoint(x: maxX - r, y: maxY - r), radius: r, startAngle: Angle(degrees: 0), endAngle: Angle(degrees: 90), clockwise: false)
        path.addLine(to: FloatPoint(x: minX + r, y: maxY))
        path.addArc(center: FloatPoint(x: minX + r, y: maxY - r), radius: r, startAngle: Angle(degrees: 90), endAngle: Angle(degrees: 180), clockwise: false)
        path.addLine(to: FloatPoint(x: minX, y: minY + r))
        path.addArc(center: FloatPoint(x: minX + r, y: minY + r), radius: r, startAngle: Angle(degrees: 180), endAngle: Angle(degrees: 270), clockwise: false)
        path.closeSubpath()
        return path
    }

    public func inset(by amount: Double) -> Capsule {
        var capsule = self
        capsule.insetValue += amount
        return capsule
    }
}
