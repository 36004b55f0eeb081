import Glibc

/// How `Pie` turns its dots into glyphs.
public enum PieGlyphs: Sendable {
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
public struct Pie: Hashable, Sendable {
    public var startAngle: Double
    public var endAngle: Double
    public var clockwise: Bool

    public init(startAngle: Double, endAngle: Double, clockwise: Bool = false) {
        self.startAngle = startAngle; self.endAngle = endAngle; self.clockwise = clockwise
    }

    /// The lecture 8 `animatableData`: both angles, interpolated together.
    public var animatableData: (start: Double, end: Double) {
        get { (startAngle, endAngle) }
        set { startAngle = newValue.start; endAngle = newValue.end }
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
    /// and whatever was drawn before shows around it.
    public func draw(in rect: Rect, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs = .braille) {
        forEachCell(in: rect) { x, y, bits in
            switch glyphs {
            case .braille:
                canvas.put(Character(Unicode.Scalar(0x2800 + UInt32(bits))!), x: x, y: y, style: style)
            case .ascii:
                let ramp = Array(" .:-=+*#%@")
                let index = max(1, Int((Double(bits.nonzeroBitCount) / 8 * Double(ramp.count - 1)).rounded()))
                canvas.put(ramp[index], x: x, y: y, style: style)
            }
        }
    }

    /// How many Braille dots `draw(in:…)` turns on in `rect`.
    public func filledDotCount(in rect: Rect) -> Int {
        var total = 0
        forEachCell(in: rect) { _, _, bits in total += bits.nonzeroBitCount }
        return total
    }

    /// Braille bit of the dot in column `i` (0…1), row `j` (0…3) of a cell.
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// Calls `body` for every cell of `rect` with at least one dot on, with that cell's Braille bits.
    /// A dot is on when its centre lies strictly inside the circle and inside the swept angle.
    private func forEachCell(in rect: Rect, _ body: (Int, Int, UInt8) -> Void) {
        guard !rect.isEmpty else { return }
        let sweep = self.sweep
        guard sweep > 0 else { return }
        // Pixel space: a cell spans 1 pixel across and 2 down; each Braille dot is 0.5 × 0.5 pixels.
        let centreX = Double(rect.minX) + Double(rect.width) / 2
        let centreY = Double(rect.minY) * 2 + Double(rect.height)
        let radius = Double(min(rect.width, 2 * rect.height)) / 2
        let radiusSquared = radius * radius
        for y in rect.minY..<rect.maxY {
            for x in rect.minX..<rect.maxX {
                var bits: UInt8 = 0
                for i in 0..<2 {
                    for j in 0..<4 {
                        let dx = Double(x) + 0.25 + 0.5 * Double(i) - centreX
                        let dy = Double(y) * 2 + 0.25 + 0.5 * Double(j) - centreY
                        guard dx * dx + dy * dy < radiusSquared, isInSweep(dx: dx, dy: dy, sweep: sweep) else { continue }
                        bits |= Self.dotBits[i][j]
                    }
                }
                if bits != 0 { body(x, y, bits) }
            }
        }
    }

    private func isInSweep(dx: Double, dy: Double, sweep: Double) -> Bool {
        if sweep >= 360 { return true }
        let angle = atan2(dy, dx) * 180 / .pi   // y down: positive angles are clockwise on screen
        let offset = clockwise ? startAngle - angle : angle - startAngle
        let normalized = offset - 360 * (offset / 360).rounded(.down)
        return normalized < sweep
    }
}
