/// SwiftUI's `Shape`: something that fills a rectangle it is offered. SwiftUI's shape returns a
/// `Path` (`path(in:)`) that is later stroked or filled; a terminal has no paths, so a shape here
/// rasterizes itself straight into the cells of `rect`.
public protocol Shape {
    /// SwiftUI's `.fill()`: every cell the shape covers in `rect`, in `style`.
    func fill(in rect: Rect, on canvas: inout Canvas, style: Style)
    /// The same, for a shape laid out at `resting` size and narrowed to `rect` by a turn.
    func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style)
}

extension Shape {
    /// Most shapes are simply drawn in the cells they cover now.
    public func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style) {
        fill(in: rect, on: &canvas, style: style)
    }
}
