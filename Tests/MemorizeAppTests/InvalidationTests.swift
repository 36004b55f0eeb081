import Testing
import TerminalUI
@testable import MemorizeApp

/// One route from a keypress to the runtime: an intent inside `withAnimation` has the views
/// evaluated once, at once; state nothing animates (the focus) starts no animation.
@Suite struct InvalidationTests {
    @Test func aFocusMoveStartsNoAnimation() {
        let h = ThemeHarness()
        h.press("d")
        h.advance(3)
        _ = h.render()
        #expect(h.view.animator.runningAnimations(at: h.clock.now).isEmpty)
        h.press("right")
        h.press("down")
        h.advance(0.1)
        _ = h.render()
        let running = h.view.animator.runningAnimations(at: h.clock.now)
        #expect(running.isEmpty, "a focus move started \(running.map(\.key))")
    }

    @Test func choosingACardEvaluatesTheViewsAtTheIntentNotAgainAtTheTick() {
        let h = ThemeHarness()
        h.press("d")
        h.advance(3)
        let graph = h.view.renderer.graph
        let before = graph.evaluationCount
        h.router.handle(.key(Key(name: "space")!))      // withAnimation { choose }: evaluated at once
        let atTheIntent = graph.evaluationCount
        #expect(atTheIntent > before)
        h.router.tick()                                 // the tick after it must not evaluate again
        #expect(graph.evaluationCount == atTheIntent)
    }
}
