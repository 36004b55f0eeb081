/// A horizontal run whose ends fall at eighths of a cell, and the painter of its partial cells.
///
/// Cells are coarse: a shape that narrows or glides a whole cell at a time moves in visible jumps
/// and first moves late. Unicode's left blocks ▏▎▍▌▋▊▉ (U+258F–2589, drawn by most terminals
/// themselves rather than by the font) cover 1…7 eighths of a cell from its left, so a run can end
/// at any eighth: its whole cells are drawn as usual and each end's partial cell is one block
/// glyph, foreground = the run's colour, background = whatever is behind, so it needs no colour
/// beyond the two already on screen. A run covering a cell's *right* part uses the same glyph
/// for the uncovered left part, in reverse video: the same colour pair.
public struct EighthSpan: Hashable, Sendable {
    /// Eighths of a cell from column 0: the run covers `start..<end`.
    public let start: Int
    public let end: Int

    /// The run from `minX` to `maxX` (cells, fractional), each end rounded to the nearest eighth;
    /// at least one eighth wide, so a shape never vanishes by rounding alone.
    public init(minX: Double, maxX: Double) {
        let lo = Self.eighths(minX), hi = Self.eighths(maxX)
        start = lo
        end = max(hi, lo + 1)
    }

    public init(start: Int, end: Int) {
        self.start = start
        self.end = max(end, start + 1)
    }

    /// `value * 8` rounded, bounded so absurd coordinates cannot trap.
    static func eighths(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(max(-1e9, min(1e9, (value * 8).rounded())))
    }

    /// The cells the run covers entirely (empty, at the trailing cell, for a run inside one cell).
    public var wholeCells: Range<Int> {
        let first = Self.ceilDiv(start), last = Self.floorDiv(end)
        if first < last { return first..<last }
        let at = trailing?.x ?? first
        return at..<at
    }

    /// The cell left of the whole cells that the run covers only its right part of, with the
    /// eighths covered (1…7); nil when the run starts on a cell boundary.
    public var leading: (x: Int, eighths: Int)? {
        let r = Self.mod8(start)
        guard r != 0 else { return nil }
        let x = Self.floorDiv(start)
        // A run inside one cell has no leading part: its trailing part says it all (below).
        guard x != Self.floorDiv(end) else { return nil }
        return (x, 8 - r)
    }

    /// The cell right of the whole cells that the run covers only its left part of, with the
    /// eighths covered (1…7); nil when the run ends on a cell boundary. A run that starts and ends
    /// inside one cell is drawn as this, its width kept and its left end moved to the cell's edge
    /// (no glyph covers the middle of a cell in one colour pair).
    public var trailing: (x: Int, eighths: Int)? {
        let r = Self.mod8(end)
        let x = Self.floorDiv(end)
        if Self.floorDiv(start) == x, Self.mod8(start) != 0 {
            return (x, max(1, min(7, end - start)))
        }
        guard r != 0 else { return nil }
        return (x, r)
    }

    /// Every cell the run touches: the whole cells and both partial ones.
    public var footprint: Range<Int> {
        let whole = wholeCells
        let lo = leading?.x ?? (whole.isEmpty ? (trailing?.x ?? whole.lowerBound) : whole.lowerBound)
        let hi = trailing.map { $0.x + 1 } ?? whole.upperBound
        return lo..<max(lo, hi)
    }

    private static func floorDiv(_ a: Int) -> Int { a >= 0 ? a / 8 : -((-a + 7) / 8) }
    private static func ceilDiv(_ a: Int) -> Int { -floorDiv(-a) }
    private static func mod8(_ a: Int) -> Int { a - floorDiv(a) * 8 }
}

/// Paints the partial cells of an `EighthSpan` (the whole cells are the caller's to draw).
public enum EighthBlocks {
    /// U+258F (one eighth) … U+2589 (seven eighths): index n - 1 covers n eighths from the left.
    static let leftBlocks: [Glyph] = (1...7).map { n in
        Glyph(known: String(UnicodeScalar(UInt32(0x2590 - n))!), width: 1)
    }

    /// The block glyph covering `eighths` (1…7) of a cell from its left.
    public static func leftBlock(eighths: Int) -> Glyph { leftBlocks[max(1, min(7, eighths)) - 1] }

    /// Whether a character is one of the glyphs this painter draws (tests and benchmarks look for them).
    public static func isEighthBlock(_ scalar: Unicode.Scalar) -> Bool { (0x2589...0x258F).contains(scalar.value) }

    /// Paints `span`'s partial cells on rows `rows` in `color`, over whatever the canvas holds
    /// there now (its background, or its foreground where it is drawn in reverse video).
    public static func paintEnds(of span: EighthSpan, rows: Range<Int>, color: Color, on canvas: inout Canvas) {
        for y in rows {
            if let leading = span.leading { paint(x: leading.x, y: y, eighths: leading.eighths, fromRight: true, color: color, on: &canvas) }
            if let trailing = span.trailing { paint(x: trailing.x, y: y, eighths: trailing.eighths, fromRight: false, color: color, on: &canvas) }
        }
    }

    /// One partial cell: `eighths` of cell (x, y) covered by `color`, from its left edge or, with
    /// `fromRight`, from its right edge; the rest shows what is behind.
    public static func paint(x: Int, y: Int, eighths: Int, fromRight: Bool, color: Color, on canvas: inout Canvas) {
        guard x >= 0, y >= 0, x < canvas.size.width, y < canvas.size.height, (1...7).contains(eighths) else { return }
        let behind = canvas[x, y].style
        let behindColor = behind.reverse ? behind.foreground : behind.background
        // From the right: the block covers the uncovered left part, and reverse video swaps the
        // pair so that part shows what is behind and the rest the run's colour.
        let glyph = leftBlock(eighths: fromRight ? 8 - eighths : eighths)
        canvas.put(glyph, x: x, y: y, style: Style(foreground: color, background: behindColor, reverse: fromRight))
    }
}
