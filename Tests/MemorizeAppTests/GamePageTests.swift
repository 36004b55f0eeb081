import Testing
import Memorize
import TerminalUI
@testable import MemorizeApp

/// The game page's `body` is a tree of views (`EmojiMemoryGameView`) that the runtime lays out and draws:
/// the buttons, the deck and the cards take `.onTapGesture`s, hit where the runtime drew them.
@Suite struct GamePageTests {
    /// What a click at each cell would tap: "d" the deck, "b" a button, "c" a card, "." nothing.
    private func tapMap(_ h: MotionHarness) -> [Point: Character] {
        let cardIDs = Set(h.view.game.cards.map(\.id))
        var map: [Point: Character] = [:]
        h.view.renderer.layOut(h.view.pageState)
        let graph = h.view.renderer.graph
        for y in 0..<h.view.size.height {
            for x in 0..<h.view.size.width {
                let point = Point(x: x, y: y)
                guard let target = graph.tapTarget(at: point) else { continue }
                if cardIDs.contains(where: { target.id.contains(.id(ViewID.ElementID($0))) }) {
                    map[point] = "c"
                } else {
                    map[point] = h.view.layout.deckFrame.contains(point) ? "d" : "b"
                }
            }
        }
        return map
    }

    private func cells(_ rects: [Rect]) -> Set<Point> {
        Set(rects.flatMap { rect in (rect.minY..<rect.maxY).flatMap { y in (rect.minX..<rect.maxX).map { Point(x: $0, y: y) } } })
    }

    @Test func theRuntimeLaysTheDeckAndButtonsOutWhereTheLayoutSaysAndUndealtCardsTakeNoTap() {
        for size in [Size(width: 80, height: 24), Size(width: 54, height: 16), Size(width: 160, height: 48)] {
            let h = MotionHarness(size: size)
            _ = h.render()
            let map = tapMap(h)
            // Before the first deal: the whole deck and each button's cells, and no card.
            #expect(Set(map.filter { $0.value == "d" }.keys) == cells([h.view.layout.deckFrame]), "at \(size)")
            #expect(Set(map.filter { $0.value == "b" }.keys) == cells(GameLayout.Button.allCases.map { h.view.layout.frame(of: $0) }),
                    "at \(size)")
            #expect(!map.values.contains("c"), "at \(size)")
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

    @Test func aTapOnTheDeckDealsAndThenEveryCardTakesTheTapsOnItsCells() {
        let h = MotionHarness()
        _ = h.render()
        let deck = h.view.layout.deckFrame
        h.view.handle(click: Point(x: deck.minX, y: deck.maxY - 1))      // a corner: the whole deck takes it
        #expect(h.view.dealt.count == h.view.game.cards.count)
        h.settle()
        _ = h.render()
        // Dealt, the deck is gone: each card's slot and the buttons take the taps, nothing else.
        let map = tapMap(h)
        #expect(Set(map.filter { $0.value == "c" }.keys) == cells(h.view.layout.grid.itemFrames))
        #expect(!map.values.contains("d"))
        let slot = h.view.layout.grid.itemFrames[3]
        h.view.handle(click: Point(x: slot.maxX - 1, y: slot.minY))
        #expect(h.view.focusIndex == 3 && h.view.game.cards[3].isFaceUp)
    }

    /// Lecture 8's `.onTapGesture` on a card, hit through its `rotation3DEffect`: mid-flip only
    /// the cells the turned card shows take a click.
    @Test func aTurningCardIsHitOnlyWhereItShows() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        let slot = h.view.layout.grid.itemFrames[0]
        h.press(.character(" "))                     // card 0 turns face up
        h.advance(0.25)                              // the middle of the flip: edge-on, one column
        _ = h.render()
        let hit = tapMap(h).filter { $0.value == "c" && slot.contains($0.key) }.keys
        #expect(Set(hit.map(\.x)).count == 1, "\(hit.sorted { ($0.y, $0.x) < ($1.y, $1.x) })")
        h.settle()
        let second = h.view.layout.grid.itemFrames[1]
        h.view.handle(click: Point(x: second.minX, y: second.minY))     // a corner of a card at rest
        #expect(h.view.game.cards[1].isFaceUp)
    }
}
