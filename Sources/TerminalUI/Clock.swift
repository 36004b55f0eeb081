#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one source of time. The model's bonus clock, the Animator and the RunLoop all read it,
/// so tests and headless key scripts can drive a whole game on virtual time.
public protocol Clock: AnyObject {
    /// Seconds on a monotonic timeline (the origin is arbitrary).
    var now: Double { get }
}

/// Real time: CLOCK_MONOTONIC, immune to wall-clock changes.
public final class SystemClock: Clock {
    public init() {}
    public var now: Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Time that moves only when told to: headless runs and tests.
public final class VirtualClock: Clock {
    public private(set) var now: Double
    public init(start: Double = 0) { now = start }
    public func advance(by seconds: Double) { now += max(0, seconds) }
    public func advance(to time: Double) { now = max(now, time) }
}
