/// A shape as a view: SwiftUI's `shape.fill()` (and `strokeBorder`, InsettableShape.swift), which turn
/// a `Shape` into something a `@ViewBuilder` lists. The style is the lecture's
/// `.foregroundColor` (a terminal cell has a foreground and a background colour, and a glyph).
public struct FilledShape<S: Shape>: View {
    public var shape: S
    public var style: Style

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        shape.fill(in: rect, on: &canvas, style: style)
    }

    /// An `Animatable` shape (the `Pie`) is drawn at its presented `animatableData`, asked for
    /// at each frame as it is drawn (no body is evaluated while only the shape moves), and
    /// rasterised at its resting size (narrowed by a turn around it: `Rotation3DEffect`).
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let style = style
        guard let presented = context.presentedWhenDrawn(shape) else {
            let shape = shape
            nodes.append(ViewNode(id: context.id, kind: .shape { rect, resting, canvas in
                shape.fill(in: rect, resting: resting, on: &canvas, style: style)
            }))
            return
        }
        nodes.append(ViewNode(id: context.id, kind: .shape { rect, resting, canvas in
            presented().fill(in: rect, resting: resting, on: &canvas, style: style)
        }))
    }
}

extension Shape {
    /// `shape.fill()` in `style`.
    public consuming func fill(_ style: Style) -> FilledShape<Self> { FilledShape(shape: self, style: style) }
}

/// Only `RoundedRectangle`'s top and bottom edges, corners included: the focus highlight (two
/// runs of cells to change, not one per row). Its whole outline is `strokeBorder` (InsettableShape).
public struct HorizontalEdges: View {
    public var style: Style
    public var ascii: Bool

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        RoundedRectangle.drawHorizontalEdges(of: rect, on: &canvas, style: style, ascii: ascii)
    }
}

extension RoundedRectangle {
    /// `strokeBorder` (InsettableShape) in `+`, `-` and `|` when `ascii`.
    public func strokeBorder(_ style: Style, ascii: Bool) -> StrokedBorder<RoundedRectangle> {
        var shape = self
        shape.ascii = ascii
        return shape.strokeBorder(style)
    }

    /// Only the outline's top and bottom edges, corners included.
    public func strokeHorizontalEdges(_ style: Style, ascii: Bool = false) -> HorizontalEdges {
        HorizontalEdges(style: style, ascii: ascii)
    }
}

/// Every cell of the rect offered, one glyph in one style: a card's patterned back.
public struct Pattern: View {
    public var glyph: Glyph
    public var style: Style

    public init(_ glyph: Glyph, style: Style) {
        self.glyph = glyph
        self.style = style
    }

    public init(_ character: Character, style: Style) { self.init(Glyph(character), style: style) }

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        canvas.fill(rect, with: glyph, style: style)
    }
}
