import Synchronization

/// App time that a learner can stop and step: the trick the tests play with a `VirtualClock`,
/// offered live (the inspector's `p` and `.`).
///
/// It reads a base clock (real or virtual) less the time spent frozen. The app's model clock and
/// its Animator read this one; the run loop keeps the base clock, so frame pacing, input
/// deadlines and key-script `wait`s go on while the app's time stands still. While frozen,
/// nothing the app shows can move, and `step(by:)` moves it by exactly one frame at a time.
public final class FreezableClock: TimeSource {
    private struct Freeze {
        /// App time at the moment of freezing (plus any steps); nil while time runs.
        var frozenAt: Double?
        /// Base time lost to freezes so far: app time = base time - lost.
        var lost = 0.0
        /// App time while one frame is drawn (`holding`); nil otherwise.
        var heldAt: Double?
    }

    public let base: TimeSource
    private let state = Mutex(Freeze())

    public init(base: TimeSource) { self.base = base }

    public var now: Double {
        state.withLock { $0.frozenAt ?? $0.heldAt ?? (base.now - $0.lost) }
    }

    /// Runs `body` with app time standing at the moment it began, and loses no time by it: a
    /// frame is drawn at one moment (what its body is made from, the body, and what the runtime
    /// presents all read the same time), however long drawing it takes. Nested, the outer
    /// moment stands.
    public func holding<Result>(_ body: () throws -> Result) rethrows -> Result {
        let holds = state.withLock { s in
            guard s.heldAt == nil else { return false }
            s.heldAt = s.frozenAt ?? (base.now - s.lost)
            return true
        }
        defer { if holds { state.withLock { $0.heldAt = nil } } }
        return try body()
    }

    public var isFrozen: Bool { state.withLock { $0.frozenAt != nil } }

    /// Stops app time where it is now. Freezing twice changes nothing.
    public func freeze() {
        state.withLock { s in if s.frozenAt == nil { s.frozenAt = base.now - s.lost } }
    }

    /// Lets app time run on from where it stood (it does not catch up with the base clock).
    public func thaw() {
        state.withLock { s in
            guard let frozenAt = s.frozenAt else { return }
            s.lost = base.now - frozenAt
            s.frozenAt = nil
        }
    }

    /// While frozen, moves app time forward by `seconds` (one frame: 1/fps); running time ignores it.
    public func step(by seconds: Double) {
        state.withLock { s in if let frozenAt = s.frozenAt { s.frozenAt = frozenAt + max(0, seconds) } }
    }
}
