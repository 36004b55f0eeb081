import TerminalUI

/// One card as presented at a moment: where it is, how far it has turned, what it shows.
/// A value built by the game view from the Animator's presented values, then drawn.
struct CardView: Equatable {
    var content: String
    /// Where the card is: its slot, the deck, or on its way between (`matchedGeometryEffect`).
    var frame: FloatRect
    /// How far it has turned: the presented `Cardify`, whose `animatableData` is the rotation.
    var cardify: Cardify
    /// 1 = fully present; falls to 0 as a matched card leaves (lecture 8's removal transition).
    var presence: Double = 1
    /// The bonus pie as presented (its angles are its `animatableData`); nil draws no pie.
    var pie: Pie?
    /// 0…1 round the border while a matched card "spins"; nil when not spinning.
    var spinPhase: Double?
    var isFocused = false
    var isMatched = false
    /// Chosen (face up in the model) while its back still shows: drawn pressed.
    var isTurningUp = false
    /// Edges move in eighths of a cell (EighthSpan) rather than whole cells: off where the block
    /// glyphs cannot be drawn (AppOptions.subCellEdges).
    var subCellEdges = false

    init(content: String, frame: FloatRect, rotation: Double) {
        self.content = content
        self.frame = frame
        cardify = Cardify(rotation: rotation)
    }

    var rotation: Double {
        get { cardify.rotation }
        set { cardify.rotation = newValue }
    }

    /// Bonus left to show as the pie (0…1); nil: no pie.
    var bonusRemaining: Double? { pie?.bonusRemaining }

    /// What this card looks like in cells (see CardRaster): the flip narrows it through
    /// Cardify, the removal transition scales it about its centre, the pie's sweep becomes lit dots.
    func appearance(pies: BonusPieRasters) -> CardRaster {
        guard let scaled = EmojiMemoryGameView.CardConstants.transition.frame(frame, presence: presence, isRemoval: true) else {
            return CardRaster(rect: .zero, showsFace: false, border: .face)
        }
        // What Cardify's rotation3DEffect will cover: the spin runs round it, the pie squeezes into it.
        let (rect, span) = cardify.projection(of: scaled, inEighths: subCellEdges)
        let showsFace = cardify.rotation < 90
        var look = CardRaster(rect: rect, span: span, showsFace: showsFace,
                              border: isFocused ? .focused : (isMatched ? .matched : .face))
        look.frame = scaled
        look.rotation = cardify.rotation
        look.subCellEdges = subCellEdges
        guard !rect.isEmpty else { return look }
        if showsFace {
            look.content = content
            if let pie {
                // The pie belongs to the unturned face; the flip squeezes it (CardRaster.pieSize).
                look.pieSize = scaled.rounded.inset(by: DrawingConstants.lineWidth).size
                look.pieStep = pies.step(of: pie, in: look.pieSize)
            }
            if let spinPhase, rect.width >= 2, rect.height >= 2 {
                let perimeter = BorderWalk(rect).count
                look.spinHead = Int(spinPhase * Double(perimeter)) % perimeter
            }
        } else {
            look.pressed = isTurningUp
        }
        return look
    }

    func draw(on canvas: inout Canvas, palette: Palette, pies: BonusPieRasters = BonusPieRasters()) {
        appearance(pies: pies).draw(on: &canvas, palette: palette, pies: pies)
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
