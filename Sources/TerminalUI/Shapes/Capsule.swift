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
        path.addRoundedRect(rect, radius: min(rect.width, rect.height) / 2)
        return path
    }

    public func inset(by amount: Double) -> Capsule {
        var capsule = self
        capsule.insetValue += amount
        return capsule
    }
}
