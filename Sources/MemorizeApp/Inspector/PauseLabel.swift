/// The inspector's "TIME PAUSED at 1.60 s" line. Always two decimals (a frame at 30 fps is 33 ms,
/// so `.` visibly steps it): a label that dropped trailing zeros jumped between "1.6 s" and
/// "1.64 s" and its keys shifted with it.
enum PauseLabel {
    static func text(secondsSinceStart seconds: Double) -> String {
        "TIME PAUSED at \(fixed(seconds)) s  . step  p resume"
    }

    /// `seconds` with exactly two decimals ("0.00", "1.60", "125.04"); never negative.
    static func fixed(_ seconds: Double) -> String {
        let hundredths = seconds.isFinite ? Int((max(0, seconds) * 100).rounded()) : 0
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
