/// The time source the view model stamps each intent with (lecture 8 uses `Date()`; we inject
/// time instead). The model itself never reads it: it scores from the intents' stamped times.
///
/// Seconds on a monotonic timeline: only differences matter. The app passes its run-loop clock,
/// tests pass a fake they advance by hand, so bonus scoring is reproducible.
public struct GameClock: Sendable {
    public let now: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Double) {
        self.now = now
    }
}
