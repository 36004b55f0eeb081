import TerminalUI

/// What the run loop asks the page about time: whether anything moves, and when something
/// changes by time alone; and the inspector's one-frame step.
extension GamePage {
    /// Paused, nothing moves: the run loop blocks in input as when idle (a paused inspector costs nothing).
    var isAnimating: Bool { !isTimePaused && animator.isAnimating(at: clock.now) }

    /// When something changes by time alone while nothing animates: the reduced-motion pie's next
    /// step, the computer's next move, the end of its note, a
    /// played-back run's next intent. In the run loop's clock.
    var nextTimedChange: Double? {
        guard !isTimePaused else { return nil }
        // App time stands behind the run loop's clock by the time it was paused: the run loop
        // waits on its own clock, so the deadline is handed over in that clock's time.
        let behind = timeControl.map { $0.base.now - $0.now } ?? 0
        let now = clock.now
        return [renderer.nextCountdownStep(of: game.cards, after: now), opponent.nextChange(after: now), playback?.nextDue(after: now),
                dailyVerdict.isWaiting ? now + DailyVerdictReader.interval : nil]
            .compactMap { $0 }.min().map { $0 + behind }
    }

    /// The inspector's `.`: one frame on (1/fps, as the run loop would) while paused.
    func stepFrame() {
        guard isTimePaused, let timeControl else { return }
        timeControl.step(by: 1 / max(1, options.fps))
    }
}
