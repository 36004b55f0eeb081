import Testing
import TerminalUI
@testable import MemorizeApp

/// Every input that changes the game shows in the very next frame (1/30 s later on the
/// virtual clock), although the lecture's eased animations take ~100 ms to move anything by a cell.
/// The benchmark measures the same thing in real time through a pseudo-terminal.
@Suite struct ImmediateFeedbackTests {
    static let frame = 1.0 / 30

    /// The cells that differ between two canvases of one size (every cell when the sizes differ):
    /// what the screen's diff would send.
    static func changed(_ a: Canvas, _ b: Canvas) -> [Point] {
        let all = (0..<b.size.height).flatMap { y in (0..<b.size.width).map { Point(x: $0, y: y) } }
        guard a.size == b.size else { return all }
        return all.filter { a[$0.x, $0.y] != b[$0.x, $0.y] }
    }

    static func dealtHarness(monochrome: Bool = false) -> MotionHarness {
        var options = AppOptions()
        options.monochrome = monochrome
        let h = MotionHarness(options: options)
        h.press(.character("d"))
        h.settle()
        return h
    }

    @Test(arguments: [false, true])
    func choosingACardChangesThatCardInTheNextFrame(monochrome: Bool) {
        let h = Self.dealtHarness(monochrome: monochrome)
        let before = h.render()
        h.press(.character(" "))
        h.advance(Self.frame)
        let changed = Self.changed(before, h.render())
        let card = h.view.layout.grid.itemFrames[h.view.focusIndex]
        #expect(!changed.isEmpty, "nothing visible one frame after choosing")
        #expect(changed.allSatisfy { card.contains($0) }, "only the chosen card changes: \(changed.prefix(5))")
        // The lecture's flip is untouched: still on its back, barely turned.
        #expect(h.card(h.view.focusIndex).rotation > 170)
    }

    @Test func clickingACardChangesItInTheNextFrame() {
        let h = Self.dealtHarness()
        let target = h.view.layout.grid.itemFrames[5]
        let before = h.render()
        h.view.handle(click: Point(x: target.minX + target.width / 2, y: target.minY + target.height / 2))
        h.view.tick()
        h.advance(Self.frame)
        let changed = Self.changed(before, h.render())
        #expect(changed.contains { target.contains($0) })
    }

    @Test func thePressedLookEndsWhenTheFaceShows() {
        let h = Self.dealtHarness()
        h.press(.character(" "))
        h.advance(0.6)
        #expect(!h.card(h.view.focusIndex).isTurningUp)
        #expect(!h.view.isAnimating || h.card(h.view.focusIndex).bonusRemaining != nil)
    }

    @Test(arguments: ["s", "r", "n", "d", "l"])
    func everyGameKeyShowsInTheNextFrame(key: String) {
        // "d" on an undealt table; the others on a dealt one.
        let h = key == "d" ? MotionHarness() : Self.dealtHarness()
        let before = h.render()
        h.press(.character(Character(key)))
        h.advance(Self.frame)
        #expect(!Self.changed(before, h.render()).isEmpty, "key \(key): nothing visible one frame later")
    }

    @Test(arguments: GameLayout.Button.allCases)
    func aButtonLightsUpWhenItActsAndGoesOutAfter(button: GameLayout.Button) {
        let h = Self.dealtHarness()
        let frame = h.view.layout.frame(of: button)
        let before = h.render()
        h.view.handle(click: Point(x: frame.minX + 1, y: frame.minY))
        h.view.tick()
        h.advance(Self.frame)
        let lit = h.render()
        #expect(Self.changed(before, lit).contains { frame.contains($0) }, "\(button) did not light up")
        h.settle()
        let settled = h.render()
        // New Game may change the theme, and with it the buttons' colour: compare with the palette.
        let palette = Palette(theme: h.view.game.theme.color, monochrome: false, ascii: false)
        #expect(settled[frame.minX, frame.minY].style == palette.button, "\(button) stays lit")
    }
}
