import Glibc
import TerminalUI

/// Lecture 5/8's `Cardify` view modifier: turns any content into a card that flips through 90°.
///
/// `rotation` is its `animatableData` (0 = face up, 180 = face down): the Animator interpolates
/// it frame by frame (CardTargets declares `Cardify(isFaceUp:)`, the renderer draws the presented
/// one). A terminal cannot turn a card in 3D: the card is drawn |cos θ| as wide as its frame
/// around its centre, and shows its face (border, light face, content) only while rotation < 90,
/// its back after, exactly where the lecture switches.
struct Cardify: ViewModifier, Animatable, Equatable {
    var rotation: Double

    init(isFaceUp: Bool) { rotation = isFaceUp ? 0 : 180 }
    init(rotation: Double) { self.rotation = rotation }

    /// Lecture 8's `Animatable` hook: what the Animator interpolates.
    var animatableData: Double {
        get { rotation }
        set { rotation = newValue }
    }

    var showsFace: Bool { rotation < 90 }

    /// What Cardify is applied to: the card's inside, and how the card around it is styled.
    struct Content {
        var palette: Palette
        var border: CardRaster.Border
        /// The back drawn lit (Palette.pressedBack): a card chosen but not yet turned.
        var pressed = false
        /// The face's content (emoji and pie), drawn into the interior it is offered.
        var face: Drawing
    }

    /// Lecture 8's body, drawn into the rect a card covers (a `projectedFrame`, via CardRaster,
    /// which decides what is seen): the face — the shape filled light, its border, the content
    /// padded inside — or the back. The focus lights the top and bottom edges (on a back too, so it
    /// shows without colour): moving it changes two runs of cells per card, not one cell per row.
    func body(content: Content) -> some View {
        let palette = content.palette
        let shape = RoundedRectangle()
        ZStack {
            if showsFace {
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
    }

    /// The frame actually covered at this rotation: full height, |cos θ| of the width, centred.
    func projectedFrame(_ frame: FloatRect) -> Rect {
        let factor = abs(cos(rotation * .pi / 180))
        var projected = frame
        projected.width = max(1, frame.width * factor)
        projected.x = frame.midX - projected.width / 2
        return projected.rounded
    }
}

extension Cardify.Content {
    /// Lecture 5's `.cardify(isFaceUp:)`: this content, made a card by `Cardify`.
    func cardify(isFaceUp: Bool) -> ModifiedContent<Cardify> { cardify(Cardify(isFaceUp: isFaceUp)) }

    /// The same, at a presented turn (mid-flip).
    func cardify(_ cardify: Cardify) -> ModifiedContent<Cardify> { ModifiedContent(content: self, modifier: cardify) }
}
