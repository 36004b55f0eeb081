/// What the inspector shows of the Animator: every animation still running, as a learner would
/// write it down — which property, from where to where, along which curve, how far it has got.
/// Reading it changes nothing (it never settles tracks, as `isAnimating(at:)` does), so an open
/// inspector cannot alter what the game draws.
public struct RunningAnimation: Sendable {
    public var key: AnimationKey
    /// The `animatableData` it runs between (a Double for a plain number; the inspector prints a
    /// pair as `(a, b)`).
    public var from: any VectorArithmetic
    public var to: any VectorArithmetic
    public var animation: Animation
    /// The presented value now: `from + (to - from) · curve(progress)`.
    public var presented: any VectorArithmetic
    /// Linear time progress 0…1 through the duration (0 during the delay; a repeating animation's
    /// phase in its current cycle). The curve turns it into the fraction of the way travelled.
    public var progress: Double
    /// True while the animation still waits out its delay.
    public var isDelayed: Bool
}

extension Animator {
    /// The animations moving at `time`, in a stable order (view id, then property name): the
    /// Animator keeps them in a Set, whose order changes from run to run.
    public func runningAnimations(at time: Double) -> [RunningAnimation] {
        var running: [RunningAnimation] = []
        for key in active {
            guard let track = tracks[key], let animation = track.animation, track.isMoving(at: time) else { continue }
            let elapsed = time - track.start - animation.delay
            var progress = animation.duration > 0 ? max(0, elapsed) / animation.duration : 1
            if animation.repeatsForever { progress -= progress.rounded(.down) }
            running.append(RunningAnimation(key: key, from: track.from.anyValue, to: track.to.anyValue, animation: animation,
                                            presented: track.value(at: time).anyValue, progress: min(1, progress),
                                            isDelayed: elapsed < 0))
        }
        return running.sorted { ($0.key.id, $0.key.property) < ($1.key.id, $1.key.property) }
    }
}

extension Animation.Curve {
    /// The name SwiftUI gives the curve (`.easeInOut`), as the inspector prints it.
    public var name: String {
        switch self {
        case .linear: "linear"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .easeInOut: "easeInOut"
        case .spring: "spring"
        }
    }
}
