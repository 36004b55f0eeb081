import Memorize

/// Recomputes a reported daily run by replaying its intents through the model (no terminal):
/// the board ranks what this returns, never what the game claimed. The log is hostile input,
/// so every part is bounded: its bytes, its lines, each line's form (`TimedIntent(line:)`), the
/// steps replayed and the time spent.
public enum RunReplay {
    public static let maximumIntents = 5_000
    /// A replay of the longest log takes well under a millisecond; this stops a pathological one.
    public static let maximumDuration: Duration = .milliseconds(250)

    /// What the replay found: the score, moves and time of the finished game.
    public struct Outcome: Equatable, Sendable {
        public var score: Int
        public var moves: Int
        public var milliseconds: Int
    }

    /// Replays `log` (one `TimedIntent` line each) on the deal `theme` + `seed`. The run must be
    /// one solo game: a `deal`, then choices (and shuffles) in time order, ending on the match of
    /// the last pair, with nothing after it.
    public static func replay(_ log: String, theme: Theme, seed: UInt64) -> Result<Outcome, LeaderboardRefusal> {
        func refuse(_ reason: String) -> Result<Outcome, LeaderboardRefusal> { .failure(LeaderboardRefusal(description: reason)) }
        guard log.utf8.count <= LeaderboardLimits.maximumIntentLogBytes else { return refuse("the intent log is too long") }
        let started = ContinuousClock.now
        let time = ReplayTime()
        var game = DailyDeal.game(theme: theme, seed: seed, clock: time.clock)
        var dealtAt: Double?
        var finishedAt: Double?
        var steps = 0
        for (index, text) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if text.isEmpty && index > 0 { continue }
            steps += 1
            guard steps <= maximumIntents else { return refuse("more than \(maximumIntents) intents") }
            if steps % 256 == 0, ContinuousClock.now - started > maximumDuration { return refuse("the replay took too long") }
            guard let timed = TimedIntent(line: text) else { return refuse("line \(index + 1) is not an intent") }
            guard timed.seat == 0 else { return refuse("line \(index + 1): a daily run has one seat") }
            guard timed.time >= time.now else { return refuse("line \(index + 1): time goes backwards") }
            guard finishedAt == nil else { return refuse("line \(index + 1): the game was already over") }
            time.now = timed.time
            switch timed.intent {
            case .deal:
                guard dealtAt == nil else { return refuse("line \(index + 1): a second deal") }
                dealtAt = timed.time
            case .choose(let id):
                guard dealtAt != nil else { return refuse("line \(index + 1): a choice before the deal") }
                guard let card = game.cards.first(where: { $0.id == id }) else { return refuse("line \(index + 1): no card \(id)") }
                game.choose(card)
                if game.isOver { finishedAt = timed.time }
            case .shuffle:
                game.shuffle()
            case .restart, .newGame:
                return refuse("line \(index + 1): a daily run is the day's one deal")
            }
        }
        guard let dealtAt, let finishedAt else { return refuse("the log does not finish the game") }
        let milliseconds = Int(((finishedAt - dealtAt) * 1000).rounded())
        guard LeaderboardLimits.milliseconds.contains(milliseconds) else { return refuse("the run's time is out of range") }
        return .success(Outcome(score: game.score, moves: game.moves, milliseconds: milliseconds))
    }
}

/// The replay's clock: the time of the intent being applied, as the live game's clock read
/// when the player acted. Used by one replay on one thread.
final class ReplayTime: @unchecked Sendable {
    var now = 0.0
    var clock: GameClock { GameClock { [self] in now } }
}
