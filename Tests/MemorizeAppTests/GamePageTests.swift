import Testing
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The game page's `body` is a tree of views (`GamePage`) that the runtime lays out and draws:
/// the buttons are `Button` views whose `.onTapGesture` is hit where the runtime put them.
@Suite struct GamePageTests {
    @Test func theRuntimeLaysTheButtonsOutWhereTheLayoutSays() {
        for size in [Size(width: 80, height: 24), Size(width: 54, height: 16), Size(width: 160, height: 48)] {
            let h = MotionHarness(size: size)
            _ = h.render()
            let tappable = h.view.renderer.graph.tappableViews.map(\.frame)
            // In reading order: the deck (full before the first deal), then the buttons.
            let expected = [h.view.layout.deckFrame] + GameLayout.Button.allCases.map { h.view.layout.frame(of: $0) }
            #expect(tappable == expected, "at \(size)")
        }
    }

    @Test func aClickOnAButtonRunsItsTapGestureAndAClickBesideItNothing() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        _ = h.render()
        let shuffle = h.view.layout.frame(of: .shuffle)
        let order = h.view.game.cards.map(\.id)
        h.view.handle(click: Point(x: shuffle.minX - 1, y: shuffle.minY))     // the gap before it
        #expect(h.view.game.cards.map(\.id) == order)
        h.view.handle(click: Point(x: shuffle.maxX - 1, y: shuffle.minY))     // its last cell, "]"
        #expect(h.view.game.cards.map(\.id) != order)
    }

    @Test func theBodyIsTheLecturesTreeAndEqualWhenNothingMoved() {
        let h = MotionHarness()
        _ = h.render()
        let body = h.view.body
        #expect(body == h.view.body)
        // The deck's count is its deckBody's text, on the deck's middle row.
        let deck = h.view.layout.deckFrame
        let row = h.render().line(deck.minY + deck.height / 2)
        #expect(row.contains(" \(h.view.game.cards.count) "))
        h.press(.character("s"))        // a shuffle lights its button: the body is a new one
        #expect(body != h.view.body)
    }

    @Test func aTapOnTheDeckDealsAndAnEmptyDeckTakesNoTap() {
        let h = MotionHarness()
        _ = h.render()
        let deck = h.view.layout.deckFrame
        h.view.handle(click: Point(x: deck.minX + deck.width / 2, y: deck.minY + deck.height / 2))
        #expect(h.view.dealt.count == h.view.game.cards.count)
        h.settle()
        _ = h.render()
        // Dealt, the deck is gone: only the buttons take a tap (a click there hits a card).
        #expect(h.view.renderer.graph.tappableViews.map(\.frame) == GameLayout.Button.allCases.map { h.view.layout.frame(of: $0) })
    }
}
