import Testing
@testable import TerminalUI

/// The run loop's promise: no timer at all while idle, one per frame while animating.
@Suite struct RunLoopSchedulingTests {
    @Test func idleLoopAsksForNoTimer() {
        #expect(RunLoop.waitTimeout(now: 10, isAnimating: false, lastFrameTime: 9, frameInterval: 1.0 / 30, nextScriptStep: nil) == nil)
    }

    @Test func animatingLoopWakesForTheNextFrame() throws {
        let t = try #require(RunLoop.waitTimeout(now: 10, isAnimating: true, lastFrameTime: 10, frameInterval: 1.0 / 30, nextScriptStep: nil))
        #expect(abs(t - 1.0 / 30) < 1e-9)
        // A late frame is due at once, never a negative wait.
        #expect(RunLoop.waitTimeout(now: 11, isAnimating: true, lastFrameTime: 10, frameInterval: 1.0 / 30, nextScriptStep: nil) == 0)
    }

    @Test func scriptStepsWakeTheLoopToo() {
        #expect(RunLoop.waitTimeout(now: 10, isAnimating: false, lastFrameTime: 0, frameInterval: 1.0 / 30, nextScriptStep: 10.5) == 0.5)
        let t = RunLoop.waitTimeout(now: 10, isAnimating: true, lastFrameTime: 10, frameInterval: 0.1, nextScriptStep: 10.05)
        #expect(t.map { abs($0 - 0.05) < 1e-9 } == true, "the script step comes before the frame")
    }

    /// Drives a real RunLoop on a HeadlessScreen and records the timeouts it asked for.
    final class Blinker: RunLoopContent {
        let clock: VirtualClock
        var animateUntil: Double
        init(clock: VirtualClock, animateUntil: Double) { self.clock = clock; self.animateUntil = animateUntil }
        func handle(_ event: Event) {}
        func render(in size: Size) -> Canvas { Canvas(size: size) }
        func tick() {}
        var isAnimating: Bool { clock.now < animateUntil }
        var exitCode: Int32? { nil }
        func performScriptCommand(_ name: String, argument: String) -> String? { nil }
    }

    /// The final state of an animation is drawn even when it ends between two frames.
    @Test func lastFrameOfAnAnimationIsDrawn() throws {
        final class Fader: RunLoopContent {
            let clock: VirtualClock
            init(clock: VirtualClock) { self.clock = clock }
            func handle(_ event: Event) {}
            func render(in size: Size) -> Canvas {
                var canvas = Canvas(size: size)
                canvas.put(clock.now < 0.05 ? "moving" : "done", x: 0, y: 0)
                return canvas
            }
            func tick() {}
            var isAnimating: Bool { clock.now < 0.05 }   // ends between frames 1 (0.033) and 2 (0.067)
            var exitCode: Int32? { nil }
            func performScriptCommand(_ name: String, argument: String) -> String? { nil }
        }
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: Size(width: 10, height: 1), clock: clock)
        _ = try RunLoop(screen: screen, clock: clock, content: Fader(clock: clock), fps: 30).run()
        #expect(screen.canvas.plainText == "done")
    }

    /// A burst of waiting input (a paste, a key flood) is handled before the next frame.
    @Test func waitingInputIsHandledBeforeTheNextFrame() throws {
        final class Counter: RunLoopContent {
            var handled = 0
            func handle(_ event: Event) { handled += 1 }
            func render(in size: Size) -> Canvas { Canvas(size: size) }
            func tick() {}
            var isAnimating: Bool { false }
            var exitCode: Int32? { nil }
            func performScriptCommand(_ name: String, argument: String) -> String? { nil }
        }
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: Size(width: 10, height: 3), clock: clock)
        for _ in 0..<300 { screen.enqueue(.key(.character("x"))) }
        let content = Counter()
        _ = try RunLoop(screen: screen, clock: clock, content: content, fps: 30).run()
        #expect(content.handled == 300)
        // The first frame, then one per 257 events (one read plus up to 256 waiting): 3 frames, not 301.
        #expect(screen.presentedFrames == 3, "\(screen.presentedFrames) frames for 300 keys")
    }

    @Test func realLoopDrawsAtFpsThenBlocks() throws {
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: Size(width: 10, height: 3), clock: clock)
        let content = Blinker(clock: clock, animateUntil: 0.5)
        let loop = RunLoop(screen: screen, clock: clock, content: content, fps: 30)
        _ = try loop.run()   // a headless screen with no input ends the loop once it would block
        let timed = screen.requestedTimeouts.compactMap { $0 }
        #expect(screen.requestedTimeouts.last == .some(nil), "idle: blocks with no timer")
        #expect(timed.count >= 14 && timed.count <= 16, "about 0.5 s × 30 fps frames, got \(timed.count)")
        #expect(timed.allSatisfy { abs($0 - 1.0 / 30) < 1e-6 })
        #expect(screen.presentedFrames >= 15)
    }
}

extension RunLoopSchedulingTests {
    /// An animation started while a frame is drawn (a view's `onAppear` starting a
    /// `withAnimation` there) gets its frames: the loop asks again after drawing, not only before.
    @Test func anAnimationStartedWhileDrawingGetsItsFrames() throws {
        final class AppearsThenAnimates: RunLoopContent {
            let clock: VirtualClock
            var animateUntil: Double?
            init(clock: VirtualClock) { self.clock = clock }
            func handle(_ event: Event) {}
            func render(in size: Size) -> Canvas {
                if animateUntil == nil { animateUntil = clock.now + 0.5 }   // the first frame's onAppear
                var canvas = Canvas(size: size)
                canvas.put(isAnimating ? "moving" : "done", x: 0, y: 0)
                return canvas
            }
            func tick() {}
            var isAnimating: Bool { animateUntil.map { clock.now < $0 } ?? false }
            var exitCode: Int32? { nil }
            func performScriptCommand(_ name: String, argument: String) -> String? { nil }
        }
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: Size(width: 10, height: 1), clock: clock)
        _ = try RunLoop(screen: screen, clock: clock, content: AppearsThenAnimates(clock: clock), fps: 30).run()
        #expect(screen.presentedFrames >= 15, "\(screen.presentedFrames) frames for a 0.5 s animation started while drawing")
        #expect(screen.canvas.plainText == "done")
    }
}

extension RunLoopSchedulingTests {
    /// A frame begun mid-animation that takes so long to draw that the animation is over when it
    /// is done (a loaded machine) still owes the frame after: the screen must not keep the
    /// in-between state it drew (the deck without its count after a restart, under load).
    @Test func anAnimationThatEndsWhileAFrameIsDrawnGetsItsLastFrame() throws {
        final class SlowToDraw: RunLoopContent {
            let clock: VirtualClock
            let animationEnds = 0.5
            init(clock: VirtualClock) { self.clock = clock }
            func handle(_ event: Event) {}
            func render(in size: Size) -> Canvas {
                var canvas = Canvas(size: size)
                canvas.put(isAnimating ? "moving" : "done", x: 0, y: 0)
                // The last in-between frame takes past the animation's end to draw.
                if isAnimating, clock.now + 0.1 >= animationEnds { clock.advance(to: animationEnds + 0.01) }
                return canvas
            }
            func tick() {}
            var isAnimating: Bool { clock.now < animationEnds }
            var exitCode: Int32? { nil }
            func performScriptCommand(_ name: String, argument: String) -> String? { nil }
        }
        let clock = VirtualClock()
        let screen = HeadlessScreen(size: Size(width: 10, height: 1), clock: clock)
        _ = try RunLoop(screen: screen, clock: clock, content: SlowToDraw(clock: clock), fps: 30).run()
        #expect(screen.canvas.plainText == "done", "the screen kept the frame drawn mid-animation")
    }
}
