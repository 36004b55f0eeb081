/// The targets, in one place, so a reader sees every promise at once.
enum Targets {
    static let frameMedianMs = 0.5            // 40 cards mid-deal at 200×60
    static let flipShareOfFullRepaint = 10.0  // % of a full repaint of the same screen
    static let idleWakeups = 0.0
    static let idleBytes = 0.0
    static let dealCPUPercent = 3.0           // of one core, 20-card deal at 120×40
    static let fps = 30.0
    static let fpsTolerance = 1.0
    static let gapP95Ms = 40.0
    /// Start-up to the first full frame on the release build: far under what anyone perceives.
    /// (Its ratio to nbmemoblocks' is printed for information: 78% of our start-up is
    /// swift-argument-parser, which stays.)
    static let startupMs = 10.0
    static let peakRSSMiB = 15.0              // "15 MB" read as MiB: VmHWM counts KiB

    // Frame cost.
    static let inputLatencyP95Ms = 1000.0 / 30 + 5   // one frame interval at 30 fps + 5 ms
    /// A choice to the flip's first visible move (a 14-cell card at 120x40): an eighth of a cell
    /// each side ~90 ms into the eased turn, against ~166 ms for whole cells.
    static let flipFirstMoveP95Ms = 100.0
    static let flipAreaRatio = 3.0                  // flip frame cost at 300x100 over 80x24
    static let flipOverLowerBound = 2.0             // our CPU per flip frame over ncurses-replay's
    /// Bytes sent per focus move over the UTF-8 of the glyphs it changes: what any program must
    /// send is the glyphs; escape sequences and cursor moves may add at most as much again.
    static let focusBytesOverGlyphBytes = 2.0
    static let repaintsPerResize = 1.0
    /// The largest themes file a player may have (just under 1 MiB, ~15k themes) to the first frame.
    static let largestThemesFileStartupMs = 500.0
}
