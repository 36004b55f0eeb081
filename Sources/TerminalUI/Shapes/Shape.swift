/// SwiftUI's `Shape`: something that fills a rectangle it is offered. SwiftUI's shape returns a
/// `Path` (`path(in:)`) that is later stroked or filled; a terminal has no paths, so a shape here
/// rasterizes itself straight into the cells of `rect`.
public protocol Shape {
    /// SwiftUI's `.fill()`: every cell the shape covers in `rect`, in `style`.
    func fill(in rect: Rect, on canvas: inout Canvas, style: Style)
}
