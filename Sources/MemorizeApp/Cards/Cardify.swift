import TerminalUI

/// Lecture 8's `Cardify` view modifier: turns any content into a card that flips.
///
/// `rotation` (in degrees) is its `animatableData`: the runtime hands `body` every value in
/// between 0 (face up) and 180 (face down) along the transaction's animation, and `body` decides
/// from it, as the lecture's does: the face while `rotation < 90`, the back after, all of it
/// turned by `.rotation3DEffect`.
struct Cardify: ViewModifier, Animatable {
    init(isFaceUp: Bool, look: CardLook) {
        rotation = isFaceUp ? 0 : 180
        self.isFaceUp = isFaceUp
        self.look = look
    }

    var animatableData: Double {
        get { rotation }
        set { rotation = newValue }
    }

    var rotation: Double // in degrees
    typealias Content = AnyView
    /// Chosen while the back still shows: the back is drawn pressed (Palette.pressedBack).
    let isFaceUp: Bool
    let look: CardLook

    /// Lecture 8's body. The focus lights the top and bottom edges (on a back too, so it shows
    /// without colour). The deck's top card shows its back whatever it is doing.
    func body(content: Content) -> some View {
        let rotation = look.inDeck ? 180 : rotation
        let palette = look.palette
        let pressed = isFaceUp && rotation >= 90
        let border = look.border
        ZStack {
            let shape = RoundedRectangle(cornerRadius: DrawingConstants.cornerRadius)
            if rotation < 90 {
                shape.fill(palette.faceFill)
                shape.strokeBorder(border == .matched ? palette.matchedBorder : palette.faceBorder, ascii: palette.ascii)
            } else {
                Pattern(pressed ? palette.pressedBackGlyph : palette.backGlyph, style: pressed ? palette.pressedBack : palette.back)
                if border == .matched { shape.strokeBorder(palette.matchedBorder, ascii: palette.ascii) }
            }
            if border == .focused { shape.strokeHorizontalEdges(palette.focusedBorder, ascii: palette.ascii) }
            // Inside the border (padded first: a padding wider than a sliver of a card would widen it).
            content.padding(DrawingConstants.lineWidth).opacity(rotation < 90 ? 1 : 0)
        }
        .rotation3DEffect(Angle(degrees: rotation), axis: (x: 0, y: 1, z: 0))
        .placed(FractionalFrame(eighthsColor: look.subCellEdges ? edgeColor(pressed: pressed) : nil))
    }

    /// The colour the card shows at a partial end cell: the face's, or the back's as drawn now.
    private func edgeColor(pressed: Bool) -> Color {
        if rotation < 90 && !look.inDeck { return look.palette.faceFill.background }
        return (pressed ? look.palette.pressedBack : look.palette.back).background
    }

    /// The cells the card covers at `rotation`, and its span when an end lies inside a cell.
    static func projection(of frame: FloatRect, rotation: Double, inEighths: Bool) -> (cells: Rect, span: EighthSpan?) {
        Rotation3DEffect<EmptyView>.projection(of: frame, angle: Angle(degrees: rotation), inEighths: inEighths)
    }
}

extension View {
    /// Lecture 8's `.cardify(isFaceUp:)`: this view, made a card by `Cardify`.
    consuming func cardify(isFaceUp: Bool, look: CardLook) -> ModifiedContent<Cardify> {
        ModifiedContent(content: AnyView(self), modifier: Cardify(isFaceUp: isFaceUp, look: look))
    }
}
