/// The targets from issue 5, in one place, so a reader sees every promise at once.
enum Targets {
    static let frameMedianMs = 0.5            // 40 cards mid-deal at 200×60
    static let flipShareOfFullRepaint = 10.0  // % of a full repaint of the same screen
    static let idleWakeups = 0.0
    static let idleBytes = 0.0
    static let dealCPUPercent = 3.0           // of one core, 20-card deal at 120×40
    static let fps = 30.0
    static let fpsTolerance = 1.0
    static let gapP95Ms = 40.0
    static let startupMs = 50.0
    static let peakRSSMiB = 15.0              // "15 MB" read as MiB: VmHWM counts KiB
}
