import Glibc

/// A `Pie`'s dots for one rectangle size, sorted by how far the sweep must reach to light them.
///
/// Drawing any sweep lights a prefix of that list, so two sweeps that light the same number of
/// dots (`step`) draw the same cells: while the bonus pie counts down, the frames between two
/// steps draw the same cells (the screen's diff then sends nothing), and each frame costs one
/// pass over the lit dots instead of an `atan2` per dot of the rectangle.
public struct PieRaster: Sendable {
    public let size: Size
    /// Every dot inside the circle: cell offset and Braille bit, ordered by `reach`.
    private let dots: [(column: Int32, row: Int32, bit: UInt8)]
    /// Degrees from the start angle, in the sweep direction, at which each dot lights (ascending).
    private let reach: [Double]

    /// Braille bit of the dot in column `i` (0…1), row `j` (0…3) of a cell.
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// The geometry of `Pie.draw(in:)`: the circle's radius is `min(width, 2 × height) / 2` in
    /// pixels (a cell is 1×2 pixels), centred; a dot is on when its centre lies strictly inside
    /// the circle and inside the swept angle.
    public init(size: Size, startAngle: Double, clockwise: Bool) {
        self.size = size
        var foundReach: [Double] = []
        var foundDots: [(column: Int32, row: Int32, bit: UInt8)] = []
        let radius = Double(min(size.width, 2 * size.height)) / 2
        let radiusSquared = radius * radius
        for row in 0..<max(0, size.height) {
            for column in 0..<max(0, size.width) {
                for i in 0..<2 {
                    for j in 0..<4 {
                        let dx = Double(column) + 0.25 + 0.5 * Double(i) - Double(size.width) / 2
                        let dy = Double(row) * 2 + 0.25 + 0.5 * Double(j) - Double(size.height)
                        guard dx * dx + dy * dy < radiusSquared else { continue }
                        let angle = atan2(dy, dx) * 180 / .pi   // y down: positive is clockwise on screen
                        let offset = clockwise ? startAngle - angle : angle - startAngle
                        let normalized = offset - 360 * (offset / 360).rounded(.down)
                        foundReach.append(normalized)
                        foundDots.append((Int32(column), Int32(row), Self.dotBits[i][j]))
                    }
                }
            }
        }
        // A flip passes through a new size every few frames: sort indices by a plain Double key
        // (stable, so equal reaches keep scan order, as a sort of the pairs did) and gather.
        let order = foundReach.indices.sorted { (foundReach[$0], $0) < (foundReach[$1], $1) }
        dots = order.map { foundDots[$0] }
        reach = order.map { foundReach[$0] }
        _ = Self.braille    // made with the first raster (the app makes it at the deal), not in a frame
    }

    private init(size: Size, dots: [(column: Int32, row: Int32, bit: UInt8)], reach: [Double]) {
        self.size = size
        self.dots = dots
        self.reach = reach
    }

    /// The same pie narrowed to `width` columns, as a `rotation3DEffect` about the y axis squeezes
    /// whatever is drawn on a turning card: each dot moves to its scaled column, keeping its place
    /// in the sweep order, so a step lights the same dots as on the full-size raster. O(dots), no
    /// trigonometry: a flip shows a new width every few frames.
    public func squeezed(toWidth width: Int) -> PieRaster {
        guard width > 0, width != size.width, size.width > 0 else { return self }
        let scale = Double(width) / Double(size.width)
        let squeezed = dots.map { dot -> (column: Int32, row: Int32, bit: UInt8) in
            let (i, j) = Self.place(of: dot.bit)
            let x = Int(dot.column) * 2 + i
            let newX = min(2 * width - 1, Int((Double(x) + 0.5) * scale))
            return (Int32(newX / 2), dot.row, Self.dotBits[newX % 2][j])
        }
        return PieRaster(size: Size(width: width, height: size.height), dots: squeezed, reach: reach)
    }

    /// Column (0…1) and row (0…3) of a Braille bit within its cell.
    private static func place(of bit: UInt8) -> (Int, Int) {
        for i in 0..<2 { if let j = dotBits[i].firstIndex(of: bit) { return (i, j) } }
        return (0, 0)
    }

    /// How many dots a sweep of `sweep` degrees lights: what the drawing depends on.
    public func step(sweep: Double) -> Int {
        guard sweep > 0 else { return 0 }
        if sweep >= 360 { return dots.count }
        var low = 0, high = reach.count           // first index whose reach is >= sweep
        while low < high {
            let middle = (low + high) / 2
            if reach[middle] < sweep { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Draws the first `step` dots with the rectangle's top-left cell at `origin`. Only cells
    /// with a dot are written, so what was drawn before shows around the pie.
    public func draw(step: Int, at origin: Point, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs) {
        let count = min(max(0, step), dots.count)
        guard count > 0 else { return }
        let table = glyphs == .braille ? Self.braille : Self.asciiRamp
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size.width * size.height) { bits in
            bits.initialize(repeating: 0)
            for dot in dots[0..<count] { bits[Int(dot.row) * size.width + Int(dot.column)] |= dot.bit }
            for row in 0..<size.height {
                for column in 0..<size.width {
                    let cellBits = bits[row * size.width + column]
                    guard cellBits != 0 else { continue }
                    canvas.put(table[Int(cellBits)], x: origin.x + column, y: origin.y + row, style: style)
                }
            }
        }
    }

    /// The glyph for each set of lit dots in a cell (bit i of the Braille pattern), made once:
    /// a pie redraws its cells whenever a flip narrows it. Braille patterns are printable and one
    /// column wide, so the table is not measured (256 wcwidth calls inside the first flip).
    static let braille: [Glyph] = (0..<256).map { Glyph(known: String(Unicode.Scalar(0x2800 + UInt32($0))!), width: 1) }
    /// `--ascii`: a ramp by how many of the cell's 8 dots are lit.
    static let asciiRamp: [Glyph] = (0..<256).map { bits in
        let ramp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
        let index = max(1, Int((Double(UInt8(bits).nonzeroBitCount) / 8 * Double(ramp.count - 1)).rounded()))
        return Glyph(ramp[index])
    }

    /// Dots lit by `step` (tests and `Pie.filledDotCount`).
    public func litDotCount(step: Int) -> Int { min(max(0, step), dots.count) }
}
