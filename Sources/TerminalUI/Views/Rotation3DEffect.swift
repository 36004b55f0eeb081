import Glibc

/// SwiftUI's `Angle`, in degrees as the lecture writes it.
public struct Angle: Hashable, Sendable {
    public var degrees: Double
    public init(degrees: Double) { self.degrees = degrees }
    public var radians: Double { degrees * .pi / 180 }
}

/// Where a view lies in fractions of a cell (nil: where layout put it, which a matched frame in
/// flight puts between cells), and the colour its partial end cells show when its edges move in
/// eighths of a cell (EighthSpan; nil: whole cells, as under `--ascii` or on the linux console).
public struct FractionalFrame: Equatable, Sendable {
    public var frame: FloatRect?
    public var eighthsColor: Color?
    public init(_ frame: FloatRect? = nil, eighthsColor: Color?) {
        self.frame = frame
        self.eighthsColor = eighthsColor
    }
}

/// Lecture 8's `.rotation3DEffect(Angle(degrees: rotation), axis: (x: 0, y: 1, z: 0))`, as a
/// terminal can show a turn about the vertical axis: no perspective, the view narrowed to
/// |cos θ| of its width about its centre (in eighths of a cell where its placement says so).
/// In a `ViewGraph` its content is laid out in the turned cells, and its shapes are rasterised
/// at their unturned size and squeezed into them (as a turn squeezes whatever is on the card).
public struct Rotation3DEffect<Content: View>: View {
    public var content: Content
    public var angle: Angle
    /// The view's own fractional frame, which the rect offered rounds (nil: that rect).
    public var placement: FractionalFrame?

    public func draw(in rect: Rect, on canvas: inout Canvas) {
        let turned = paintEnds(in: rect, on: &canvas)
        guard !turned.isEmpty else { return }
        content.draw(in: turned, on: &canvas)
    }

    public func _makeNodes(_ context: inout ResolveContext, into nodes: inout [ViewNode]) {
        // The closures keep the turn, not the view: a copy of the content in each would be
        // made, retained and released at every frame that evaluates a turning card.
        let turn = Turn(angle: angle, placement: placement)
        var effect = NodeEffect(place: { turn.turnedCells(in: $0, lyingAt: $1) }, keepsRestingSizes: true) { node, canvas, content in
            guard !turn.paintEnds(in: node.frame, lyingAt: node.fractionalFrame, on: &canvas).isEmpty else { return }
            content(&canvas)
        }
        // Hit where it shows, its partial end cells included: the turned frame in whole cells.
        effect.covers = { rect, point in turn.hitCells(in: rect).contains(point) }
        nodes.append(context.container(.effect(effect), content))
    }

    private func paintEnds(in rect: Rect, on canvas: inout Canvas) -> Rect {
        Turn(angle: angle, placement: placement).paintEnds(in: rect, lyingAt: nil, on: &canvas)
    }
}

/// A turn as `Rotation3DEffect` draws it, without its content.
private struct Turn {
    var angle: Angle
    var placement: FractionalFrame?

    /// The whole cells the content is drawn in, for a view on `rect` lying at `fraction`.
    func turnedCells(in rect: Rect, lyingAt fraction: FloatRect?) -> Rect {
        cells(in: rect, lyingAt: fraction, inEighths: placement?.eighthsColor != nil)
    }

    /// The cells a click hits: the turned frame rounded to whole cells, a partial end cell
    /// counted where it is more than half covered.
    func hitCells(in rect: Rect) -> Rect { cells(in: rect, lyingAt: nil, inEighths: false) }

    private func cells(in rect: Rect, lyingAt fraction: FloatRect?, inEighths: Bool) -> Rect {
        Rotation3DEffect<EmptyView>.projection(of: frame(in: rect, lyingAt: fraction), angle: angle, inEighths: inEighths).cells
    }

    /// Where the view lies: its placement's frame, else where layout put it (between cells
    /// while it flies: ViewNode.fractionalFrame), else its cells.
    private func frame(in rect: Rect, lyingAt fraction: FloatRect?) -> FloatRect {
        placement?.frame ?? fraction ?? FloatRect(rect)
    }

    /// The partial end cells (first: the content then writes only inside the whole ones); the whole cells.
    func paintEnds(in rect: Rect, lyingAt fraction: FloatRect?, on canvas: inout Canvas) -> Rect {
        let color = placement?.eighthsColor
        let turned = Rotation3DEffect<EmptyView>.projection(of: frame(in: rect, lyingAt: fraction), angle: angle, inEighths: color != nil)
        if let span = turned.span, let color, turned.cells.height > 0 {
            EighthBlocks.paintEnds(of: span, rows: turned.cells.minY..<turned.cells.maxY, color: color, on: &canvas)
        }
        return turned.cells
    }
}

extension Rotation3DEffect {
    /// The whole cells a view of `frame` covers turned by `angle`, and (in eighths) its span
    /// when an end lies inside a cell. In eighths, the turn takes |cos θ| of the width by whole
    /// eighths each side rounded *up*, so the view is never drawn wider than it is turned, and an
    /// eased turn moves an edge in the first frame it has turned at all.
    public static func projection(of frame: FloatRect, angle: Angle, inEighths: Bool) -> (cells: Rect, span: EighthSpan?) {
        let factor = abs(cos(angle.radians))
        var projected = frame
        projected.width = max(1, frame.width * factor)
        projected.x = frame.midX - projected.width / 2
        var cells = projected.rounded
        guard inEighths else { return (cells, nil) }
        let resting = EighthSpan(minX: frame.x, maxX: frame.x + frame.width)
        let inset = frame.width * (1 - factor) / 2
        // (Less than a millionth of an eighth is a resting view's floating-point noise.)
        let eighths = inset.isFinite ? Int(max(0, min(1e9, (inset * 8 - 1e-6).rounded(.up)))) : 0
        let span = EighthSpan(start: resting.start + eighths, end: resting.end - eighths)
        cells = Rect(x: span.wholeCells.lowerBound, y: cells.minY, width: span.wholeCells.count, height: cells.height)
        // Resting on whole cells it has no partial ones: drawn exactly as without eighths.
        return (cells, span.leading != nil || span.trailing != nil ? span : nil)
    }

    /// The turned view's own fractional frame (see `placement`).
    public func placed(_ placement: FractionalFrame?) -> Self {
        var effect = self
        effect.placement = placement
        return effect
    }
}

extension View {
    /// Only the y axis turns in a terminal (`axis` says so, as the lecture writes it).
    public consuming func rotation3DEffect(_ angle: Angle, axis: (x: Double, y: Double, z: Double),
                                 placement: FractionalFrame? = nil) -> Rotation3DEffect<Self> {
        Rotation3DEffect(content: self, angle: angle, placement: placement)
    }
}
