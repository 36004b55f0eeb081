import Testing
@testable import MemorizeApp
import TerminalUI

/// Lecture 8's `Cardify.body`: handed any rotation (the Animator's interpolated
/// `animatableData`), it shows the face below 90° and the back from there, and turns the card
/// with `.rotation3DEffect`, which narrows it to |cos θ| of its width about its centre.
@Suite struct CardifyBodyTests {
    private func draw(_ rotation: Double, frame: FloatRect = FloatRect(x: 0, y: 0, width: 10, height: 4),
                      eighths: Bool = false, monochrome: Bool = true) -> Canvas {
        let palette = Palette(theme: .init(red: 200, green: 80, blue: 0), monochrome: monochrome, ascii: false)
        var cardify = Cardify(isFaceUp: false, look: CardLook(palette: palette, content: "", subCellEdges: eighths))
        cardify.rotation = rotation     // what the runtime hands body mid-flip
        let card = ModifiedContent(content: AnyView(EmptyView()), modifier: cardify)
        // Between cells only where layout puts it (a flight): there its ends are drawn in eighths.
        return LyingBetweenCells.draw(card, at: frame, size: Size(width: 12, height: 4))
    }

    @Test func atRestTheCardCoversItsFrame() {
        let face = draw(0)
        #expect(face[0, 0].text == "╭" && face[9, 0].text == "╮")
        let back = draw(180)
        #expect(back[0, 0].text == "░" && back[9, 3].text == "░")
    }

    @Test func bodyTurnsTheCardItselfAndChoosesTheSideByRotation() {
        // 60°: |cos θ| = 0.5, so 5 of the 10 columns, centred (columns 3…7); the face.
        let face = draw(60)
        #expect(face[2, 0] == .blank && face[8, 0] == .blank)
        #expect(face[3, 0].text == "╭" && face[7, 0].text == "╮")
        // 120°: as narrow, and past 90° the back.
        let back = draw(120)
        #expect(back[2, 1] == .blank && back[8, 1] == .blank)
        #expect(back[3, 1].text == "░" && back[7, 1].text == "░")
        // Either side of 90°, whatever the width.
        #expect(draw(89)[5, 1].text != "░")
        #expect(draw(91)[5, 1].text == "░")
    }

    @Test func inEighthsTheEndsAreBlocksOfTheCardsColour() {
        let canvas = draw(0, frame: FloatRect(x: 0.25, y: 0, width: 10, height: 4), eighths: true, monochrome: false)
        #expect(canvas[0, 0].text.unicodeScalars.allSatisfy(EighthBlocks.isEighthBlock))
        #expect(canvas[10, 0].text.unicodeScalars.allSatisfy(EighthBlocks.isEighthBlock))
        #expect(canvas[1, 0].text == "╭" && canvas[9, 0].text == "╮")
    }
}
