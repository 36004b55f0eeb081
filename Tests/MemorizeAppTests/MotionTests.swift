import Testing
import MemorizeStore
import Memorize
import TerminalUI
import ThemeFormat
@testable import MemorizeApp

/// A game view on a virtual clock, driven frame by frame.
final class MotionHarness {
    let clock = VirtualClock()
    let view: GamePage

    init(size: Size = Size(width: 80, height: 24), options: AppOptions = AppOptions()) {
        let themes = ThemeLibrary.builtIn()
        view = Launcher.makeView(options, clock: clock, size: size, themes: themes,
                                 theme: themes.first { $0.name == "Halloween" }, seed: 42)
    }

    func press(_ key: Key) { _ = view.handle(key: key); view.tick() }
    /// A frame `seconds` later, as the run loop makes one: tick, then draw (the runtime evaluates
    /// the cards' views as it draws them).
    func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        view.tick()
        _ = render()
    }
    func card(_ index: Int) -> PresentedCard { view.presentedCard(at: index, time: clock.now) }
    func render() -> Canvas { view.render(in: view.size) }
    var deckCount: Int { view.renderer.drawOrder(view.pageState, at: clock.now).inDeck.count }
    func settle() { advance(5) }
}

@Suite struct MotionTests {
    @Test func dealFliesCardsFromTheDeckOneByOne() {
        let h = MotionHarness()
        let deck = FloatRect(h.view.layout.deckFrame)
        #expect(h.deckCount == 16)
        h.press(.character("d"))
        h.advance(0.95)
        // Card i leaves at i·2/16 s and flies 0.5 s: at 0.95 s cards 0…3 have landed, 4…7 are in the air.
        #expect(h.deckCount == 8)
        let slot = FloatRect(h.view.layout.grid.itemFrames[6])
        let flying = h.card(6).frame
        #expect(flying != slot && flying != deck)
        #expect(flying.x > min(deck.x, slot.x) - 0.01 && flying.x < max(deck.x, slot.x) + 0.01)
        #expect(flying.width > min(deck.width, slot.width) - 0.01 && flying.width < max(deck.width, slot.width) + 0.01,
                "matched geometry: the size interpolates too")
        #expect(h.card(0).frame == FloatRect(h.view.layout.grid.itemFrames[0]))
        #expect(h.card(12).frame == deck)
        h.advance(2)
        #expect(h.deckCount == 0)
        #expect(!h.view.isAnimating)
    }

    @Test func flipNarrowsToASliverAndSwapsAt90Degrees() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        let full = h.card(0).frame
        h.press(.character(" "))
        var widths: [Int] = []
        var sawBackThenFace = (back: false, face: false)
        for _ in 0..<16 {
            h.advance(1.0 / 30)
            let view = h.card(0)
            widths.append(Cardify.projection(of: view.frame, rotation: view.rotation, inEighths: false).cells.width)
            if view.rotation < 90 { sawBackThenFace.face = true } else if !sawBackThenFace.face { sawBackThenFace.back = true }
        }
        // Frames narrow towards the middle of the flip and widen again (a V, sampled at 30 fps)…
        let narrowest = widths.firstIndex(of: widths.min()!)!
        #expect(zip(widths[..<narrowest], widths[1...narrowest]).allSatisfy { $0 >= $1 }, "\(widths)")
        #expect(zip(widths[narrowest...], widths[(narrowest + 1)...]).allSatisfy { $0 <= $1 }, "\(widths)")
        #expect(widths.last == full.rounded.width)
        #expect(sawBackThenFace.back && sawBackThenFace.face)
        // …and at the exact middle (0.25 s of the 0.5 s easeInOut) the card is a one-column sliver.
        let exact = MotionHarness()
        exact.press(.character("d"))
        exact.settle()
        exact.press(.character(" "))
        exact.advance(0.25)
        #expect(abs(exact.card(0).rotation - 90) < 1e-9)
        #expect(Cardify.projection(of: exact.card(0).frame, rotation: exact.card(0).rotation, inEighths: false).cells.width == 1)
    }

    @Test func bonusPieShrinksMonotonicallyAndIsGoneAfterSixSeconds() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        h.press(.character(" "))
        h.advance(0.6)
        var remaining: [Double] = []
        var dots: [Int] = []
        for _ in 0..<60 {
            let view = h.card(0)
            remaining.append(view.bonusRemaining ?? -1)
            let interior = Cardify.projection(of: view.frame, rotation: view.rotation, inEighths: false).cells.inset(by: 1)
            dots.append(Pie.bonus(remaining: view.bonusRemaining ?? 0).filledDotCount(in: interior))
            h.advance(0.1)
        }
        #expect(zip(remaining, remaining.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(zip(dots, dots.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(dots.first! > 0)
        #expect(remaining.last! == 0)
        #expect(h.card(0).bonusRemaining == 0)
        #expect(!h.view.isAnimating, "no timer once the pie is done")
    }

    @Test func interruptedShuffleContinuesFromWhereCardsAreDrawn() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        h.press(.character("s"))
        h.advance(0.3)
        let before = (0..<16).map { h.view.game.cards[$0].id }.map { id in
            h.view.presentedCard(at: h.view.game.cards.firstIndex { $0.id == id }!, time: h.clock.now).frame
        }
        let ids = h.view.game.cards.map(\.id)
        h.press(.character("s"))
        for (i, id) in ids.enumerated() {
            let index = h.view.game.cards.firstIndex { $0.id == id }!
            let after = h.card(index).frame
            #expect(abs(after.x - before[i].x) < 1e-6 && abs(after.y - before[i].y) < 1e-6, "card \(id) jumped")
        }
        h.settle()
        for index in 0..<16 { #expect(h.card(index).frame == FloatRect(h.view.layout.grid.itemFrames[index])) }
    }

    @Test func restartReturnsEveryCardToTheDeck() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        h.press(.character(" "))
        h.advance(0.6)
        h.press(.character("r"))
        h.advance(0.3)
        #expect((0..<16).contains { h.card($0).frame != FloatRect(h.view.layout.deckFrame) }, "mid-flight back")
        h.settle()
        let deck = FloatRect(h.view.layout.deckFrame)
        #expect((0..<16).allSatisfy { h.card($0).frame == deck })
        #expect(h.deckCount == 16)
        #expect(h.render().plainText.contains(" 16 "))
    }

    @Test func resizeRefitsTheGridAtOnce() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        let old = h.card(5).frame
        h.view.resize(to: Size(width: 160, height: 48))
        h.view.tick()
        let new = FloatRect(h.view.layout.grid.itemFrames[5])
        #expect(new != old)
        #expect(h.card(5).frame == new, "a resize lays out again without a glide (one repaint)")
        #expect(!h.view.isAnimating)
    }

    @Test func aResizeMidDealLetsFlyingCardsLandInTheirNewSlots() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.advance(0.3)
        h.view.resize(to: Size(width: 160, height: 48))
        h.view.tick()
        #expect(h.view.isAnimating, "the deal goes on")
        h.settle()
        #expect(h.card(5).frame == FloatRect(h.view.layout.grid.itemFrames[5]))
    }

    @Test func matchedCardsSpinThenShrinkAway() {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        // Seed 42: cards 2 and 3 are the sweets.
        h.press(.right); h.press(.right); h.press(.character(" "))
        h.press(.right); h.press(.character(" "))
        h.advance(0.6)
        let first = h.card(2).spinPhase
        h.advance(0.25)
        let second = h.card(2).spinPhase
        #expect(first != nil && second != nil && first != second)
        #expect(h.view.isAnimating, "the spin keeps frames coming while the pair stays up")
        h.press(.left); h.press(.left); h.press(.character(" "))
        h.advance(0.2)
        let presence = h.card(2).presence
        #expect(presence > 0 && presence < 1)
        h.advance(0.5)
        #expect(h.card(2).presence == 0)
    }

    @Test func reducedMotionJumpsButThePieStillTicksEachSecond() {
        var options = AppOptions()
        options.reducedMotion = true
        let h = MotionHarness(options: options)
        h.press(.character("d"))
        #expect(h.deckCount == 0 && !h.view.isAnimating)
        h.press(.character(" "))
        #expect(h.card(0).rotation == 0)
        #expect(h.card(0).bonusRemaining == 1)
        h.advance(0.5)
        #expect(h.card(0).bonusRemaining == 1)
        h.advance(0.6)
        #expect(abs((h.card(0).bonusRemaining ?? 0) - 5.0 / 6) < 1e-9)
        let next = h.view.nextTimedChange ?? 0
        #expect(next > h.clock.now && next - h.clock.now <= 1)
    }
}
