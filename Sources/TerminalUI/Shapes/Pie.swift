import Glibc

/// How `Pie` turns its dots into glyphs.
public enum PieGlyphs: Hashable, Sendable {
    /// Braille (U+2800 block): 2×4 dots per cell, square on a 1:2 cell.
    case braille
    /// One of `" .:-=+*#%@"` per cell, by how many of its 8 dots are covered.
    case ascii
}

/// The lecture's `Pie` shape (lecture 5), with angles that can be animated (lecture 8), rasterized
/// for a terminal.
///
/// **Angles** are in degrees, as in SwiftUI: 0° points right and angles grow *clockwise on screen*
/// (y grows down), so -90° (or 270°) is 12 o'clock.
///
/// **`clockwise`** means what it means to SwiftUI's `Path.addArc` in its flipped (y-down) space,
/// which the lecture passes straight through: `clockwise: true` sweeps from `startAngle` towards
/// *decreasing* angles, i.e. counter-clockwise on screen; `clockwise: false` sweeps clockwise on screen.
///
/// **Filled region**: the wedge swept from `startAngle` to `endAngle` in that direction. When the end
/// lies "behind" the start (the raw difference runs against the direction) the sweep goes the long way
/// round, so equal angles fill the whole circle; a sweep of 360° or more is a full circle, and an end
/// a full turn or more behind the start fills nothing.
///
/// So lecture 8's countdown pie, `Pie(startAngle: -90, endAngle: (1 - remaining) * 360 - 90, clockwise: true)`,
/// fills the *remaining* fraction of the circle: the elapsed part is eaten
/// clockwise from 12 o'clock, and what is left runs counter-clockwise from 12 o'clock. remaining = 1
/// is a full circle, 0.75 lacks the top-right quadrant, 0.5 is the left half, 0 is nothing.
public struct Pie: Shape, Animatable, Hashable, Sendable {
    public var startAngle: Double
    public var endAngle: Double
    public var clockwise: Bool

    /// Braille dots, or `--ascii`'s ramp (not animated).
    public var glyphs: PieGlyphs = .braille

    public init(startAngle: Double, endAngle: Double, clockwise: Bool = false) {
        self.startAngle = startAngle; self.endAngle = endAngle; self.clockwise = clockwise
    }

    /// Lecture 8's `Pie(startAngle: Angle(degrees:), endAngle: Angle(degrees:))`: lecture 5's
    /// `path(in:)` hands `addArc` `!clockwise` (its y axis is flipped), so the default fills the
    /// sweep from start to end the way the lecture's countdown pie does.
    public init(startAngle: Angle, endAngle: Angle, clockwise: Bool = false) {
        self.init(startAngle: startAngle.degrees, endAngle: endAngle.degrees, clockwise: !clockwise)
    }

    /// This pie drawn with `glyphs`.
    public func glyphs(_ glyphs: PieGlyphs) -> Pie {
        var pie = self
        pie.glyphs = glyphs
        return pie
    }

    /// Lecture 8's `animatableData`: both angles, interpolated together by the Animator.
    public var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(startAngle, endAngle) }
        set { startAngle = newValue.first; endAngle = newValue.second }
    }

    /// Lecture 5's `path(in:)`, line for line: from the centre out to the start, round the arc,
    /// back to the centre. `rect` is in pixels (a cell is 1×2 of them), so the pie is round.
    public func path(in rect: FloatRect) -> Path {
        let center = FloatPoint(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2
        let start = FloatPoint(
            x: center.x + radius * cos(Angle(degrees: startAngle).radians),
            y: center.y + radius * sin(Angle(degrees: startAngle).radians)
        )
        var p = Path()
        p.move(to: center)
        p.addLine(to: start)
        p.addArc(
            center: center,
            radius: radius,
            startAngle: Angle(degrees: startAngle),
            endAngle: Angle(degrees: endAngle),
            clockwise: clockwise
        )
        p.addLine(to: center)
        return p
    }

    /// `Shape`'s fill (its path in dots), in this pie's `glyphs`: Braille, or `--ascii`'s ramp.
    public func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style) {
        fillDots(in: rect, resting: resting, on: &canvas, style: style, glyphs: glyphs)
    }

    /// Degrees filled, 0…360, measured from `startAngle` in the sweep direction.
    public var sweep: Double {
        Path.sweep(from: Angle(degrees: startAngle), to: Angle(degrees: endAngle), clockwise: clockwise)
    }

    /// Draws the pie into `rect`, as round as the 1:2 cell allows: the circle's radius is
    /// `min(width, 2 × height) / 2` in pixels and it is centred in `rect`. Only cells with at
    /// least one dot are written, so whatever is drawn later sits on top of the pie and whatever
    /// was drawn before shows around it.
    public func draw(in rect: Rect, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs = .braille) {
        guard !rect.isEmpty else { return }
        raster(for: rect.size).draw(at: rect.origin, on: &canvas, style: style, glyphs: glyphs)
    }

    /// How many Braille dots `draw(in:…)` turns on in `rect`.
    public func filledDotCount(in rect: Rect) -> Int {
        guard !rect.isEmpty else { return 0 }
        return raster(for: rect.size).litDotCount
    }
}
