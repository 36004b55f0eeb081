import TerminalUI

/// Lecture 8's `Cardify` view modifier: turns any content into a card that flips.
///
/// `rotation` (in degrees) is its `animatableData`: the Animator hands `body` every value in
/// between 0 (face up) and 180 (face down), and `body` decides from it, as the lecture's does:
/// the face while `rotation < 90`, the back after, all of it turned by `.rotation3DEffect`.
struct Cardify: ViewModifier, Animatable, Equatable {
    init(isFaceUp: Bool) {
        rotation = isFaceUp ? 0 : 180
    }

    init(rotation: Double) { self.rotation = rotation }

    var animatableData: Double {
        get { rotation }
        set { rotation = newValue }
    }

    var rotation: Double // in degrees

    /// What Cardify is applied to: the card's inside, and how the card around it is styled.
    struct Content {
        var palette: Palette
        var border: CardRaster.Border
        /// The back drawn lit (Palette.pressedBack): a card chosen but not yet turned.
        var pressed = false
        /// The face's content (emoji and pie), drawn into the interior it is offered.
        var face: Drawing
        /// Where the card lies between cells, and whether its edges move in eighths of a cell.
        var frame: FloatRect
        var subCellEdges = false
    }

    /// Lecture 8's body. The focus lights the top and bottom edges (on a back too, so it shows
    /// without colour): moving it changes two runs of cells per card, not one cell per row.
    func body(content: Content) -> some View {
        let palette = content.palette
        ZStack {
            let shape = RoundedRectangle()
            if rotation < 90 {
                shape.fill(palette.faceFill)
                shape.strokeBorder(content.border == .matched ? palette.matchedBorder : palette.faceBorder, ascii: palette.ascii)
                content.face.padding(DrawingConstants.lineWidth)
            } else {
                if content.pressed {
                    Pattern(palette.pressedBackGlyph, style: palette.pressedBack)
                } else {
                    Pattern(palette.backGlyph, style: palette.back)
                }
                if content.border == .matched { shape.strokeBorder(palette.matchedBorder, ascii: palette.ascii) }
            }
            if content.border == .focused { shape.strokeHorizontalEdges(palette.focusedBorder, ascii: palette.ascii) }
        }
        .rotation3DEffect(Angle(degrees: rotation), axis: (x: 0, y: 1, z: 0),
                          placement: FractionalFrame(content.frame, eighthsColor: content.subCellEdges ? edgeColor(content) : nil))
    }

    /// The colour the card shows at a partial end cell: the face's, or the back's as drawn now.
    private func edgeColor(_ content: Content) -> Color {
        if rotation < 90 { return content.palette.faceFill.background }
        return (content.pressed ? content.palette.pressedBack : content.palette.back).background
    }

    /// The cells the card covers at this rotation, and its span when an end lies inside a cell.
    func projection(of frame: FloatRect, inEighths: Bool) -> (cells: Rect, span: EighthSpan?) {
        Rotation3DEffect<EmptyView>.projection(of: frame, angle: Angle(degrees: rotation), inEighths: inEighths)
    }
}

extension Cardify.Content {
    /// Lecture 5's `.cardify(isFaceUp:)`: this content, made a card by `Cardify`.
    func cardify(isFaceUp: Bool) -> ModifiedContent<Cardify> { cardify(Cardify(isFaceUp: isFaceUp)) }

    /// The same, at a presented turn (mid-flip): what the Animator gives body.
    func cardify(_ cardify: Cardify) -> ModifiedContent<Cardify> { ModifiedContent(content: self, modifier: cardify) }
}
