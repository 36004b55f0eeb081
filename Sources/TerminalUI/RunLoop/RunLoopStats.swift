/// What the run loop did lately, for an inspector to show: frames per second, the last frame's
/// cost and bytes, and whether the loop now blocks in input with no timer.
///
/// Off by default, and then the run loop keeps no books at all: one test of `isEnabled` per frame
/// is the whole cost of its existence (the idle and frame-cost figures stay as they
/// were). An app turns it on while something shows the figures.
public final class RunLoopStats {
    public var isEnabled = false
    /// Time each frame on the real clock. Off on virtual time (headless runs, tests): a cost in
    /// milliseconds differs from run to run, so snapshots show "—" instead and stay reproducible.
    public var measuresCost = false

    /// Frames drawn in the second before the last frame, on the run loop's clock.
    public private(set) var framesPerSecond = 0
    /// Seconds the last frame took to draw and present; nil when not measured.
    public private(set) var lastFrameCost: Double?
    /// Bytes the last frame wrote to the terminal; nil when the screen does not count them.
    public private(set) var lastFrameBytes: Int?
    /// True when, after the last frame, the loop blocks in input with no timeout: nothing
    /// animates and no timed change is due (a key script's next step is input, not a timer).
    public private(set) var isIdle = false
    public private(set) var framesDrawn = 0
    private var recentFrameTimes: [Double] = []

    public init() {}

    func willDraw(idle: Bool) { isIdle = idle }

    func didDraw(at time: Double, cost: Double?, bytes: Int?) {
        framesDrawn += 1
        lastFrameCost = cost
        lastFrameBytes = bytes
        recentFrameTimes.append(time)
        // A second back, with room for rounding: frames on a 1/fps grid count fps, not fps ± 1.
        recentFrameTimes.removeAll { $0 <= time - 1 + 1e-6 }
        framesPerSecond = recentFrameTimes.count
    }

    /// The figures as the inspector prints them (one line each), cost as "—" when not measured.
    public func lines(ascii: Bool = false) -> [String] {
        let cost = lastFrameCost.map { Self.milliseconds($0) } ?? (ascii ? "-" : "—")
        let bytes = lastFrameBytes.map { "\($0) B" } ?? (ascii ? "-" : "—")
        return [
            "fps \(framesPerSecond)   last frame \(cost)   \(bytes)   frames \(framesDrawn)",
            isIdle ? "idle: blocked in input, no timer" : "busy: next frame due in 1/fps",
        ]
    }

    static func milliseconds(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100_000).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
    }
}
