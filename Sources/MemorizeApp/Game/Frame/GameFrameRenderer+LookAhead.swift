import TerminalUI

/// Looking ahead: which of the coming frames will show something new ("frames in which nothing
/// visible changes cost near nothing").
///
/// A QuietFrame already costs no drawing and no bytes, but the run loop still woke the process
/// for it, 30 times a second: a timer, a poll(2) returning, the check. At 80x24 a flip changes
/// the card's width only every other frame, and a bonus pie lights its next dot every third or
/// fourth frame of its six-second countdown, so most wake-ups found nothing to do (a pie's
/// countdown woke the process 90 times in 3 s; now 29).
/// The frames to come are a pure function of time until an input, a timer (the page's
/// `nextTimedChange`) or the end of an animation: so they can be worked out ahead, the way
/// `renderFrame` decides that a frame is quiet, and the run loop sleeps until the first one that
/// is not.
extension GameFrameRenderer {
    /// How many frames ahead are looked at, at most: a second at the default 30 fps. Each look
    /// costs what a quiet frame's check does, a few thousand instructions, far less than a wake.
    static let lookAheadFrames = 30

    /// The first of the frames due at `due`, `due + interval`, ... at which the game page may
    /// look different from the frame last drawn; `due` when that cannot be told. Never later
    /// than the first frame at or after the end of an animation (its end may settle something),
    /// nor than `lookAheadFrames` frames ahead.
    func nextChangingFrame(_ body: GameBody, due: Double, interval: Double) -> Double {
        self.body = body
        // The run loop's clock stands ahead of app time by the time the inspector paused it.
        let behind = body.timeBehind
        return nextChangingFrame(appTime: due - behind, interval: interval) + behind
    }

    private func nextChangingFrame(appTime due: Double, interval: Double) -> Double {
        guard interval > 0, let quietFrame else { return due }
        var horizon = due + Double(Self.lookAheadFrames) * interval
        // (An end before the last frame was noticed there, or is noticed at the next wake.)
        if let end = animator.earliestEnd(after: due - interval) { horizon = min(horizon, end) }
        var time = due
        while time < horizon {
            // The check renderFrame makes, at a frame to come.
            guard frameSignature(at: time, focusVisible: quietFrame.stamp.focusVisible) == quietFrame else { return time }
            time += interval
        }
        return time
    }

    /// Under `--reduced-motion` nothing animates, but a running bonus pie still steps down once
    /// a second: the next whole second of any card's countdown (app time); nil otherwise.
    func nextCountdownStep(of cards: [EmojiMemoryGame.Card], after now: Double) -> Double? {
        guard animator.reducedMotion else { return nil }
        let steps = cards.filter(\.isConsumingBonusTime).map { card -> Double in
            let untilNextWholeSecond = card.bonusTimeRemaining.truncatingRemainder(dividingBy: 1)
            return now + (untilNextWholeSecond < 1e-6 ? 1 : untilNextWholeSecond)
        }
        return steps.min().map { $0 + 1e-6 }
    }
}
