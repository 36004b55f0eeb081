/// SwiftUI's `Shape`: its one requirement is `path(in:)`, the outline for the rect it is offered,
/// which `.fill()` fills. A terminal fills a path in Braille dots (PathRaster), 2×4 to a cell;
/// a shape that is better drawn in whole cells (RoundedRectangle's box glyphs) fills itself.
public protocol Shape {
    /// The outline in `rect`, in pixels: a cell is 1 pixel wide and 2 tall (see `Path`).
    func path(in rect: FloatRect) -> Path
    /// SwiftUI's `.fill()`: what the shape covers in `rect`, in `style`.
    func fill(in rect: Rect, on canvas: inout Canvas, style: Style)
    /// The same, for a shape laid out at `resting` size and narrowed to `rect` by a turn.
    func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style)
}

extension Shape {
    public func fill(in rect: Rect, on canvas: inout Canvas, style: Style) {
        fill(in: rect, resting: rect.size, on: &canvas, style: style)
    }

    /// The path filled at the resting size, its dots moved to the columns a turn narrowed it to.
    public func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style) {
        fillDots(in: rect, resting: resting, on: &canvas, style: style, glyphs: .braille)
    }

    func fillDots(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs) {
        guard !rect.isEmpty, resting.width > 0, resting.height > 0 else { return }
        let squeezes = rect.size != resting && rect.height == resting.height && rect.width < resting.width
        let raster = raster(for: squeezes ? resting : rect.size)
        (squeezes ? raster.squeezed(toWidth: rect.width) : raster).draw(at: rect.origin, on: &canvas, style: style, glyphs: glyphs)
    }

    /// The path filled in a rect of `size` cells at the origin.
    public func raster(for size: Size) -> PathRaster {
        PathRaster(path(in: FloatRect(x: 0, y: 0, width: Double(size.width), height: Double(2 * size.height))), size: size)
    }
}
