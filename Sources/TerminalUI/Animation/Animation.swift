import Glibc

/// How a value travels from `from` to `to` (SwiftUI's `Animation`): a timing curve, a duration,
/// a delay and an optional repeat. Pure value; the `Animator` applies it.
public struct Animation: Equatable, Sendable {
    public enum Curve: Equatable, Sendable {
        case linear, easeIn, easeOut, easeInOut
        /// A critically-damped-ish spring: overshoots a little, then settles (used for shuffles).
        case spring
    }

    public var curve: Curve
    public var duration: Double
    public var delay: Double = 0
    /// `repeatForever(autoreverses:)`; false plays the animation once.
    public var repeatsForever = false
    public var autoreverses = false

    public init(curve: Curve, duration: Double) {
        self.curve = curve
        self.duration = max(0, duration)
    }

    public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { Animation(curve: .easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { Animation(curve: .easeOut, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }
    public static func spring(duration: Double = 0.5) -> Animation { Animation(curve: .spring, duration: duration) }
    /// SwiftUI's `.default`: easeInOut over 0.35 s.
    public static let `default` = Animation.easeInOut(duration: 0.35)

    public func delay(_ seconds: Double) -> Animation { var a = self; a.delay = max(0, seconds); return a }
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var a = self; a.repeatsForever = true; a.autoreverses = autoreverses; return a
    }

    /// Progress 0…1 along the curve for linear progress `t` in 0…1.
    public func curveValue(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        switch curve {
        case .linear: return t
        case .easeIn: return t * t * t
        case .easeOut: let u = 1 - t; return 1 - u * u * u
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .spring:
            if t >= 1 { return 1 }
            // Damped cosine: reaches ~1 quickly, overshoots ~5 %, settles by t = 1.
            return 1 - exp(-6 * t) * cos(2.2 * .pi * t) * (1 - t)
        }
    }

    /// Fraction of the way from `from` to `to` at `elapsed` seconds after the animation began
    /// (before the delay); nil once a non-repeating animation is complete.
    public func progress(elapsed: Double) -> (fraction: Double, isComplete: Bool) {
        let active = elapsed - delay
        if active <= 0 { return (0, false) }
        guard duration > 0 else { return (1, !repeatsForever) }
        if !repeatsForever {
            return active >= duration ? (1, true) : (curveValue(active / duration), false)
        }
        let cycles = active / duration
        var phase = cycles - cycles.rounded(.down)
        if autoreverses, Int(cycles.rounded(.down)) % 2 == 1 { phase = 1 - phase }
        return (curveValue(phase), false)
    }
}
