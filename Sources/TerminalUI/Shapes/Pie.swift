import Synchronization

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

    /// `Shape`: the wedge in Braille dots (`draw(in:on:style:glyphs:)`).
    public func fill(in rect: Rect, on canvas: inout Canvas, style: Style) {
        draw(in: rect, on: &canvas, style: style, glyphs: glyphs)
    }

    /// Laid out at `resting` and narrowed to `rect` by a turn: the dots a sweep lights at the
    /// resting size, each moved to its squeezed column (PieRaster.squeezed), so a pie counting
    /// down on a turning card loses no dot to the turn. Rasters come from a small cache: a
    /// countdown draws one size for seconds, a flip a few widths.
    public func fill(in rect: Rect, resting: Size, on canvas: inout Canvas, style: Style) {
        guard !rect.isEmpty, sweep > 0, resting.width > 0, resting.height > 0 else { return }
        let step = PieRasterCache.shared.raster(size: resting, startAngle: startAngle, clockwise: clockwise).step(sweep: sweep)
        let squeezes = rect.size != resting && rect.height == resting.height && rect.width < resting.width
        let raster = PieRasterCache.shared.raster(size: squeezes ? resting : rect.size, startAngle: startAngle,
                                                  clockwise: clockwise, squeezedTo: squeezes ? rect.width : nil)
        raster.draw(step: step, at: rect.origin, on: &canvas, style: style, glyphs: glyphs)
    }

    /// Degrees filled, 0…360, measured from `startAngle` in the sweep direction.
    public var sweep: Double {
        let raw = clockwise ? startAngle - endAngle : endAngle - startAngle
        guard raw.isFinite else { return 0 }
        return raw > 0 ? min(raw, 360) : max(0, 360 + raw)
    }

    /// Draws the pie into `rect`, as round as the 1:2 cell allows: the circle's radius is
    /// `min(width, 2 × height) / 2` in pixels (a cell is 1×2 pixels) and it is centred in `rect`.
    /// Only cells with at least one dot are written, so whatever is drawn later sits on top of the pie
    /// and whatever was drawn before shows around it. (A view that draws one size often keeps a
    /// `PieRaster` and calls it directly.)
    public func draw(in rect: Rect, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs = .braille) {
        guard !rect.isEmpty, sweep > 0 else { return }
        let raster = raster(for: rect.size)
        raster.draw(step: raster.step(sweep: sweep), at: rect.origin, on: &canvas, style: style, glyphs: glyphs)
    }

    /// How many Braille dots `draw(in:…)` turns on in `rect`.
    public func filledDotCount(in rect: Rect) -> Int {
        guard !rect.isEmpty else { return 0 }
        let raster = raster(for: rect.size)
        return raster.litDotCount(step: raster.step(sweep: sweep))
    }

    /// This pie's dots for a rectangle of `size`, in the order its sweep reaches them.
    public func raster(for size: Size) -> PieRaster {
        PieRaster(size: size, startAngle: startAngle, clockwise: clockwise)
    }
}

/// The rasters pies were drawn with, by size, start, direction and squeezed width: a raster
/// costs an `atan2` per dot and a sort, a lookup here a hash. Bounded (cleared when full).
final class PieRasterCache: Sendable {
    static let shared = PieRasterCache()

    private struct Key: Hashable {
        var size: Size
        var startAngle: Double
        var clockwise: Bool
        var squeezedTo: Int?
    }

    private let rasters = Mutex<[Key: PieRaster]>([:])

    func raster(size: Size, startAngle: Double, clockwise: Bool, squeezedTo width: Int? = nil) -> PieRaster {
        let key = Key(size: size, startAngle: startAngle, clockwise: clockwise, squeezedTo: width)
        if let kept = rasters.withLock({ $0[key] }) { return kept }
        let raster: PieRaster
        if let width {
            raster = self.raster(size: size, startAngle: startAngle, clockwise: clockwise).squeezed(toWidth: width)
        } else {
            raster = PieRaster(size: size, startAngle: startAngle, clockwise: clockwise)
        }
        rasters.withLock { rasters in
            if rasters.count >= 128 { rasters.removeAll() }
            rasters[key] = raster
        }
        return raster
    }
}
