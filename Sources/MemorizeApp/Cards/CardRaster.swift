import TerminalUI

/// A card as cells: everything that decides what a `CardView` draws at one moment, and nothing
/// finer. Presented values move every frame (a flip's angle, a pie's remaining bonus); what they
/// look like changes only when an edge crosses a cell or the pie lights another dot. Equal
/// appearances draw equal cells, so frames between a pie's raster steps equal the last one and
/// the screen's diff sends nothing for them.
struct CardRaster: Equatable {
    enum Border: Equatable { case face, focused, matched }

    /// The whole cells covered: the frame scaled by presence and narrowed by the flip. The face
    /// (border, emoji, pie) is drawn in these.
    var rect: Rect
    /// The card's horizontal extent in eighths of a cell when its edges move in eighths (nil:
    /// whole cells, as under --ascii or on the linux console): its partial cells either side of
    /// `rect` show the card's colour against what is behind (EighthBlocks).
    var span: EighthSpan?
    var showsFace: Bool
    var border: Border
    /// The back drawn lit: chosen, not yet turned (face-down cards only).
    var pressed = false
    /// The emoji (face-up cards only).
    var content = ""
    /// Dots of the bonus pie lit (PieRaster step; 0: none).
    var pieStep = 0
    /// The face's interior before the flip narrows it: the pie is drawn for this size and then
    /// squeezed into the narrowed face, as Cardify's rotation turns everything on the card.
    var pieSize = Size.zero
    /// The border cell where the matched card's lap of light is (face-up cards only).
    var spinHead: Int?
    /// The card before the turn (its frame scaled by presence) and the presented turn, which
    /// Cardify's body narrows it by (`rotation3DEffect`): `rect` and `span` are what that covers.
    var frame = FloatRect(Rect.zero)
    var rotation = 0.0
    var subCellEdges = false

    /// Every cell drawing may write. A card writes only inside its rect, wide glyphs included
    /// (the emoji is drawn only where it fits).
    var footprint: Rect {
        guard let span, rect.height > 0 else { return rect }
        let cells = span.footprint
        return Rect(x: cells.lowerBound, y: rect.minY, width: cells.count, height: rect.height)
    }

    func draw(on canvas: inout Canvas, palette: Palette, pies: BonusPieRasters) {
        guard rect.height > 0, !rect.isEmpty || span != nil else { return }
        // Lecture 8: the content, cardified at the rotation the Animator presents now.
        Cardify.Content(palette: palette, border: border, pressed: pressed, face: Drawing { canvas, interior in
            drawFace(interior: interior, on: &canvas, palette: palette, pies: pies)
        }, frame: frame, subCellEdges: subCellEdges)
        .cardify(Cardify(rotation: rotation))
        .draw(in: rect, on: &canvas)
        if let spinHead {
            // A terminal cannot rotate a glyph, so a matched card's 1 s linear spin becomes a
            // bright segment running once round the border per second.
            let perimeter = BorderWalk(rect)
            for offset in 0..<min(DrawingConstants.spinLength, perimeter.count) {
                let p = perimeter[(spinHead - offset + perimeter.count) % perimeter.count]
                canvas.restyle(Rect(origin: p, size: Size(width: 1, height: 1))) { $0 = palette.spinHighlight }
            }
        }
    }

    private func drawFace(interior: Rect, on canvas: inout Canvas, palette: Palette, pies: BonusPieRasters) {
        guard !interior.isEmpty else { return }
        if pieStep > 0 {
            // Lecture 8: the pie behind the emoji.
            pies.raster(for: pieSize, squeezedTo: interior.size)
                .draw(step: pieStep, at: interior.origin, on: &canvas, style: palette.pie, glyphs: palette.ascii ? .ascii : .braille)
        }
        let width = TextWidth.of(content)
        guard interior.width >= width else { return }
        let x = interior.minX + (interior.width - width) / 2
        let y = interior.minY + (interior.height - 1) / 2
        canvas.put(content, x: x, y: y, style: palette.faceFill)
    }
}

/// The bonus pie's rasters, one per card interior size (a layout has one or two): computed once,
/// then every frame of a countdown is a lookup and a binary search.
final class BonusPieRasters {
    /// Short lists, searched in order: a layout has a size or two, a flip a few widths. (A
    /// Dictionary keyed by Size cost the first flip of a run ~200k instructions of run-time
    /// generic metadata and conformance lookups in the static binary, more than the raster.)
    private var rasters: [PieRaster] = []
    private var squeezed: [(size: Size, raster: PieRaster)] = []

    func raster(for size: Size) -> PieRaster {
        if let raster = rasters.first(where: { $0.size == size }) { return raster }
        let pie = Pie.bonus(remaining: 1)
        let raster = PieRaster(size: size, startAngle: pie.startAngle, clockwise: pie.clockwise)
        if rasters.count >= 16 { rasters.removeAll() }     // sizes of past layouts (resizes)
        rasters.append(raster)
        return raster
    }

    /// The raster of `size` narrowed to `projected` by a flip (only the width narrows; anything
    /// else gets a raster of its own). Squeezing is cheap; the few widths of a flip are kept.
    func raster(for size: Size, squeezedTo projected: Size) -> PieRaster {
        guard projected != size, projected.height == size.height, projected.width < size.width else {
            return raster(for: projected)
        }
        if let kept = squeezed.first(where: { $0.size == size && $0.raster.size == projected }) { return kept.raster }
        let raster = raster(for: size).squeezed(toWidth: projected.width)
        if squeezed.count >= 64 { squeezed.removeAll() }
        squeezed.append((size, raster))
        return raster
    }

    /// Makes the raster of `size` ahead of its first use (see `raster(for:)`).
    func prepare(for size: Size) {
        guard size.width > 0, size.height > 0 else { return }
        _ = raster(for: size)
    }

    /// Dots lit by `pie` (a presented bonus pie) in an interior of `size`.
    func step(of pie: Pie, in size: Size) -> Int {
        let sweep = pie.sweep
        guard sweep > 0, size.width > 0, size.height > 0 else { return 0 }
        return raster(for: size).step(sweep: sweep)
    }
}
