import Testing
@testable import TerminalUI

/// The sub-cell span and its painter: which cells are whole, which partial, and what a partial
/// cell looks like over what is behind it.
@Suite struct EighthSpanTests {
    @Test func aSpanOnCellBoundariesHasOnlyWholeCells() {
        let span = EighthSpan(minX: 3, maxX: 13)
        #expect(span.wholeCells == 3..<13)
        #expect(span.leading == nil)
        #expect(span.trailing == nil)
        #expect(span.footprint == 3..<13)
    }

    @Test func aGlidingSpanHasAPartialCellAtEachEnd() {
        // 3.25 … 13.25: cell 3 covered from its right by 6 eighths, cell 13 from its left by 2.
        let span = EighthSpan(minX: 3.25, maxX: 13.25)
        #expect(span.wholeCells == 4..<13)
        #expect(span.leading?.x == 3)
        #expect(span.leading?.eighths == 6)
        #expect(span.trailing?.x == 13)
        #expect(span.trailing?.eighths == 2)
        #expect(span.footprint == 3..<14)
    }

    @Test func endsRoundToTheNearestEighth() {
        // A 14-cell card narrowed by 1/112 of its width on each side: just over half an eighth.
        let span = EighthSpan(minX: 2 + 14.0 / 112 * 0.6, maxX: 16 - 14.0 / 112 * 0.6)
        #expect(span.start == 17)
        #expect(span.end == 127)
        #expect(span.leading?.eighths == 7)
        #expect(span.trailing?.eighths == 7)
        // Less than half an eighth: still the whole cells.
        let still = EighthSpan(minX: 2.06, maxX: 15.94)
        #expect(still.leading == nil && still.trailing == nil)
    }

    @Test func aSpanInsideOneCellIsOnePartialCellOfItsWidth() {
        let span = EighthSpan(start: 8 * 5 + 3, end: 8 * 5 + 5)
        #expect(span.leading == nil)
        #expect(span.trailing?.x == 5)
        #expect(span.trailing?.eighths == 2)
        #expect(span.wholeCells.isEmpty)
        #expect(span.footprint == 5..<6)
        // Two partial cells side by side, no whole one between.
        let pair = EighthSpan(start: 8 * 5 + 3, end: 8 * 6 + 2)
        #expect(pair.leading?.x == 5 && pair.leading?.eighths == 5)
        #expect(pair.trailing?.x == 6 && pair.trailing?.eighths == 2)
        #expect(pair.footprint == 5..<7)
    }

    @Test func aSpanIsNeverEmptyAndNegativeColumnsWork() {
        #expect(EighthSpan(minX: 4, maxX: 4).end == 33)
        let span = EighthSpan(minX: -1.5, maxX: 0.5)
        #expect(span.leading?.x == -2 && span.leading?.eighths == 4)
        #expect(span.wholeCells == -1..<0)
        #expect(span.trailing?.x == 0 && span.trailing?.eighths == 4)
        #expect(EighthSpan(minX: .nan, maxX: .infinity).end >= 1)
    }

    @Test func theBlocksAreTheLeftEighths() {
        #expect((1...7).map { EighthBlocks.leftBlock(eighths: $0).text } == ["▏", "▎", "▍", "▌", "▋", "▊", "▉"])
        for n in 1...7 {
            let known = EighthBlocks.leftBlock(eighths: n)
            #expect(known == Glyph(Character(known.text)))
            #expect(EighthBlocks.isEighthBlock(known.text.unicodeScalars.first!))
        }
        #expect(!EighthBlocks.isEighthBlock("█"))
        #expect(!EighthBlocks.isEighthBlock("░"))
    }

    @Test func partialCellsShowTheSpanColourOverWhatIsBehind() {
        let card = Color.rgb(200, 100, 0), table = Color.rgb(0, 0, 80)
        var canvas = Canvas(size: Size(width: 10, height: 2), fill: Cell(" ", style: Style(background: table)))
        EighthBlocks.paintEnds(of: EighthSpan(minX: 1.25, maxX: 5.375), rows: 0..<2, color: card, on: &canvas)
        for y in 0..<2 {
            // Cell 1, covered from its right by 6 eighths: the 2-eighth block (what is behind)
            // in reverse video of the pair (card, table).
            #expect(canvas[1, y].text == "▎")
            #expect(canvas[1, y].style == Style(foreground: card, background: table, reverse: true))
            // Cell 5, covered from its left by 3 eighths: the 3-eighth block in the card's colour.
            #expect(canvas[5, y].text == "▍")
            #expect(canvas[5, y].style == Style(foreground: card, background: table))
            // The whole cells are the caller's: untouched.
            for x in 2..<5 { #expect(canvas[x, y] == Cell(" ", style: Style(background: table))) }
        }
    }

    @Test func whatIsBehindInReverseVideoShowsItsForeground() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.fill(Rect(x: 0, y: 0, width: 4, height: 1), with: "░", style: Style(foreground: .red, background: .blue, reverse: true))
        EighthBlocks.paint(x: 2, y: 0, eighths: 4, fromRight: false, color: .green, on: &canvas)
        #expect(canvas[2, 0].style == Style(foreground: .green, background: .red))
    }

    @Test func paintingOffTheCanvasOrOutOfRangeDoesNothing() {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        let before = canvas
        EighthBlocks.paint(x: -1, y: 0, eighths: 3, fromRight: false, color: .red, on: &canvas)
        EighthBlocks.paint(x: 3, y: 0, eighths: 3, fromRight: false, color: .red, on: &canvas)
        EighthBlocks.paint(x: 0, y: 0, eighths: 0, fromRight: false, color: .red, on: &canvas)
        EighthBlocks.paint(x: 0, y: 0, eighths: 8, fromRight: false, color: .red, on: &canvas)
        #expect(canvas == before)
    }

    @Test func aPartialCellOverHalfAWideGlyphBlanksItsOtherHalf() {
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.put("👻", x: 1, y: 0, style: .plain)
        EighthBlocks.paint(x: 2, y: 0, eighths: 5, fromRight: false, color: .red, on: &canvas)
        #expect(canvas[1, 0].text == " ")
        #expect(canvas[2, 0].text == "▋")
    }
}
