import Synchronization
import Glibc

/// Where the app's time comes from: the app's model clock, the Animator and the RunLoop all read
/// one, so tests and headless key scripts can drive a whole session on virtual time. (Not named
/// `Clock`: that is Swift's own protocol, for sleeping and durations, which this is not.)
public protocol TimeSource: AnyObject, Sendable {
    /// Seconds on a monotonic timeline (the origin is arbitrary).
    var now: Double { get }
}

/// A clock that can stand still: while the process is suspended (Ctrl-Z) no time passes for the
/// app, so animations and timers continue from where they were.
public protocol PausableTimeSource: TimeSource {
    func pause()
    func resume()
}

/// Real time: CLOCK_MONOTONIC, immune to wall-clock changes, less the time spent paused.
public final class SystemClock: PausableTimeSource {
    private struct Pauses {
        var pausedAt: Double?
        var pausedTotal = 0.0
    }
    /// Sendable by a lock: an app may read it from any thread (the model reads it for its timers).
    private let pauses = Mutex(Pauses())

    public init() {}

    public var now: Double {
        pauses.withLock { ($0.pausedAt ?? monotonicNow()) - $0.pausedTotal }
    }

    public func pause() {
        pauses.withLock { if $0.pausedAt == nil { $0.pausedAt = monotonicNow() } }
    }

    public func resume() {
        pauses.withLock {
            guard let pausedAt = $0.pausedAt else { return }
            $0.pausedTotal += monotonicNow() - pausedAt
            $0.pausedAt = nil
        }
    }
}

/// Seconds on CLOCK_MONOTONIC, never paused: input deadlines are real time.
func monotonicNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Time that moves only when told to: headless runs and tests.
public final class VirtualClock: TimeSource {
    private let time: Mutex<Double>
    public init(start: Double = 0) { time = Mutex(start) }
    public var now: Double { time.withLock { $0 } }
    public func advance(by seconds: Double) { time.withLock { $0 += max(0, seconds) } }
    public func advance(to target: Double) { time.withLock { $0 = max($0, target) } }
}
