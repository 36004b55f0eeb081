import Testing
import TerminalUI
import Memorize
import ThemeFormat
@testable import MemorizeApp

/// The game page's body is made again only when what it is made from changed (PageInputs):
/// an animation frame hands the runtime the body it had. (Debug builds also make the body at
/// every frame and check it equals the one kept: every test of the page checks the inputs.)
@Suite struct PageInputsTests {
    private func dealtAndSettled() -> MotionHarness {
        let h = MotionHarness()
        h.press(.character("d"))
        h.settle()
        frame(h)        // the deal's last frames were made while a card could still fly
        frame(h)
        return h
    }

    /// A frame `seconds` later, then the run loop's question whether to draw the next one soon
    /// (which lets the Animator retire what has finished).
    private func frame(_ h: MotionHarness, after seconds: Double = 1.0 / 30) {
        h.advance(seconds)
        _ = h.view.isAnimating
    }

    @Test func aFlipsFramesMakeNoBody() {
        let h = dealtAndSettled()
        h.press(.character(" "))
        frame(h)
        let made = h.view.renderer.bodiesMade
        var rotations: [Double] = []
        for _ in 0..<12 {
            frame(h)
            rotations.append(h.card(0).rotation)
        }
        #expect(Set(rotations).count == 12, "the card did not turn: \(rotations)")
        #expect(h.view.renderer.bodiesMade == made)
    }

    @Test func aStillPageMakesNoBody() {
        let h = dealtAndSettled()
        let made = h.view.renderer.bodiesMade
        let before = h.render()
        for _ in 0..<5 { frame(h) }
        #expect(h.render() == before)
        #expect(h.view.renderer.bodiesMade == made)
    }

    /// While cards fly from the deck the body is made again only where one of them leaves the
    /// deck or lands (where it is drawn, and the deck's count, change then): every frame of a
    /// flight between is an animation frame. The deal's body used to be made at every frame.
    @Test func aDealsFramesMakeABodyOnlyAsACardLeavesOrLands() {
        let h = MotionHarness()
        frame(h)
        let cards = h.view.game.cards.count
        var departures = 0, landings = 0, frames = 0
        var order = h.view.renderer.drawOrder(h.view.pageState, at: h.clock.now)
        h.press(.character("d"))
        let made = h.view.renderer.bodiesMade
        repeat {
            frame(h)
            frames += 1
            let now = h.view.renderer.drawOrder(h.view.pageState, at: h.clock.now)
            departures += max(0, order.inDeck.count - now.inDeck.count)
            landings += max(0, now.settled.count - order.settled.count)
            order = now
        } while h.view.isAnimating && frames < 300
        let bodies = h.view.renderer.bodiesMade - made
        #expect(departures == cards && landings == cards, "departures \(departures), landings \(landings)")
        #expect(frames > 2 * cards, "the deal took \(frames) frames")
        #expect(bodies > 0 && bodies <= departures + landings + 1, "\(bodies) bodies in \(frames) frames")
    }

    /// Live time, which moves on at every read (a little, as a real clock does while a frame is drawn).
    final class TickingClock: TimeSource, @unchecked Sendable {
        private var time = 0.0
        var now: Double {
            time += 0.0005
            return time
        }
        func advance(by seconds: Double) { time += seconds }
    }

    /// Live, the clock moves while a frame is drawn; the frame is drawn at one moment
    /// (FreezableClock.holding). A card leaving the deck between reading the body's inputs and
    /// making the body made the two disagree: a debug build's check (GameFrameRenderer.render)
    /// stopped the game mid-deal in the end-to-end tests.
    @Test func aDealDrawnOnAMovingClockKeepsItsInputsTrue() {
        let clock = TickingClock()
        let themes = ThemeLibrary.builtIn()
        let view = Launcher.makeView(AppOptions(), clock: clock, size: Size(width: 80, height: 24), themes: themes,
                                     theme: themes.first { $0.name == "Halloween" }, seed: 42)
        _ = view.handle(key: .character("d"))
        view.tick()
        var frames = 0
        repeat {
            clock.advance(by: 1.0 / 30)
            view.tick()
            _ = view.render(in: view.size)
            frames += 1
        } while view.isAnimating && frames < 300
        #expect(frames > 30 && frames < 300)
    }

    /// The page's own state (the focus) and the model (a choice) are inputs.
    @Test func aFocusMoveOrAChoiceMakesTheBody() {
        let h = dealtAndSettled()
        var made = h.view.renderer.bodiesMade
        h.press(.right)
        frame(h)
        #expect(h.view.renderer.bodiesMade == made + 1)
        made = h.view.renderer.bodiesMade
        h.press(.character(" "))
        frame(h)
        #expect(h.view.renderer.bodiesMade == made + 1)
    }

    /// Time alone changes what the body shows when a card's bonus runs out (its pie stops): the
    /// body is made again then, and only then.
    @Test func aPieRunningOutMakesTheBodyAgain() throws {
        let h = dealtAndSettled()
        h.press(.character(" "))
        frame(h)
        let card = try #require(h.view.game.cards.first)
        #expect(card.isConsumingBonusTime)
        let made = h.view.renderer.bodiesMade
        var seconds = 0.0
        while h.view.game.cards[0].isConsumingBonusTime && seconds < 60 {
            frame(h, after: 0.25)
            seconds += 0.25
        }
        #expect(!h.view.game.cards[0].isConsumingBonusTime, "the bonus never ran out")
        #expect(h.view.renderer.bodiesMade == made + 1)
    }

    /// A seat's name learnt later (a table's second player sat down) is a change of the model the
    /// scoreboard shows: the body is made again with it.
    @Test func aSeatRenamedMakesTheBody() {
        var options = AppOptions()
        options.mode = .hotSeat
        let h = MotionHarness(options: options)
        frame(h)
        frame(h)
        let made = h.view.renderer.bodiesMade
        #expect(!h.render().plainText.contains("Zoe"))
        h.view.game.rename(seat: 1, to: "Zoe")
        frame(h)
        #expect(h.view.renderer.bodiesMade == made + 1)
        #expect(h.render().plainText.contains("Zoe"))
    }
}
