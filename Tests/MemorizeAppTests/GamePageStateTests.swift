import Testing
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The page's `body` is what the renderer draws: change the value and the frame follows, with
/// nothing read from the page behind it. And the lecture's draw order (`ZIndex`).
@Suite struct GamePageStateTests {
    @Test func theRendererDrawsTheBodyItIsGiven() {
        let h = MotionHarness()
        var body = h.view.pageState
        guard case let .solo(_, score, pairs) = body.title else {
            Issue.record("a solo game's title")
            return
        }
        body.title = .solo(theme: " Declared", score: score, pairs: pairs)
        let canvas = h.view.renderer.render(body, in: h.view.size)
        #expect(canvas.line(0).hasPrefix(" Declared"))
        #expect(!h.render().line(0).hasPrefix(" Declared"))
        // The page's own state draws the page's frame.
        #expect(h.view.renderer.render(h.view.pageState, in: h.view.size) == h.render())
    }

    @Test func theDeckFollowsTheBodysGrid() {
        let h = MotionHarness()
        var body = h.view.pageState
        #expect(h.view.renderer.drawOrder(body, at: h.clock.now).inDeck.count == 16)
        // Declared dealt (with no animation to fly them), the cards rest in the grid.
        body.grid.dealt = Set(body.grid.cards.map(\.id))
        #expect(h.view.renderer.drawOrder(body, at: h.clock.now).inDeck.isEmpty)
    }

    @Test func zIndexPutsTheFirstDealtFlyingCardOnTopAndTheDeckOverAll() {
        #expect(ZIndex.of(cardAt: 9, place: .settled) < ZIndex.of(cardAt: 0, place: .flying))
        #expect(ZIndex.of(cardAt: 3, place: .flying) < ZIndex.of(cardAt: 2, place: .flying))
        #expect(ZIndex.of(cardAt: 0, place: .flying) < ZIndex.of(cardAt: 15, place: .inDeck))
        var order = GameFrameRenderer.DrawOrder()
        order.settled = [0, 1]
        order.flying = [2, 5, 7]
        #expect(order.cardsFromBottom == [0, 1, 7, 5, 2])
    }

    @Test func geometryReaderLaysThePageOutInTheSizeOffered() {
        let h = MotionHarness()
        let body = h.view.pageState
        #expect(body.layout.size == h.view.size)
        let offered = Size(width: 100, height: 30)
        #expect(body.geometry.content(offered: offered).size == offered)
    }
}
