import Memorize
import TerminalUI

extension VirtualClock {
    /// The model's view of this clock: tests move bonus time by hand with the same virtual clock
    /// the Animator and the run loop read in headless runs.
    public var gameClock: GameClock { GameClock { [self] in now } }
}
