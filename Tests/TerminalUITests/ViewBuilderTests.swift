import Testing
@testable import TerminalUI

/// Lecture 5's `@ViewBuilder`: the views of a block drawn in order into the rect offered (later
/// ones on top), `if`/`else` choosing one side, an `if` alone drawing or not, nothing drawing
/// nothing; shapes as views (`fill`, `strokeBorder`) and `.padding` as in the lecture.
@Suite struct ViewBuilderTests {
    private func draw(_ view: some View, in size: Size = Size(width: 6, height: 3)) -> String {
        var canvas = Canvas(size: size, fill: Cell("."))
        view.draw(in: Rect(origin: .zero, size: size), on: &canvas)
        return canvas.plainText
    }

    /// Like the lecture's `Cardify`: the shape filled, its border, something padded inside, and a
    /// choice between two sides.
    @ViewBuilder private func card(faceUp: Bool, marked: Bool) -> some View {
        let shape = RoundedRectangle()
        if faceUp {
            shape.fill(Style())
            shape.strokeBorder(Style())
            Pattern("x", style: Style()).padding(1)
        } else {
            Pattern("#", style: Style())
        }
        if marked { Drawing { canvas, rect in _ = canvas.put("!", x: rect.minX, y: rect.minY, style: Style()) } }
    }

    @Test func blockDrawsInOrderWithLaterViewsOnTop() {
        #expect(draw(card(faceUp: true, marked: false)) == "╭────╮\n│xxxx│\n╰────╯")
        // The same views in the other order: the fill now covers the border and the pattern.
        let reversed = ZStack {
            Pattern("x", style: Style()).padding(1)
            RoundedRectangle().strokeBorder(Style())
            RoundedRectangle().fill(Style())
        }
        #expect(draw(reversed) == "\n\n")   // (plainText trims trailing blanks)
    }

    @Test func ifElseDrawsOneSideAndIfAloneDrawsOrNot() {
        #expect(draw(card(faceUp: false, marked: false)) == "######\n######\n######")
        #expect(draw(card(faceUp: false, marked: true)) == "!#####\n######\n######")
        #expect(draw(card(faceUp: true, marked: true)) == "!────╮\n│xxxx│\n╰────╯")
    }

    @Test func anEmptyBlockDrawsNothing() {
        #expect(draw(ZStack {}) == "......\n......\n......")
    }

    @Test func paddingInsetsTheRectOffered() {
        let view = Pattern("x", style: Style()).padding(1)
        #expect(draw(view, in: Size(width: 4, height: 4)) == "....\n.xx.\n.xx.\n....")
    }

    /// `strokeHorizontalEdges`: the focus highlight, the top and bottom edges only.
    @Test func horizontalEdgesLeaveTheSidesAlone() {
        #expect(draw(RoundedRectangle().strokeHorizontalEdges(Style())) == "╭────╮\n......\n╰────╯")
    }
}
