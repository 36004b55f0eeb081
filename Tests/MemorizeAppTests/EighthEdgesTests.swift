import Foundation
import Testing
import Memorize
import MemorizeStore
import TerminalUI
@testable import MemorizeApp

/// Card edges in eighths of a cell: sooner and finer motion where the block glyphs can be drawn,
/// whole cells exactly as before where they cannot.
@Suite struct EighthEdgesTests {
    static let golden = GoldenScreenTests.directory

    static func hasEighthBlock(_ canvas: Canvas) -> Bool {
        canvas.cells.contains { cell in cell.text.unicodeScalars.contains(where: EighthBlocks.isEighthBlock) }
    }

    /// Seconds from the choice to the first frame (at 1 ms steps) in which card 0's cells change
    /// from the pressed back drawn at the choice.
    static func firstMove(options: AppOptions) -> Double {
        let h = MotionHarness(size: Size(width: 120, height: 40), options: options)
        h.press(.character("d"))
        h.settle()
        h.press(.character(" "))
        let pressed = h.render()
        for step in 1...300 {
            h.advance(0.001)
            if h.render() != pressed { return Double(step) / 1000 }
        }
        return .infinity
    }

    @Test func aFlipFirstMovesSoonerInEighths() {
        var whole = AppOptions()
        whole.blockGlyphsMissing = true
        let eighths = Self.firstMove(options: AppOptions())
        let cells = Self.firstMove(options: whole)
        // The card at 120x40 is 14 cells wide: an eighth at each side is 1/112 of its width,
        // reached at ~7.7° of the eased turn; a whole cell at each side at ~44° (rounding: ~31°).
        #expect(eighths <= 0.1, "first eighth at \(eighths) s")
        #expect(cells > eighths + 0.03, "whole cells at \(cells) s, eighths at \(eighths) s")
    }

    @Test func blockGlyphsShowMidDealAndMidFlipOnly() throws {
        let script = try KeyScript.loadGame(path: Self.golden.appendingPathComponent("eighths-120x40.keys").path)
        var seen: [String: Bool] = [:]
        try HeadlessSession.runCanvases(script: script) { name, canvas in seen[name] = Self.hasEighthBlock(canvas) }
        #expect(seen["mid-deal"] == true)
        #expect(seen["flip-100ms"] == true)
        #expect(seen["mid-shuffle"] == true)
        #expect(seen["resize-glide"] == true)
        #expect(seen["mid-restart"] == true)
    }

    @Test(arguments: ["ascii", "linux console", "monochrome"])
    func noBlockGlyphsWhereTheyCannotBeDrawn(_ why: String) throws {
        var options = AppOptions()
        switch why {
        case "ascii": options.ascii = true
        case "linux console": options.blockGlyphsMissing = true
        default: options.monochrome = true
        }
        #expect(!options.subCellEdges)
        let script = try KeyScript.loadGame(path: Self.golden.appendingPathComponent("eighths-120x40.keys").path)
        var snapshots = 0
        try HeadlessSession.runCanvases(script: script, options: options) { name, canvas in
            snapshots += 1
            #expect(!Self.hasEighthBlock(canvas), "\(name)")
        }
        #expect(snapshots == 6)
    }

    /// Without the glyphs the motion golden is drawn exactly as before eighths existed (the file
    /// under Golden/WholeCells is the golden as it was).
    @Test func wholeCellsAreExactlyAsBefore() throws {
        let script = try KeyScript.loadGame(path: Self.golden.appendingPathComponent("motion-80x24.keys").path)
        var options = AppOptions()
        options.blockGlyphsMissing = true
        let expected = try String(contentsOf: Self.golden.appendingPathComponent("WholeCells/motion-80x24.golden"), encoding: .utf8)
        let actual = try HeadlessSession.output(of: script, options: options)
        #expect(actual == expected, Comment(rawValue: GoldenDiff.describe(expected: expected, actual: actual)))
    }

    @Test func theLinuxConsoleHasNoEighthBlocks() {
        #expect(!TerminalEnvironment.drawsEighthBlocks(term: "linux"))
        #expect(!TerminalEnvironment.drawsEighthBlocks(term: "linux-16color"))
        #expect(TerminalEnvironment.drawsEighthBlocks(term: "xterm-256color"))
        #expect(TerminalEnvironment.drawsEighthBlocks(term: "tmux-256color"))
        #expect(TerminalEnvironment.drawsEighthBlocks(term: nil))
    }

    /// A card gliding at a fractional column: its face in the whole cells, each end a block in the
    /// card's colour over the table, the left one in reverse video (one colour pair).
    @Test func aGlidingBackHasBlockEndsInItsColour() {
        let palette = Palette(theme: .init(red: 200, green: 80, blue: 0), monochrome: false, ascii: false)
        func draw(_ frame: FloatRect, eighths: Bool) -> Canvas {
            let look = CardLook(palette: palette, content: "🚗", subCellEdges: eighths)
            return LyingBetweenCells.draw(Text("🚗").cardify(isFaceUp: false, look: look), at: frame, size: Size(width: 20, height: 9))
        }
        let frame = FloatRect(x: 3.25, y: 2, width: 10, height: 5)
        let canvas = draw(frame, eighths: true)
        let turned = Cardify.projection(of: frame, rotation: 180, inEighths: true)
        #expect(turned.cells == Rect(x: 4, y: 2, width: 9, height: 5))
        #expect(turned.span.map { $0.footprint } == 3..<14)
        let theme = palette.back.background
        for y in 2..<7 {
            #expect(canvas[3, y].text == "▎")
            #expect(canvas[3, y].style == Style(foreground: theme, background: .default, reverse: true))
            #expect(canvas[13, y].text == "▎")
            #expect(canvas[13, y].style == Style(foreground: theme, background: .default))
            #expect(canvas[4, y].text == "░" && canvas[12, y].text == "░")
        }
        #expect(canvas[3, 1] == .blank && canvas[3, 7] == .blank && canvas[14, 4] == .blank)
        // Resting on whole cells: no partial cells, the same raster as without eighths.
        var resting = frame
        resting.x = 3
        #expect(draw(resting, eighths: true) == draw(resting, eighths: false))
        #expect(Cardify.projection(of: resting, rotation: 180, inEighths: true).span == nil)
    }
}
