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

    // Issue 11.
    static let inputLatencyP95Ms = 1000.0 / 30 + 5   // one frame interval at 30 fps + 5 ms
    static let flipAreaRatio = 3.0                  // flip frame cost at 300x100 over 80x24
    static let flipOverLowerBound = 2.0             // our CPU per flip frame over ncurses-replay's
    static let focusBytesPerCell = 2.0              // bytes sent per cell a focus move changes
    static let startupOverPeer = 2.5                // start-up over nbmemoblocks' in the same run
    static let repaintsPerResize = 1.0
    /// The largest themes file a player may have (just under 1 MiB, ~15k themes) to the first frame.
    static let largestThemesFileStartupMs = 500.0
}
