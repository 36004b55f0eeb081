import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// The game page is drawn whole every frame, by a pure function of (body, the Animator's values
/// at the time, size); the screen's diff against what the terminal shows (NcursesPainter, tested
/// in NcursesTerminalTests.presentSendsOnlyWhatChanged) is the one place frames are compared.
/// So a frame must never depend on which frames were drawn before it, and a frame in which
/// nothing visible moves must equal the last one cell for cell (then the diff sends nothing).
@Suite struct GameFrameTests {
    static func makeApp(size: Size, seed: UInt64, clock: VirtualClock, mode: GameMode = .solo) -> MemorizeApplication {
        TwinApps.makeApp(size: size, seed: seed, clock: clock, mode: mode)
    }

    /// Two apps play the same random game on the frame grid: one is drawn at every frame, the
    /// other only now and then (as a loop that slept would be). Whenever the second is drawn its
    /// frame is the first one's: drawing keeps nothing that a later frame depends on.
    /// 32 fps, not 30: frame times k/32 are exact in binary, so both apps see the same moments.
    /// Seeds 0…13 play solo; 14…19 against the computer, whose title shows a note for a while.
    @Test(arguments: 0..<20)
    func aFrameIsTheSameWhicheverFramesWereDrawnBeforeIt(seed: Int) {
        let interval = 1.0 / 32
        var input = RandomInput(seed: UInt64(seed) &+ 9000)
        input.keys += [.character("d"), .character(" ")]
        (input.keyDraws, input.clickDraws, input.resizeDraw, input.resizeOneIn) = (0..<6, 6..<9, 9, nil)
        let everyClock = VirtualClock(), seldomClock = VirtualClock()
        var size = TwinApps.sizes[seed % 3]
        let mode: GameMode = seed < 14 ? .solo : .computer(.hard)
        let every = Self.makeApp(size: size, seed: UInt64(seed), clock: everyClock, mode: mode)
        let seldom = Self.makeApp(size: size, seed: UInt64(seed), clock: seldomClock, mode: mode)
        var compared = 0
        var nextInput = 0.0
        for frame in 1...1200 {
            let time = Double(frame) * interval
            everyClock.advance(to: time)
            seldomClock.advance(to: time)
            if time >= nextInput {
                nextInput = time + input.random.pick([interval, 0.2, 0.6, 1.0, 3.0])
                let event = input.next(size: &size)!
                every.handle(event)
                seldom.handle(event)
            }
            if every.exitCode != nil || seldom.exitCode != nil { break }
            every.tick()
            seldom.tick()
            let picture = every.render(in: size)
            guard input.random.chance(15) else { continue }
            compared += 1
            #expect(seldom.render(in: size) == picture, "seed \(seed) frame \(frame) (\(time) s): the frame depends on the frames drawn before")
            #expect(seldom.render(in: size) == picture, "seed \(seed) frame \(frame): drawing the same frame twice differs")
        }
        #expect(compared > 50, "seed \(seed): too few frames compared to test anything")
    }

    @Test func aFrameInWhichNothingMovesEqualsTheLastOne() {
        let clock = VirtualClock()
        let size = Size(width: 120, height: 40)
        let app = Self.makeApp(size: size, seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        let settled = app.render(in: size)
        clock.advance(by: 1.0 / 30)
        app.tick()
        #expect(!app.isAnimating)
        #expect(app.render(in: size) == settled)
    }

    /// What a flip changes from frame to frame (all the screen's diff can send) lies on the card.
    @Test func aFlipChangesOnlyTheTurningCard() throws {
        let clock = VirtualClock()
        let size = Size(width: 200, height: 60)
        let app = Self.makeApp(size: size, seed: 3, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        var previous = app.render(in: size)
        app.handle(.key(.character(" ")))
        let card = try #require(app.view.layout.grid.itemFrames[safe: app.view.focusIndex])
        var changedFrames = 0
        for _ in 0..<15 {
            clock.advance(by: 1.0 / 30)
            app.tick()
            let frame = app.render(in: size)
            let changed = ImmediateFeedbackTests.changed(previous, frame)
            if !changed.isEmpty { changedFrames += 1 }
            let outside = changed.filter { !card.contains($0) }
            #expect(outside.isEmpty, "\(outside.count) cells beyond the card \(card) changed, e.g. \(outside.prefix(3))")
            previous = frame
        }
        #expect(changedFrames > 5, "the flip changed nothing")
    }

    /// Between two of the pie's raster steps the frame is unchanged (the diff sends nothing);
    /// each step changes it.
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 300, height: 100)])
    func theBonusPieChangesTheFrameExactlyWhenItsRasterSteps(size: Size) {
        let clock = VirtualClock()
        let app = Self.makeApp(size: size, seed: 5, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 5)
        app.tick()
        app.handle(.key(.character(" ")))
        clock.advance(by: 0.6)
        app.tick()
        var previous = app.render(in: size)
        let index = app.view.focusIndex
        func step() -> Int {
            let card = app.view.presentedCard(at: index, time: clock.now)
            return card.pie?.filledDotCount(in: card.frame.rounded.inset(by: 1)) ?? 0
        }
        var last = step(), quiet = 0, stepped = 0
        #expect(last > 0)
        for _ in 0..<150 {
            clock.advance(by: 1.0 / 30)
            app.tick()
            let frame = app.render(in: size)
            let now = step()
            #expect((frame == previous) == (now == last), "frame changed \(frame != previous) with pie step \(last) -> \(now)")
            if now == last { quiet += 1 } else { stepped += 1 }
            last = now
            previous = frame
        }
        #expect(stepped > 3, "the pie never stepped")
        // A small pie has few dots: most frames light none (a 300x100 pie lights one nearly every frame).
        if size.width <= 80 { #expect(quiet > 3, "the pie stepped at every frame: no quiet frame to compare") }
    }

    /// Idle costs nothing: once the deal has settled, the real game in a real run loop waits for
    /// input with no timer at all (every frame drawn whole changes nothing about that).
    @Test func afterTheDealTheLoopWaitsWithNoTimer() throws {
        let clock = VirtualClock()
        let size = Size(width: 80, height: 24)
        let app = Self.makeApp(size: size, seed: 2, clock: clock)
        let screen = HeadlessScreen(size: size, clock: clock)
        screen.enqueue(.key(.character("d")))
        _ = try RunLoop(screen: screen, clock: clock, content: app, fps: 30).run()
        #expect(!app.isAnimating)
        #expect(screen.requestedTimeouts.last == .some(nil), "idle after the deal: blocks with no timer")
        #expect(screen.presentedFrames > 30, "the deal drew \(screen.presentedFrames) frames")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
