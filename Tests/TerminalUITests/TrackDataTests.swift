import Testing
@testable import TerminalUI

/// The Animator keeps Doubles, pairs and pairs of pairs unboxed (TrackData): what it presents must
/// be exactly what the generic `interpolate` of the lecture's `VectorArithmetic` gives, and any
/// other `animatableData` must still animate (boxed).
@Suite struct TrackDataTests {
    /// A type the fast path does not know: three Doubles as a pair of a Double and a pair.
    typealias Triple = AnimatablePair<Double, AnimatablePair<Double, Double>>

    private let fractions: [Double] = [0, 0.1, 1.0 / 3, 0.5, 0.7071, 0.999, 1]

    @Test func scalarsArePresentedBitForBitAsTheGenericInterpolation() {
        for fraction in fractions {
            let fast = TrackData(179.3).interpolated(to: TrackData(0.1), fraction: fraction).value(as: Double.self)
            #expect(fast?.bitPattern == interpolate(from: 179.3, to: 0.1, fraction: fraction).bitPattern)
        }
    }

    @Test func pairsAndRectsArePresentedBitForBitAsTheGenericInterpolation() {
        let from = FloatRect(x: 3.3, y: 1.7, width: 11.1, height: 0.3).animatableData
        let to = FloatRect(x: 97.9, y: 41.2, width: 7.77, height: 5.5).animatableData
        for fraction in fractions {
            let fast = TrackData(from).interpolated(to: TrackData(to), fraction: fraction).value(as: type(of: from))
            let slow = interpolate(from: from, to: to, fraction: fraction)
            #expect(fast.map { [$0.first.first, $0.first.second, $0.second.first, $0.second.second].map(\.bitPattern) }
                    == [slow.first.first, slow.first.second, slow.second.first, slow.second.second].map(\.bitPattern))
            let pie = TrackData(AnimatablePair(-90.0, 270.0)).interpolated(to: TrackData(AnimatablePair(-90.0, -90.0)),
                                                                          fraction: fraction)
            let slowPie = interpolate(from: AnimatablePair(-90.0, 270.0), to: AnimatablePair(-90.0, -90.0), fraction: fraction)
            #expect(pie.value(as: AnimatablePair<Double, Double>.self)?.second.bitPattern == slowPie.second.bitPattern)
        }
    }

    @Test func storageIsUnboxedForTheGamesShapesAndBoxedForOthers() {
        if case .scalar = TrackData(1.0) {} else { Issue.record("a Double is stored unboxed") }
        if case .pair = TrackData(AnimatablePair(1.0, 2.0)) {} else { Issue.record("a pair is stored unboxed") }
        if case .pairOfPairs = TrackData(FloatRect(x: 1, y: 2, width: 3, height: 4).animatableData) {} else {
            Issue.record("a frame is stored unboxed")
        }
        if case .boxed = TrackData(Triple(1, AnimatablePair(2, 3))) {} else { Issue.record("others are boxed") }
        // Reading as the wrong type gives nothing, as the old dynamic cast did.
        #expect(TrackData(1.0).value(as: AnimatablePair<Double, Double>.self) == nil)
        #expect(TrackData(AnimatablePair(1.0, 2.0)).value(as: Double.self) == nil)
    }

    @Test func anotherAnimatableDataStillAnimatesThroughTheAnimator() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let key = AnimationKey(3, "triple")
        animator.setTarget(key, data: Triple(0, AnimatablePair(10, 20)), animation: nil)
        animator.setTarget(key, data: Triple(4, AnimatablePair(30, 20)), animation: .linear(duration: 2))
        clock.advance(by: 1)
        let presented = animator.presentedData(key, at: clock.now) as? Triple
        #expect(presented == Triple(2, AnimatablePair(20, 20)))
        #expect(animator.targetData(key) as? Triple == Triple(4, AnimatablePair(30, 20)))
        // Re-declaring the same target leaves the running animation alone.
        animator.setTarget(key, data: Triple(4, AnimatablePair(30, 20)), animation: .linear(duration: 2))
        #expect(animator.presentedData(key, at: clock.now) as? Triple == presented)
    }

    @Test func plainNumbersAndTargetsReadThroughTheFastPath() {
        let clock = VirtualClock()
        let animator = Animator(clock: clock)
        let key = AnimationKey(1, "presence")
        animator.setTarget(key, 0, animation: nil)
        animator.setTarget(key, 1, animation: .linear(duration: 1))
        clock.advance(by: 0.25)
        #expect(animator.value(key, at: clock.now, default: -1) == 0.25)
        #expect(animator.target(key) == 1)
        #expect(animator.value(AnimationKey(2, "presence"), at: clock.now, default: -1) == -1)
    }
}
