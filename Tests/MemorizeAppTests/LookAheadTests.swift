import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// While something animates, the run loop sleeps until the first frame whose picture
/// changes (`nextChangingFrame`), instead of waking for every frame. That must lose nothing: two
/// apps play the same random game on the frame grid, one woken for every frame, the other only
/// when an input arrives or when its look-ahead said so, and at every frame the screen the
/// sleeper last drew must be the picture the other one draws.
@Suite struct LookAheadTests {
    /// 32 fps, not 30: a frame time k/32 is exact in binary, so the sleeper's look-ahead (due +
    /// interval + ...) and the grid look at exactly the same moments. (A live loop draws when it
    /// wakes, microseconds after the frame it was told of, as it always did.)
    static let interval = 1.0 / 32

    @Test(arguments: 0..<20)
    func theScreenOfALoopThatSleepsThroughQuietFramesIsAlwaysTheOneDrawnEveryFrame(seed: Int) {
        var input = RandomInput(seed: UInt64(seed) &+ 9000)
        input.keys += [.character("d"), .character(" ")]
        (input.keyDraws, input.clickDraws, input.resizeDraw, input.resizeOneIn) = (0..<6, 6..<9, 9, nil)
        let everyClock = VirtualClock(), sleeperClock = VirtualClock()
        var size = TwinApps.sizes[seed % 3]
        let mode: GameMode = seed < 14 ? .solo : .computer(.hard)
        let every = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: everyClock, mode: mode)
        let sleeper = RetainedFrameTests.makeApp(size: size, seed: UInt64(seed), clock: sleeperClock, mode: mode)
        var sleeperScreen = sleeper.renderFrame(in: size).canvas
        _ = every.renderFrame(in: size)
        var wakeAt = 0.0
        var announced: Double?
        var framesSlept = 0
        // Inputs come now and then (a pause of up to 3 s between them), so flips, deals, pies
        // and the computer's turns play out between inputs.
        var nextInput = 0.0
        for frame in 1...2400 {
            let time = Double(frame) * Self.interval
            everyClock.advance(to: time)
            sleeperClock.advance(to: time)
            var inputCame = false
            if time >= nextInput {
                nextInput = time + input.random.pick([Self.interval, 0.2, 0.6, 1.0, 3.0])
                let event = input.next(size: &size)!
                every.handle(event)
                sleeper.handle(event)
                inputCame = true
            }
            if every.exitCode != nil || sleeper.exitCode != nil { break }
            every.tick()
            _ = every.isAnimating       // as the run loop asks before each frame
            let picture = every.renderFrame(in: size).canvas
            // The sleeper's run loop (RunLoop.run): awake for an input, a timer announced at its
            // last wake, or the frame its look-ahead named.
            // (A timer is announced a microsecond after its moment, so that the clock has passed
            // it when the real loop wakes; on this frame grid it falls due on the frame it is on.)
            let timer = [announced, sleeper.nextTimedChange].contains { $0.map { $0 <= time + 1e-5 } ?? false }
            if inputCame || timer || time >= wakeAt - 1e-9 || !sleeper.isAnimating {
                sleeper.tick()
                sleeperScreen = sleeper.renderFrame(in: size).canvas
                announced = sleeper.nextTimedChange
                wakeAt = sleeper.isAnimating ? sleeper.nextChangingFrame(due: time + Self.interval, interval: Self.interval) : 0
            } else {
                framesSlept += 1
            }
            #expect(sleeperScreen == picture, "seed \(seed) frame \(frame) (\(time) s): the sleeping loop shows a stale picture")
            if sleeperScreen != picture {
                return
            }
        }
        // (Card edges move in eighths of a cell: a flip or a flight changes the picture at nearly
        // every frame, so fewer frames are quiet than with whole cells; seed 17 sleeps through 8.)
        #expect(framesSlept > 5, "seed \(seed): the look-ahead slept through only \(framesSlept) frames")
    }

    /// A flip at 80x24 changes the card's width only every other frame or so, and the pie after
    /// it lights a dot now and then: the look-ahead skips those frames.
    @Test func aFlipAndItsPieWakeTheLoopOnlyForFramesThatChange() {
        let clock = VirtualClock()
        let size = Size(width: 80, height: 24)
        let app = RetainedFrameTests.makeApp(size: size, seed: 1, clock: clock)
        app.handle(.key(.character("d")))
        clock.advance(by: 4)
        app.tick()
        _ = app.renderFrame(in: size)
        app.handle(.key(.character(" ")))
        var wakes = 0, drawn = 0
        var time = clock.now
        let end = time + 3
        while time < end {
            clock.advance(to: time)
            app.tick()
            wakes += 1
            if !app.renderFrame(in: size).damage.isEmpty { drawn += 1 }
            time = app.nextChangingFrame(due: time + Self.interval, interval: Self.interval)
        }
        // 96 frames are due in those 3 s; every wake but the horizon's draws something.
        #expect(drawn > 10)
        #expect(wakes < 60)
        #expect(wakes - drawn <= 5, "\(wakes) wakes for \(drawn) frames drawn")
    }
}
