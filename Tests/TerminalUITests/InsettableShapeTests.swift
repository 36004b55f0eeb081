import Testing
@testable import TerminalUI

/// SwiftUI's `InsettableShape`: `inset(by:)` draws a shape inside the rect it is offered, and
/// `strokeBorder(lineWidth:)` is the shape less itself inset by the line's width.
struct InsettableShapeTests {
    private func draw(_ view: some View, in size: Size) -> String {
        var canvas = Canvas(size: size, fill: Cell("."))
        view.draw(in: Rect(origin: .zero, size: size), on: &canvas)
        return canvas.plainText
    }

    /// The notes' `MyCircle`: inset, its radius is smaller, so it lights fewer dots, all of them
    /// among the whole circle's.
    @Test func anInsetCircleLiesInsideTheCircle() {
        let size = Size(width: 12, height: 6)
        let whole = Circle().raster(for: size), inset = Circle().inset(by: 2).raster(for: size)
        #expect(inset.litDotCount > 0)
        #expect(inset.litDotCount < whole.litDotCount)
        #expect(whole.subtracting(inset).litDotCount == whole.litDotCount - inset.litDotCount, "an inset dot outside the circle")
        #expect(Circle().inset(by: 1).inset(by: 1).raster(for: size).litDotCount == inset.litDotCount, "insets add up")
    }

    /// The notes' `Capsule`: its middle is filled across its whole height, its ends are round
    /// (the corner cells partly filled, the ends' middle full), and it is left-right symmetric.
    @Test func aCapsuleHasStraightSidesAndRoundEnds() {
        let size = Size(width: 16, height: 3)             // 16 x 6 pixels: ends of radius 3
        var canvas = Canvas(size: size, fill: Cell("."))
        Capsule().raster(for: size).draw(at: .zero, on: &canvas, style: .plain, glyphs: .braille)
        let rows = canvas.plainText.split(separator: "\n").map { Array($0) }
        #expect(rows.allSatisfy { $0[8] == "⣿" }, "the straight part is full on every row:\n\(canvas.plainText)")
        #expect(rows[1][0] == "⣿", "the end reaches the side at mid-height")
        #expect(rows[0][0] != "⣿" && rows[2][15] != "⣿", "the corners are rounded off:\n\(canvas.plainText)")
        #expect(rows.allSatisfy { row in row.indices.allSatisfy { (row[$0] == "⣿") == (row[row.count - 1 - $0] == "⣿") } }, "symmetric")
        #expect(Capsule().inset(by: 1).raster(for: size).litDotCount < Capsule().raster(for: size).litDotCount)
        #expect(Capsule().raster(for: size).litDotCount < Rectangle().raster(for: size).litDotCount)
    }

    /// The generic stroke: a ring of Braille dots, its middle left as it was.
    @Test func aCirclesStrokeIsARingInsideTheRect() {
        let size = Size(width: 12, height: 6)
        let ring = draw(Circle().strokeBorder(.plain, lineWidth: 1), in: size)
        let rows = ring.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        #expect(rows[3][6] == ".", "the middle is stroked:\n\(ring)")
        #expect(rows[0][6] != ".", "the top of the circle is not stroked:\n\(ring)")
        #expect(rows[3][0] != ".", "the left of the circle is not stroked:\n\(ring)")
        // The ring is exactly the circle's dots less the inset circle's.
        var canvas = Canvas(size: size)
        Circle().strokeBorder(in: Rect(origin: .zero, size: size), lineWidth: 1, on: &canvas, style: .plain)
        let expected = Circle().raster(for: size).subtracting(Circle().inset(by: 1).raster(for: size))
        var drawn = Canvas(size: size)
        expected.draw(at: .zero, on: &drawn, style: .plain, glyphs: .braille)
        #expect(canvas.plainText == drawn.plainText)
    }

    /// Cardify's shape: inset, its box glyphs move in by whole cells (two pixels down are a row);
    /// its stroke is one glyph wide.
    @Test func anInsetRoundedRectangleIsDrawnInWholeCellsInside() {
        let size = Size(width: 8, height: 5)
        #expect(draw(RoundedRectangle(cornerRadius: 10).strokeBorder(.plain, lineWidth: 3), in: size)
                == "╭──────╮\n│......│\n│......│\n│......│\n╰──────╯")
        #expect(draw(RoundedRectangle().inset(by: 2).strokeBorder(.plain), in: size)
                == "........\n..╭──╮..\n..│..│..\n..╰──╯..\n........")
        #expect(draw(RoundedRectangle().inset(by: 2).fill(.plain), in: size)
                == "........\n..    ..\n..    ..\n..    ..\n........")
        #expect(draw(RoundedRectangle().strokeBorder(.plain, ascii: true), in: Size(width: 4, height: 3)) == "+--+\n|..|\n+--+")
    }

    /// Its path moves in by the same pixels.
    @Test func anInsetRoundedRectanglesPathIsInside() {
        let size = Size(width: 8, height: 4)
        let inset = RoundedRectangle().inset(by: 2).raster(for: size)
        var canvas = Canvas(size: size)
        inset.draw(at: .zero, on: &canvas, style: .plain, glyphs: .braille)
        let rows = canvas.plainText.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        #expect(rows[0].allSatisfy { $0 == " " } && rows[3].allSatisfy { $0 == " " }, "\(canvas.plainText)")
        #expect(rows[1][0] == " " && rows[1][1] == " " && rows[1][3] != " ")
    }
}
