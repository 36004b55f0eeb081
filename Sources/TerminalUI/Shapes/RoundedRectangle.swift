/// The lecture's `RoundedRectangle(cornerRadius:)`, Cardify's shape, drawn with box-drawing glyphs.
///
/// ```
/// ╭────╮     +----+   (ascii)
/// │    │     |    |
/// ╰────╯     +----+
/// ```
/// A box squashed to one column is a `│` column and one squashed to one row is a `─` row (a box seen
/// edge-on); 2 wide or 2 high is just the corners and edges, with no interior.
/// The corners are glyphs, so the lecture's `cornerRadius` has no say here: always one cell.
/// It is an `InsettableShape`, as SwiftUI's is: inset, its cells are the rect's less whole cells
/// (a pixel across is a column, two down are a row), and `strokeBorder` draws its box glyphs.
public struct RoundedRectangle: InsettableShape {
    /// `inset(by:)`'s amount, in pixels.
    private var insetValue = 0.0
    /// `+`, `-` and `|` instead of box-drawing glyphs (`--ascii`).
    public var ascii = false

    public init() {}
    /// The lecture's initializer: a corner is one glyph whatever the radius.
    public init(cornerRadius: Double) {}

    public func inset(by amount: Double) -> RoundedRectangle {
        var inset = self
        inset.insetValue += amount
        return inset
    }

    /// The cells it covers in `rect`: the rect less its inset, in whole cells.
    private func cells(in rect: Rect) -> Rect {
        guard insetValue != 0 else { return rect }
        return rect.inset(dx: Int(insetValue.rounded()), dy: Int((insetValue / 2).rounded()))
    }

    /// `Shape`'s outline: the rect with its corners rounded by a pixel (what a Braille fill of
    /// it would show; `fill` draws whole cells instead).
    public func path(in bounds: FloatRect) -> Path {
        let rect = FloatRect(x: bounds.x + insetValue, y: bounds.y + insetValue,
                             width: max(0, bounds.width - 2 * insetValue), height: max(0, bounds.height - 2 * insetValue))
        var p = Path()
        p.addRoundedRect(rect, radius: min(1, rect.width / 2, rect.height / 2))
        return p
    }

    /// `Shape`: the whole rect in cells, with no outline (a terminal fills a box cell by cell).
    public func fill(in rect: Rect, on canvas: inout Canvas, style: Style) {
        Self.draw(in: cells(in: rect), on: &canvas, border: nil, fill: style)
    }

    /// A turn narrows the box; it stays whole cells.
    public func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style) {
        fill(in: rect, on: &canvas, style: style)
    }

    /// `InsettableShape`'s `strokeBorder`: the outline inside `rect` in box glyphs, the interior
    /// left as it was. A line is one glyph wide, whatever `lineWidth` (as a corner is).
    public func strokeBorder(in rect: Rect, lineWidth: Double, on canvas: inout Canvas, style: Style) {
        Self.draw(in: cells(in: rect), on: &canvas, border: style, fill: nil, ascii: ascii)
    }

    /// Draws `rect` (clipped to the canvas). `border` nil: no outline, the whole rect is filled.
    /// `fill` nil: the interior is left untouched, so whatever was drawn there shows through.
    public static func draw(in rect: Rect, on canvas: inout Canvas, border: Style?, fill: Style?, ascii: Bool = false) {
        guard !rect.isEmpty else { return }
        guard let border else {
            if let fill { canvas.fill(rect, style: fill) }
            return
        }
        // Edges are runs of one glyph: `fill` checks the glyph once per run, not once per cell.
        let g = ascii ? Glyphs.ascii : Glyphs.unicode
        if rect.width == 1 {
            canvas.fill(rect, with: g.vertical, style: border)
            return
        }
        if rect.height == 1 {
            canvas.fill(rect, with: g.horizontal, style: border)
            return
        }
        let sideHeight = rect.height - 2
        canvas.fill(Rect(x: rect.minX, y: rect.minY + 1, width: 1, height: sideHeight), with: g.vertical, style: border)
        canvas.fill(Rect(x: rect.maxX - 1, y: rect.minY + 1, width: 1, height: sideHeight), with: g.vertical, style: border)
        drawHorizontalEdges(of: rect, on: &canvas, style: border, ascii: ascii)
        if let fill { canvas.fill(rect.inset(by: 1), style: fill) }
    }

    /// Draws only the top and bottom edges (corners included) of `rect`'s outline in `style`:
    /// a highlight that changes two runs of cells instead of the whole perimeter, so moving it
    /// costs a terminal a few cursor moves rather than one per row.
    public static func drawHorizontalEdges(of rect: Rect, on canvas: inout Canvas, style: Style, ascii: Bool = false) {
        guard !rect.isEmpty else { return }
        let g = ascii ? Glyphs.ascii : Glyphs.unicode
        guard rect.width >= 2, rect.height >= 2 else {
            draw(in: rect, on: &canvas, border: style, fill: nil, ascii: ascii)
            return
        }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX - 1, rect.maxY - 1)
        canvas.fill(Rect(x: x0 + 1, y: y0, width: x1 - x0 - 1, height: 1), with: g.horizontal, style: style)
        canvas.fill(Rect(x: x0 + 1, y: y1, width: x1 - x0 - 1, height: 1), with: g.horizontal, style: style)
        canvas.put(g.topLeft, x: x0, y: y0, style: style)
        canvas.put(g.topRight, x: x1, y: y0, style: style)
        canvas.put(g.bottomLeft, x: x0, y: y1, style: style)
        canvas.put(g.bottomRight, x: x1, y: y1, style: style)
    }

    /// Checked and measured once (Glyph): a card's outline is redrawn with every frame it moves.
    private struct Glyphs {
        let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Glyph
        static let unicode = Glyphs(topLeft: Glyph("╭"), topRight: Glyph("╮"), bottomLeft: Glyph("╰"), bottomRight: Glyph("╯"),
                                    horizontal: Glyph("─"), vertical: Glyph("│"))
        static let ascii = Glyphs(topLeft: Glyph("+"), topRight: Glyph("+"), bottomLeft: Glyph("+"), bottomRight: Glyph("+"),
                                  horizontal: Glyph("-"), vertical: Glyph("|"))
    }
}
