#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one source of time. The app's model clock, the Animator and the RunLoop all read it,
/// so tests and headless key scripts can drive a whole session on virtual time.
public protocol Clock: AnyObject {
    /// Seconds on a monotonic timeline (the origin is arbitrary).
    var now: Double { get }
}

/// A clock that can stand still: while the process is suspended (Ctrl-Z) no time passes for the
/// app, so animations and timers continue from where they were.
public protocol PausableClock: Clock {
    func pause()
    func resume()
}

/// Real time: CLOCK_MONOTONIC, immune to wall-clock changes, less the time spent paused.
public final class SystemClock: PausableClock {
    private var pausedAt: Double?
    private var pausedTotal = 0.0

    public init() {}

    public var now: Double { (pausedAt ?? monotonicNow()) - pausedTotal }

    public func pause() {
        if pausedAt == nil { pausedAt = monotonicNow() }
    }

    public func resume() {
        guard let pausedAt else { return }
        pausedTotal += monotonicNow() - pausedAt
        self.pausedAt = nil
    }
}

/// Seconds on CLOCK_MONOTONIC, never paused: input deadlines are real time.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Time that moves only when told to: headless runs and tests.
public final class VirtualClock: Clock {
    public private(set) var now: Double
    public init(start: Double = 0) { now = start }
    public func advance(by seconds: Double) { now += max(0, seconds) }
    public func advance(to time: Double) { now = max(now, time) }
}
