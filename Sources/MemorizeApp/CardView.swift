import TerminalUI

/// One card as presented at a moment: where it is, how far it has turned, what it shows.
/// A value built by the game view from the Animator's presented values, then drawn.
struct CardView {
    var content: String
    var frame: FloatRect
    var rotation: Double
    /// 1 = fully present; shrinks to 0 as a matched card leaves (lecture 8's removal transition).
    var presence: Double = 1
    /// Bonus left to show as the pie (0…1); nil draws no pie.
    var bonusRemaining: Double?
    /// 0…1 round the border while a matched card "spins"; nil when not spinning.
    var spinPhase: Double?
    var isFocused = false
    var isMatched = false
    /// Chosen (face up in the model) while its back still shows: drawn pressed.
    var isTurningUp = false

    func draw(on canvas: inout Canvas, palette: Palette) {
        guard presence > 0.01 else { return }
        var scaled = frame
        scaled.width = frame.width * presence
        scaled.height = frame.height * presence
        scaled.x = frame.midX - scaled.width / 2
        scaled.y = frame.midY - scaled.height / 2

        let border = isFocused ? palette.focusedBorder : (isMatched ? palette.matchedBorder : palette.faceBorder)
        let cardify = Cardify(rotation: rotation)
        cardify.draw(in: scaled, on: &canvas, palette: palette, border: border, pressed: isTurningUp) { canvas, interior in
            drawFace(interior: interior, on: &canvas, palette: palette)
        }
        if let spinPhase, cardify.showsFace {
            drawSpin(phase: spinPhase, around: cardify.projectedFrame(scaled), on: &canvas, palette: palette)
        }
    }

    private func drawFace(interior: Rect, on canvas: inout Canvas, palette: Palette) {
        guard !interior.isEmpty else { return }
        if let bonusRemaining, bonusRemaining > 0 {
            // Lecture 8: the pie behind the emoji.
            Pie.bonus(remaining: bonusRemaining)
                .draw(in: interior, on: &canvas, style: palette.pie, glyphs: palette.ascii ? .ascii : .braille)
        }
        let width = TextWidth.of(content)
        guard interior.width >= width else { return }
        let x = interior.minX + (interior.width - width) / 2
        let y = interior.minY + (interior.height - 1) / 2
        canvas.put(content, x: x, y: y, style: palette.faceFill)
    }

    /// A terminal cannot rotate a glyph, so a matched card's 1 s linear spin becomes a bright
    /// segment running once round the border per second.
    private func drawSpin(phase: Double, around rect: Rect, on canvas: inout Canvas, palette: Palette) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let perimeter = BorderWalk(rect)
        let head = Int(phase * Double(perimeter.count)) % perimeter.count
        for offset in 0..<min(3, perimeter.count) {
            let p = perimeter[(head - offset + perimeter.count) % perimeter.count]
            canvas.restyle(Rect(origin: p, size: Size(width: 1, height: 1))) { $0 = palette.spinHighlight }
        }
    }
}

/// The border cells of a rectangle, clockwise from the top-left corner.
struct BorderWalk: RandomAccessCollection {
    let rect: Rect
    init(_ rect: Rect) { self.rect = rect }
    var startIndex: Int { 0 }
    var endIndex: Int { Swift.max(0, 2 * (rect.width + rect.height) - 4) }
    subscript(i: Int) -> Point {
        let w = rect.width, h = rect.height
        if i < w { return Point(x: rect.minX + i, y: rect.minY) }
        if i < w + h - 1 { return Point(x: rect.maxX - 1, y: rect.minY + (i - w + 1)) }
        if i < 2 * w + h - 2 { return Point(x: rect.maxX - 1 - (i - (w + h - 2)), y: rect.maxY - 1) }
        return Point(x: rect.minX, y: rect.maxY - 1 - (i - (2 * w + h - 3)))
    }
}
