import Testing
import TerminalUI
@testable import MemorizeApp

/// One route from a keypress to the Animator: an intent inside `withAnimation` re-targets once,
/// at once; state the Animator does not animate (the focus) re-targets nothing.
@Suite struct InvalidationTests {
    @Test func aFocusMoveDoesNotRetargetTheCards() {
        let h = ThemeHarness()
        h.press("d")
        h.advance(3)
        let before = h.view.targetUpdateCount
        h.press("right")
        h.press("down")
        h.advance(0.1)
        _ = h.render()
        #expect(h.view.targetUpdateCount == before)
    }

    @Test func choosingACardRetargetsOnceNotTwice() {
        let h = ThemeHarness()
        h.press("d")
        h.advance(3)
        let before = h.view.targetUpdateCount
        h.press("space")              // withAnimation { choose } re-targets; the tick after it must not again
        #expect(h.view.targetUpdateCount == before + 1)
    }
}
