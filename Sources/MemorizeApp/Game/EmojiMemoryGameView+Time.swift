import TerminalUI

/// The inspector's time controls (issue 14): the trick the tests play with a virtual clock,
/// offered to a learner live. `p` freezes app time (the model's bonus clock and the Animator
/// stand still, so a deal can be stopped mid-flight or a flip at 90°); `.` moves it on by one
/// frame, 1/fps, exactly as the run loop would. The run loop's own clock goes on, so input,
/// frames and key-script `wait`s behave as ever; a paused game asks for no frames at all.
extension EmojiMemoryGameView {
    func setTimePaused(_ paused: Bool) {
        guard let timeControl, paused != isTimePaused else { return }
        if paused {
            timeControl.freeze()
            timeWasPaused = true
        } else {
            timeControl.thaw()
        }
        isTimePaused = paused
    }

    /// One frame on while paused; nothing while time runs.
    func stepFrame() {
        guard isTimePaused, let timeControl else { return }
        timeControl.step(by: 1 / max(1, options.fps))
    }

    /// The inspector's selection: any card in the model's order, dealt or not, so a learner can
    /// read a card still in the deck. It is the game's focus, so the card lights up on the table too.
    func selectCard(by offset: Int) {
        let count = game.cards.count
        guard count > 0 else { return }
        focusIndex = min(count - 1, max(0, focusIndex + offset))
    }
}
