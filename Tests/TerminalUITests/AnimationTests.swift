import Testing
@testable import TerminalUI

@Suite struct AnimationCurveTests {
    @Test(arguments: [Animation.Curve.linear, .easeIn, .easeOut, .easeInOut, .spring])
    func curvesHitTheirEndpoints(curve: Animation.Curve) {
        let animation = Animation(curve: curve, duration: 1)
        #expect(abs(animation.curveValue(0)) < 1e-9)
        #expect(abs(animation.curveValue(1) - 1) < 1e-9)
    }

    @Test func midpoints() {
        #expect(Animation.linear(duration: 1).curveValue(0.5) == 0.5)
        #expect(abs(Animation.easeInOut(duration: 1).curveValue(0.5) - 0.5) < 1e-9)
        #expect(Animation.easeIn(duration: 1).curveValue(0.5) < 0.5)
        #expect(Animation.easeOut(duration: 1).curveValue(0.5) > 0.5)
        // easeInOut is symmetric about its midpoint.
        let e = Animation.easeInOut(duration: 1)
        #expect(abs(e.curveValue(0.2) + e.curveValue(0.8) - 1) < 1e-9)
    }

    @Test func delayHoldsTheStartValue() {
        let a = Animation.easeInOut(duration: 0.5).delay(1)
        #expect(a.progress(elapsed: 0.99).fraction == 0)
        #expect(a.progress(elapsed: 1.25).fraction > 0)
        #expect(a.progress(elapsed: 1.5).isComplete)
    }

    @Test func repeatForeverCyclesAndNeverCompletes() {
        let spin = Animation.linear(duration: 1).repeatForever(autoreverses: false)
        #expect(abs(spin.progress(elapsed: 0.25).fraction - 0.25) < 1e-9)
        #expect(abs(spin.progress(elapsed: 3.25).fraction - 0.25) < 1e-9)
        #expect(!spin.progress(elapsed: 100).isComplete)
        let bounce = Animation.linear(duration: 1).repeatForever(autoreverses: true)
        #expect(abs(bounce.progress(elapsed: 1.25).fraction - 0.75) < 1e-9)
    }
}

@Suite struct AnimatorTests {
    let clock = VirtualClock()
    let key = AnimationKey(1, "x")

    @Test func withoutAnimationValuesJump() {
        let animator = Animator(clock: clock)
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: nil)
        #expect(animator.value(key, at: clock.now, default: -1) == 10)
        #expect(!animator.isAnimating(at: clock.now))
    }

    @Test func animatedValuesInterpolateThenSettle() {
        let animator = Animator(clock: clock)
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: .linear(duration: 1))
        #expect(animator.value(key, at: 0.5, default: -1) == 5)
        #expect(animator.isAnimating(at: 0.5))
        #expect(animator.value(key, at: 2, default: -1) == 10)
        #expect(!animator.isAnimating(at: 2))
    }

    /// Interruptible: a new target starts from the presented value, so nothing jumps.
    @Test func interruptionContinuesFromThePresentedValue() {
        let animator = Animator(clock: clock)
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: .easeInOut(duration: 1))
        clock.advance(by: 0.5)
        let presented = animator.value(key, at: clock.now, default: -1)
        animator.setTarget(key, -10, animation: .easeInOut(duration: 1))
        #expect(abs(animator.value(key, at: clock.now, default: 99) - presented) < 1e-9)
        #expect(animator.value(key, at: clock.now + 0.5, default: 99) < presented)
        #expect(animator.value(key, at: clock.now + 1, default: 99) == -10)
    }

    @Test func unchangedTargetLeavesARunningAnimationAlone() {
        let animator = Animator(clock: clock)
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: .linear(duration: 1))
        clock.advance(by: 0.5)
        animator.setTarget(key, 10, animation: nil)
        #expect(animator.value(key, at: clock.now, default: -1) == 5)
    }

    @Test func delayedAnimationsReportWhenTheyStart() {
        let animator = Animator(clock: clock)
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: .linear(duration: 1).delay(2))
        #expect(!animator.hasStarted(key, at: 1.9))
        #expect(animator.hasStarted(key, at: 2.1))
        #expect(animator.isAnimating(at: 1), "a pending delay counts as animating")
    }

    @Test func reducedMotionJumps() {
        let animator = Animator(clock: clock)
        animator.reducedMotion = true
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 10, animation: .linear(duration: 1))
        #expect(animator.value(key, at: clock.now, default: -1) == 10)
        #expect(!animator.isAnimating(at: clock.now))
    }
}
