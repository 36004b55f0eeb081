/// Names one animatable property of one view: SwiftUI keeps these per view identity; so do we.
public struct AnimationKey: Hashable, Sendable {
    public var id: Int
    public var property: String
    public init(_ id: Int, _ property: String) { self.id = id; self.property = property }
}

/// Holds the *presented* value of every animatable property (SwiftUI's render-tree values).
///
/// Model state changes instantly; views declare the value they want with `setTarget`, and the
/// Animator moves the presented value there along the transaction's `Animation`. A new target
/// starts from where the value is *presented now*, so animations are interruptible: hammering
/// A re-targeted value never jumps. Reading (`value(_:at:)`) is pure, so rendering stays a pure
/// function of (state, time, size).
public final class Animator {
    private struct Track {
        var from: Double
        var to: Double
        var start: Double
        var animation: Animation?

        func value(at time: Double) -> Double {
            guard let animation else { return to }
            let progress = animation.progress(elapsed: time - start)
            return from + (to - from) * progress.fraction
        }
        func isMoving(at time: Double) -> Bool {
            guard let animation else { return false }
            return !animation.progress(elapsed: time - start).isComplete
        }
    }

    public let clock: Clock
    /// `--reduced-motion`: targets jump instead of animating (SwiftUI's accessibility setting).
    public var reducedMotion = false
    private var tracks: [AnimationKey: Track] = [:]
    /// Keys whose track has an animation attached: the only ones that can still move.
    private var active: Set<AnimationKey> = []

    public init(clock: Clock) { self.clock = clock }

    /// The presented value at `time`, or `fallback` for a property never set.
    public func value(_ key: AnimationKey, at time: Double, default fallback: Double) -> Double {
        tracks[key]?.value(at: time) ?? fallback
    }

    /// The value the property is heading for (the model's truth), if any.
    public func target(_ key: AnimationKey) -> Double? { tracks[key]?.to }

    /// Declares where a property should be. Unchanged targets leave a running animation alone;
    /// a changed one animates from the presented value with `animation`, or jumps when it is nil.
    public func setTarget(_ key: AnimationKey, _ value: Double, animation: Animation?) {
        let now = clock.now
        guard let track = tracks[key] else {
            tracks[key] = Track(from: value, to: value, start: now, animation: nil)
            return
        }
        if track.to == value { return }
        start(key, from: track.value(at: now), to: value, animation: animation, at: now)
    }

    /// Starts an animation from an explicit value (the lecture's pie: on appear, set
    /// `animatedBonusRemaining = bonusRemaining`, then `withAnimation(.linear(...)) { = 0 }`).
    public func animate(_ key: AnimationKey, from: Double, to: Double, animation: Animation?) {
        start(key, from: from, to: to, animation: animation, at: clock.now)
    }

    /// Forgets a property, so its next `setTarget` jumps (a view leaving the hierarchy).
    public func remove(_ key: AnimationKey) {
        tracks[key] = nil
        active.remove(key)
    }

    /// True while the property's animation has not finished (including its delay).
    public func isAnimating(_ key: AnimationKey, at time: Double) -> Bool {
        tracks[key]?.isMoving(at: time) ?? false
    }

    /// True once the property has begun to move (its delay is over) or has nothing to do.
    public func hasStarted(_ key: AnimationKey, at time: Double) -> Bool {
        guard let track = tracks[key], let animation = track.animation else { return true }
        return time - track.start >= animation.delay
    }

    /// Anything still moving? The run loop draws at `--fps` only while this is true.
    public func isAnimating(at time: Double) -> Bool {
        var finished: [AnimationKey] = []
        var moving = false
        for key in active {
            if let track = tracks[key], track.isMoving(at: time) { moving = true } else { finished.append(key) }
        }
        // Settle finished tracks so idle checks stay cheap; the value read afterwards is unchanged.
        for key in finished {
            active.remove(key)
            if var track = tracks[key] { track.from = track.to; track.animation = nil; tracks[key] = track }
        }
        return moving
    }

    private func start(_ key: AnimationKey, from: Double, to: Double, animation: Animation?, at now: Double) {
        let animation = reducedMotion ? nil : animation
        tracks[key] = Track(from: animation == nil ? to : from, to: to, start: now, animation: animation)
        if animation == nil { active.remove(key) } else { active.insert(key) }
    }
}
