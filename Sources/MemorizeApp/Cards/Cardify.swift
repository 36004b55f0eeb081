import Glibc
import TerminalUI

/// Lecture 5/8's `Cardify` view modifier: turns any content into a card that flips through 90°.
///
/// `rotation` is the animatable data (0 = face up, 180 = face down). The card is drawn
/// |cos θ| as wide as its frame around its centre — a terminal's `rotation3DEffect` about the
/// y axis — and shows its face (border, light face, content) only while rotation < 90, its back
/// after, exactly where the lecture switches.
struct Cardify {
    var rotation: Double

    /// Lecture 8's `Animatable` hook: the Animator interpolates this value frame by frame.
    var animatableData: Double {
        get { rotation }
        set { rotation = newValue }
    }

    init(rotation: Double) { self.rotation = rotation }

    var showsFace: Bool { rotation < 90 }

    /// The frame actually covered at this rotation: full height, |cos θ| of the width, centred.
    func projectedFrame(_ frame: FloatRect) -> Rect {
        let factor = abs(cos(rotation * .pi / 180))
        var projected = frame
        projected.width = max(1, frame.width * factor)
        projected.x = frame.midX - projected.width / 2
        return projected.rounded
    }

    /// Draws a card covering `rect` (a `projectedFrame`, via CardRaster, which decides what
    /// is seen): the face (border, light face, then `content` into the interior) or the back.
    /// `pressed`: the back is drawn lit (Palette.pressedBack), for a card chosen but not yet turned.
    static func draw(in rect: Rect, showsFace: Bool, on canvas: inout Canvas, palette: Palette, border: CardRaster.Border,
                     pressed: Bool, content: (inout Canvas, Rect) -> Void) {
        guard !rect.isEmpty else { return }
        if showsFace {
            let outline = border == .matched ? palette.matchedBorder : palette.faceBorder
            RoundedRectangle.draw(in: rect, on: &canvas, border: outline, fill: palette.faceFill, ascii: palette.ascii)
            content(&canvas, rect.inset(by: 1))
        } else {
            if pressed {
                canvas.fill(rect, with: palette.pressedBackGlyph, style: palette.pressedBack)
            } else {
                canvas.fill(rect, with: palette.backGlyph, style: palette.back)
            }
            if border == .matched {
                RoundedRectangle.draw(in: rect, on: &canvas, border: palette.matchedBorder, fill: nil, ascii: palette.ascii)
            }
        }
        if border == .focused {
            // The focus lights the top and bottom edges (on a back too, so it shows without colour):
            // moving it changes two runs of cells per card, not one cell per row.
            RoundedRectangle.drawHorizontalEdges(of: rect, on: &canvas, style: palette.focusedBorder, ascii: palette.ascii)
        }
    }
}
