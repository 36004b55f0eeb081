/// A shape as a view: SwiftUI's `shape.fill()` and `shape.strokeBorder(lineWidth:)`, which turn
/// a `Shape` into something a `@ViewBuilder` lists. The style is the lecture's
/// `.foregroundColor` (a terminal cell has a foreground and a background colour, and a glyph).
public struct FilledShape<S: Shape>: View {
    public var shape: S
    public var style: Style

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        shape.fill(in: rect, on: &canvas, style: style)
    }

    /// An `Animatable` shape (the `Pie`) is drawn at its presented `animatableData`, rasterised
    /// at its resting size (narrowed by a turn around it: `Rotation3DEffect`).
    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        let shape = context.presented(shape), style = style
        nodes.append(ViewNode(id: context.id, kind: .shape { rect, resting, canvas in
            shape.fill(in: rect, resting: resting, on: &canvas, style: style)
        }))
    }
}

extension Shape {
    /// `shape.fill()` in `style`.
    public func fill(_ style: Style) -> FilledShape<Self> { FilledShape(shape: self, style: style) }
}

/// `RoundedRectangle`'s outline as a view (`strokeBorder`), or only its top and bottom edges
/// (the focus highlight: two runs of cells to change, not one per row).
public struct StrokedRoundedRectangle: View {
    public enum Edges: Sendable { case all, horizontal }

    public var style: Style
    public var ascii: Bool
    public var edges: Edges

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        switch edges {
        case .all: RoundedRectangle().strokeBorder(in: rect, on: &canvas, style: style, ascii: ascii)
        case .horizontal: RoundedRectangle.drawHorizontalEdges(of: rect, on: &canvas, style: style, ascii: ascii)
        }
    }
}

extension RoundedRectangle {
    /// SwiftUI's `strokeBorder`: the outline inside the rect, the interior left as it was.
    public func strokeBorder(_ style: Style, ascii: Bool = false) -> StrokedRoundedRectangle {
        StrokedRoundedRectangle(style: style, ascii: ascii, edges: .all)
    }

    /// Only the outline's top and bottom edges, corners included.
    public func strokeHorizontalEdges(_ style: Style, ascii: Bool = false) -> StrokedRoundedRectangle {
        StrokedRoundedRectangle(style: style, ascii: ascii, edges: .horizontal)
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
