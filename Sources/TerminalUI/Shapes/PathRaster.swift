/// A path filled in Braille dots (SwiftUI's `.fill()`, non-zero winding): each cell is 2×4 dots,
/// and a dot is on when its centre lies strictly inside the path. Rows of dots are scanned as a
/// rasteriser does: where the path's edges cross the row (PathRaster's only trigonometry is per
/// row and edge), then which dots lie between.
public struct PathRaster: Sendable {
    public let size: Size
    /// The dots that are on: cell offset and Braille bit, in scan order.
    private let dots: [(column: Int32, row: Int32, bit: UInt8)]

    /// Braille bit of the dot in column `i` (0…1), row `j` (0…3) of a cell.
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// `path` in pixels of a rect of `size` cells at the origin (a cell is 1×2 pixels; see `Path`).
    public init(_ path: Path, size: Size) {
        self.size = size
        var found: [(column: Int32, row: Int32, bit: UInt8)] = []
        let edges = path.edges
        var crossings: [(x: Double, winding: Int)] = []
        for row in 0..<max(0, size.height) {
            for j in 0..<4 {
                let y = Double(row) * 2 + 0.25 + 0.5 * Double(j)
                crossings.removeAll(keepingCapacity: true)
                for edge in edges { edge.crossings(atY: y, into: &crossings) }
                guard !crossings.isEmpty else { continue }
                crossings.sort { $0.x < $1.x }
                Self.scan(crossings, dots: 2 * max(0, size.width)) { dot in
                    found.append((Int32(dot / 2), Int32(row), Self.dotBits[dot % 2][j]))
                }
            }
        }
        dots = found
        _ = Self.braille    // made with the first raster (the app makes it at the deal), not in a frame
    }

    /// The dots of one scanline that are on, left to right: dot `d` lies at x = 0.25 + 0.5·d.
    /// Strictly inside: a dot on an edge is in only when the region lies on both sides of it
    /// (two edges there that cancel, as a full pie's radii). Between two crossings every dot is
    /// alike, so a run of them is decided once (a card's pie at 300x100 is thousands of dots).
    static func scan(_ crossings: [(x: Double, winding: Int)], dots: Int, _ lit: (Int) -> Void) {
        func x(_ dot: Int) -> Double { 0.25 + 0.5 * Double(dot) }
        var dot = 0, next = 0, winding = 0
        while dot < dots {
            while next < crossings.count, crossings[next].x < x(dot) {
                winding += crossings[next].winding
                next += 1
            }
            if next < crossings.count, crossings[next].x == x(dot) {
                var through = winding, on = next
                while on < crossings.count, crossings[on].x == x(dot) {
                    through += crossings[on].winding
                    on += 1
                }
                if winding != 0, through != 0 { lit(dot) }
                dot += 1
                continue
            }
            // The run up to the next crossing: every dot left of it (computed, then checked
            // exactly, so rounding cannot move a dot across it).
            var end = dots
            if next < crossings.count {
                let limit = crossings[next].x
                let estimate = ((limit - 0.25) * 2).rounded(.up)      // NaN: one dot at a time, as before
                end = estimate.isNaN ? dot + 1 : Int(Swift.max(Double(dot + 1), Swift.min(Double(dots), estimate)))
                while end > dot + 1, x(end - 1) >= limit { end -= 1 }
                while end < dots, x(end) < limit { end += 1 }
            }
            if winding != 0 { for run in dot..<end { lit(run) } }
            dot = end
        }
    }

    private init(size: Size, dots: [(column: Int32, row: Int32, bit: UInt8)]) {
        self.size = size
        self.dots = dots
    }

    /// The same dots narrowed to `width` columns, as a `rotation3DEffect` about the y axis squeezes
    /// whatever is drawn on a turning card: each dot moves to its scaled column.
    public func squeezed(toWidth width: Int) -> PathRaster {
        guard width > 0, width != size.width, size.width > 0 else { return self }
        let scale = Double(width) / Double(size.width)
        let squeezed = dots.map { dot -> (column: Int32, row: Int32, bit: UInt8) in
            let (i, j) = Self.place(of: dot.bit)
            let x = Int(dot.column) * 2 + i
            let newX = min(2 * width - 1, Int((Double(x) + 0.5) * scale))
            return (Int32(newX / 2), dot.row, Self.dotBits[newX % 2][j])
        }
        return PathRaster(size: Size(width: width, height: size.height), dots: squeezed)
    }

    /// Column (0…1) and row (0…3) of a Braille bit within its cell.
    private static func place(of bit: UInt8) -> (Int, Int) {
        for i in 0..<2 { if let j = dotBits[i].firstIndex(of: bit) { return (i, j) } }
        return (0, 0)
    }

    /// The dots `other` (of the same size) leaves off: an `InsettableShape`'s stroke is the
    /// shape less itself inset.
    public func subtracting(_ other: PathRaster) -> PathRaster {
        guard size == other.size, !other.dots.isEmpty else { return self }
        var covered = [UInt8](repeating: 0, count: size.width * size.height)
        for dot in other.dots { covered[Int(dot.row) * size.width + Int(dot.column)] |= dot.bit }
        return PathRaster(size: size, dots: dots.filter { covered[Int($0.row) * size.width + Int($0.column)] & $0.bit == 0 })
    }

    /// How many dots are on.
    public var litDotCount: Int { dots.count }

    /// Whether any dot of the cell at `column`, `row` is on (a `.contentShape`'s hit test).
    public func covers(column: Int, row: Int) -> Bool {
        dots.contains { Int($0.column) == column && Int($0.row) == row }
    }

    /// Draws the dots with the rectangle's top-left cell at `origin`. Only cells with a dot are
    /// written, so what was drawn before shows around the shape.
    public func draw(at origin: Point, on canvas: inout Canvas, style: Style, glyphs: PieGlyphs) {
        guard !dots.isEmpty else { return }
        let table = glyphs == .braille ? Self.braille : Self.asciiRamp
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: size.width * size.height) { bits in
            bits.initialize(repeating: 0)
            for dot in dots { bits[Int(dot.row) * size.width + Int(dot.column)] |= dot.bit }
            for row in 0..<size.height {
                for column in 0..<size.width {
                    let cellBits = bits[row * size.width + column]
                    guard cellBits != 0 else { continue }
                    canvas.put(table[Int(cellBits)], x: origin.x + column, y: origin.y + row, style: style)
                }
            }
        }
    }

    /// The glyph for each set of lit dots in a cell (bit i of the Braille pattern), made once.
    /// Braille patterns are printable and one column wide, so the table is not measured.
    static let braille: [Glyph] = (0..<256).map { Glyph(known: String(Unicode.Scalar(0x2800 + UInt32($0))!), width: 1) }
    /// `--ascii`: a ramp by how many of the cell's 8 dots are lit.
    static let asciiRamp: [Glyph] = (0..<256).map { bits in
        let ramp: [Character] = [" ", ".", ":", "-", "=", "+", "*", "#", "%", "@"]
        let index = max(1, Int((Double(UInt8(bits).nonzeroBitCount) / 8 * Double(ramp.count - 1)).rounded()))
        return Glyph(ramp[index])
    }
}
