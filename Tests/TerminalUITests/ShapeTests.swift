import Foundation
import Testing
@testable import TerminalUI

/// The lecture 8 bonus pie, as the app draws it: the toolkit's Pie knows no bonus.
private extension Pie {
    static func bonus(remaining: Double) -> Pie {
        Pie(startAngle: -90, endAngle: (1 - remaining) * 360 - 90, clockwise: true)
    }
}

/// Renders a drawing into a fresh canvas and returns it as golden text.
private func render(_ size: Size, fill: Character = " ", _ draw: (inout Canvas) -> Void) -> String {
    var canvas = Canvas(size: size, fill: Cell(String(fill)))
    draw(&canvas)
    return canvas.plainText
}

/// Every Braille dot that is on, in dot coordinates (2 per cell across, 4 per cell down).
private func dots(in canvas: Canvas) -> [(x: Int, y: Int)] {
    var result: [(x: Int, y: Int)] = []
    let bitOf: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
    for y in 0..<canvas.size.height {
        for x in 0..<canvas.size.width {
            guard let scalar = canvas[x, y].text.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) else { continue }
            let bits = scalar.value - 0x2800
            for i in 0..<2 { for j in 0..<4 where bits & bitOf[i][j] != 0 { result.append((2 * x + i, 4 * y + j)) } }
        }
    }
    return result
}

struct RoundedRectangleShapeTests {
    @Test func sixByFourGolden() {
        let text = render(Size(width: 8, height: 6)) {
            RoundedRectangle.draw(in: Rect(x: 1, y: 1, width: 6, height: 4), on: &$0, border: .plain, fill: .plain)
        }
        #expect(text == """

             ╭────╮
             │    │
             │    │
             ╰────╯

            """)
    }

    @Test func asciiGolden() {
        let text = render(Size(width: 6, height: 4)) {
            RoundedRectangle.draw(in: $0.bounds, on: &$0, border: .plain, fill: nil, ascii: true)
        }
        #expect(text == "+----+\n|    |\n|    |\n+----+")
    }

    @Test func degenerateSizes() {
        func box(_ w: Int, _ h: Int, ascii: Bool = false) -> String {
            render(Size(width: w, height: h)) {
                RoundedRectangle.draw(in: $0.bounds, on: &$0, border: .plain, fill: .plain, ascii: ascii)
            }
        }
        #expect(box(1, 3) == "│\n│\n│")          // squashed to one column: a vertical line
        #expect(box(2, 3) == "╭╮\n││\n╰╯")        // corners only, no interior
        #expect(box(5, 1) == "─────")              // squashed to one row: a horizontal line
        #expect(box(4, 2) == "╭──╮\n╰──╯")
        #expect(box(2, 2) == "╭╮\n╰╯")
        #expect(box(1, 1) == "│")
        #expect(box(1, 2, ascii: true) == "|\n|")
        #expect(box(3, 1, ascii: true) == "---")
        #expect(box(0, 3) == "\n\n")               // nothing drawn
    }

    @Test func fillStylesTheInteriorOnlyAndNilFillLeavesItAlone() {
        let border = Style(foreground: .red), fill = Style(background: .blue)
        var canvas = Canvas(size: Size(width: 6, height: 4), fill: Cell("x"))
        RoundedRectangle.draw(in: canvas.bounds, on: &canvas, border: border, fill: fill)
        #expect(canvas[0, 0].style == border && canvas[5, 3].style == border && canvas[0, 2].style == border)
        #expect(canvas[1, 1] == Cell(" ", style: fill) && canvas[4, 2] == Cell(" ", style: fill))

        var kept = Canvas(size: Size(width: 6, height: 4), fill: Cell("x"))
        RoundedRectangle.draw(in: kept.bounds, on: &kept, border: border, fill: nil)
        #expect(kept.line(1) == "│xxxx│")
    }

    @Test func noBorderFillsTheWholeRect() {
        let fill = Style(background: .green)
        var canvas = Canvas(size: Size(width: 5, height: 3), fill: Cell("x"))
        RoundedRectangle.draw(in: Rect(x: 1, y: 1, width: 3, height: 2), on: &canvas, border: nil, fill: fill)
        #expect(canvas.plainText == "xxxxx\nx   x\nx   x")
        #expect(canvas[1, 1].style == fill && canvas[3, 2].style == fill && canvas[0, 1].style == .plain)
    }

    @Test func clipsAtTheCanvasEdges() {
        let text = render(Size(width: 4, height: 3)) {
            RoundedRectangle.draw(in: Rect(x: -2, y: 1, width: 5, height: 4), on: &$0, border: .plain, fill: .plain)
        }
        #expect(text == "\n──╮\n  │")
    }
}

struct PieTests {
    private let square = Rect(x: 0, y: 0, width: 8, height: 4)   // 8×8 pixels: radius 4

    private func pie(_ pie: Pie, _ rect: Rect? = nil, glyphs: PieGlyphs = .braille) -> String {
        let rect = rect ?? square
        return render(Size(width: rect.maxX, height: rect.maxY)) { pie.draw(in: rect, on: &$0, style: .plain, glyphs: glyphs) }
    }

    // Bonus pie goldens: remaining fraction is what is filled, eaten clockwise from 12 o'clock.

    @Test func bonusAt100PercentIsAFullCircle() {
        #expect(pie(.bonus(remaining: 1)) == """
            ⢀⣴⣾⣿⣿⣷⣦⡀
            ⣾⣿⣿⣿⣿⣿⣿⣷
            ⢿⣿⣿⣿⣿⣿⣿⡿
            ⠈⠻⢿⣿⣿⡿⠟⠁
            """)
    }

    @Test func bonusAt50PercentIsTheLeftHalf() {
        #expect(pie(.bonus(remaining: 0.5)) == "⢀⣴⣾⣿\n⣾⣿⣿⣿\n⢿⣿⣿⣿\n⠈⠻⢿⣿")
    }

    @Test func bonusAt25PercentIsTheTopLeftQuadrant() {
        #expect(pie(.bonus(remaining: 0.25)) == "⢀⣴⣾⣿\n⣾⣿⣿⣿\n\n")
    }

    @Test func bonusAt0PercentIsEmpty() {
        #expect(pie(.bonus(remaining: 0)) == "\n\n\n")
        #expect(Pie.bonus(remaining: 0).filledDotCount(in: square) == 0)
    }

    @Test func bonusAt75PercentLacksTheTopRightQuadrant() {
        #expect(pie(.bonus(remaining: 0.75)) == "⢀⣴⣾⣿\n⣾⣿⣿⣿\n⢿⣿⣿⣿⣿⣿⣿⡿\n⠈⠻⢿⣿⣿⡿⠟⠁")
    }

    @Test func theLecturesCallIsTheBonusPie() {
        // Pie(startAngle: -90, endAngle: (1 - remaining) * 360 - 90, clockwise: true), as in the course.
        for remaining in stride(from: 0.0, through: 1.0, by: 0.05) {
            let lecture = Pie(startAngle: -90, endAngle: (1 - remaining) * 360 - 90, clockwise: true)
            let full = Double(Pie.bonus(remaining: 1).filledDotCount(in: square))
            let filled = Double(lecture.filledDotCount(in: square))
            #expect(abs(filled / full - remaining) < 0.08, "remaining \(remaining): \(filled) of \(full) dots")
        }
    }

    @Test func angleConvention() {
        // 0° points right and angles grow clockwise on screen: clockwise: false from 0° to 90° sweeps
        // 3 o'clock → 6 o'clock, the bottom-right quadrant.
        #expect(pie(Pie(startAngle: 0, endAngle: 90)) == "\n\n    ⣿⣿⣿⡿\n    ⣿⡿⠟⠁")
        // clockwise: true (SwiftUI's flipped meaning) goes the other way round: everything but that quadrant.
        #expect(pie(Pie(startAngle: 0, endAngle: 90, clockwise: true)) == "⢀⣴⣾⣿⣿⣷⣦⡀\n⣾⣿⣿⣿⣿⣿⣿⣷\n⢿⣿⣿⣿\n⠈⠻⢿⣿")
        // A sweep of a full turn or more is the whole circle.
        #expect(Pie(startAngle: 270, endAngle: -90, clockwise: true).filledDotCount(in: square) == 208)
        #expect(Pie(startAngle: 0, endAngle: 720).filledDotCount(in: square) == 208)
    }

    @Test func filledDotCountShrinksAsTheBonusEndAngleSweeps() {
        let rect = Rect(x: 0, y: 0, width: 30, height: 15)
        var previous = Pie(startAngle: -90, endAngle: -90, clockwise: true).filledDotCount(in: rect)
        let full = previous
        var strictDrops = 0
        for end in stride(from: -89.0, through: 270.0, by: 1.0) {
            let count = Pie(startAngle: -90, endAngle: end, clockwise: true).filledDotCount(in: rect)
            #expect(count <= previous, "end \(end): \(count) > \(previous)")
            if count < previous { strictDrops += 1 }
            previous = count
        }
        #expect(previous == 0)
        #expect(full > 2_000)
        #expect(strictDrops > 300, "the pie should shrink almost every degree at this size")
    }

    @Test func filledDotCountGrowsAsAClockwiseFalseEndAngleSweeps() {
        let rect = Rect(x: 2, y: 1, width: 17, height: 9)
        var previous = 0
        for end in stride(from: 0.5, through: 360.0, by: 0.5) {
            let count = Pie(startAngle: 37, endAngle: 37 + end).filledDotCount(in: rect)
            #expect(count >= previous, "end \(end): \(count) < \(previous)")
            previous = count
        }
        #expect(previous == Pie.bonus(remaining: 1).filledDotCount(in: rect))
    }

    @Test(arguments: [Rect(x: 0, y: 0, width: 20, height: 10), Rect(x: 3, y: 2, width: 40, height: 8),
                      Rect(x: 1, y: 1, width: 11, height: 15), Rect(x: 0, y: 0, width: 41, height: 13)])
    func aFullPieIsRound(rect: Rect) throws {
        var canvas = Canvas(size: Size(width: rect.maxX, height: rect.maxY))
        Pie.bonus(remaining: 1).draw(in: rect, on: &canvas, style: .plain)
        let on = dots(in: canvas)
        try #require(!on.isEmpty)
        #expect(on.count == Pie.bonus(remaining: 1).filledDotCount(in: rect))
        // In pixel units a dot is 0.5 × 0.5, so the bounding box is (dots / 2) pixels each way.
        let width = Double(on.map(\.x).max()! - on.map(\.x).min()! + 1) / 2
        let height = Double(on.map(\.y).max()! - on.map(\.y).min()! + 1) / 2
        let diameter = Double(min(rect.width, 2 * rect.height))
        #expect(abs(width - height) <= 0.5, "\(width)×\(height) pixels is not round")
        #expect(abs(width - diameter) <= 1, "width \(width), diameter \(diameter)")
        // Centred in the rect (pixel space: y doubled).
        let midX = Double(on.map(\.x).max()! + on.map(\.x).min()! + 1) / 4
        let midY = Double(on.map(\.y).max()! + on.map(\.y).min()! + 1) / 4
        #expect(abs(midX - (Double(rect.minX) + Double(rect.width) / 2)) <= 0.25)
        #expect(abs(midY - (Double(rect.minY) * 2 + Double(rect.height))) <= 0.25)
        // Area: 4 dots per square pixel, π r².
        let area = Double(on.count) / 4, expected = Double.pi * diameter * diameter / 4
        #expect(abs(area - expected) / expected < 0.1, "area \(area) vs \(expected)")
    }

    @Test func onlyCellsWithDotsAreWritten() {
        var canvas = Canvas(size: Size(width: 8, height: 4), fill: Cell("x"))
        Pie.bonus(remaining: 0.25).draw(in: canvas.bounds, on: &canvas, style: Style(foreground: .red))
        #expect(canvas.plainText == "⢀⣴⣾⣿xxxx\n⣾⣿⣿⣿xxxx\nxxxxxxxx\nxxxxxxxx")
        #expect(canvas[0, 0].style == Style(foreground: .red) && canvas[4, 0].style == .plain)
    }

    @Test func asciiGlyphsShadeByCoverage() {
        // " .:-=+*#%@" indexed by round(dots / 8 × 9): 1 dot '.', 5 dots '*', 7 dots '%', all 8 '@'.
        #expect(pie(.bonus(remaining: 1), glyphs: .ascii) == ".*%@@%*.\n%@@@@@@%\n%@@@@@@%\n.*%@@%*.")
        // Same cells as the Braille version, so the pie still only covers what it covers.
        #expect(pie(.bonus(remaining: 0.25), glyphs: .ascii) == ".*%@\n%@@@\n\n")
    }

    @Test func emptyRectsAndAnimatableData() {
        #expect(Pie.bonus(remaining: 1).filledDotCount(in: Rect(x: 0, y: 0, width: 0, height: 5)) == 0)
        var p = Pie(startAngle: 0, endAngle: 10)
        p.animatableData = AnimatablePair(-90, 180)
        #expect(p == Pie(startAngle: -90, endAngle: 180))
        #expect(p.animatableData.second == 180)
    }
}

/// A flip narrows the card, and a `rotation3DEffect` squeezes what is on it: the pie's dots,
/// filled at its resting size, move to the scaled columns.
struct PathRasterSqueezeTests {
    private let size = Size(width: 8, height: 4)
    private func full(remaining: Double) -> PathRaster { Pie.bonus(remaining: remaining).raster(for: size) }

    private func drawn(_ raster: PathRaster) -> String {
        render(raster.size) { raster.draw(at: .zero, on: &$0, style: .plain, glyphs: .braille) }
    }

    @Test func theFullWidthIsTheRasterItself() {
        #expect(drawn(full(remaining: 1).squeezed(toWidth: 8)) == drawn(full(remaining: 1)))
    }

    @Test func aHalfWidthPieIsTheFullPieSqueezedIntoHalfTheColumns() {
        let half = full(remaining: 1).squeezed(toWidth: 4)
        #expect(half.size == Size(width: 4, height: 4))
        // Squeezed, not a smaller circle: it still spans all four rows, top to bottom.
        #expect(drawn(half) == "⣰⣿⣿⣆\n⣿⣿⣿⣿\n⣿⣿⣿⣿\n⠹⣿⣿⠏")
        // Half the bonus left lights the left half, squeezed the same way.
        #expect(drawn(full(remaining: 0.5).squeezed(toWidth: 4)) == "⣰⣿\n⣿⣿\n⣿⣿\n⠹⣿")
    }

    @Test func everyDotStaysInsideTheNarrowedColumns() {
        for width in 1...7 {
            let text = drawn(full(remaining: 1).squeezed(toWidth: width))
            #expect(text.split(separator: "\n").allSatisfy { $0.count <= width }, "width \(width): \(text)")
        }
    }
}

/// Glyphs checked once (Canvas `Glyph`): the tables shapes draw from must hold exactly what a
/// checked, measured glyph would.
struct GlyphTableTests {
    @Test func theBrailleTableIsWhatMeasuringEachPatternGives() {
        for bits in 0..<256 {
            let measured = Glyph(Character(Unicode.Scalar(0x2800 + UInt32(bits))!))
            #expect(PathRaster.braille[bits] == measured, "pattern \(bits)")
        }
    }

    @Test func aGlyphIsMadeSafeAndMeasuredOnce() {
        #expect(Glyph("\u{1B}") == Glyph("?"))
        #expect(Glyph("\u{202E}").text == "?")
        #expect(Glyph("🚗").width == 2 && Glyph("─").width == 1)
        var canvas = Canvas(size: Size(width: 4, height: 1))
        canvas.fill(canvas.bounds, with: Glyph("\u{7}"), style: .plain)
        #expect(canvas.plainText == "????")
    }
}
