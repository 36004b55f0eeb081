import Memorize

/// Recomputes a reported daily run by replaying its intents through the model (`GameState`, no
/// terminal): the board ranks what this returns, never what the game claimed. The log is hostile
/// input, so every part is bounded: its bytes, its lines, each line's form (`TimedIntent(line:)`),
/// the steps replayed (`GameRecord.maximumIntents`) and the time spent.
public enum RunReplay {
    public static let maximumIntents = GameRecord.maximumIntents
    /// A replay of the longest log takes well under a millisecond; this stops a pathological one.
    public static let maximumDuration: Duration = .milliseconds(250)

    /// What the replay found: the score, moves and time of the finished game.
    public struct Outcome: Equatable, Sendable {
        public var score: Int
        public var moves: Int
        public var milliseconds: Int
    }

    /// Replays `log` (one `TimedIntent` line each, as the game's `GameRecord` holds them) on
    /// `setup`. The run must be one solo game: a `deal`, then choices and shuffles in time order,
    /// every one taken by the model, ending on the match of the last pair with nothing after it.
    public static func replay(_ log: String, setup: GameSetup) -> Result<Outcome, LeaderboardRefusal> {
        func refuse(_ reason: String) -> Result<Outcome, LeaderboardRefusal> { .failure(LeaderboardRefusal(description: reason)) }
        guard log.utf8.count <= LeaderboardLimits.maximumIntentLogBytes else { return refuse("the intent log is too long") }
        let started = ContinuousClock.now
        var state = GameState(setup: setup)
        var steps = 0
        var lastTime = 0.0
        for (index, text) in log.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if text.isEmpty && index > 0 { continue }
            steps += 1
            guard steps <= maximumIntents else { return refuse("more than \(maximumIntents) intents") }
            if steps % 256 == 0, ContinuousClock.now - started > maximumDuration { return refuse("the replay took too long") }
            let where_ = "line \(index + 1)"
            guard let timed = TimedIntent(line: text) else { return refuse("\(where_) is not an intent") }
            guard timed.seat == 0 else { return refuse("\(where_): a daily run has one seat") }
            guard timed.time >= lastTime else { return refuse("\(where_): time goes backwards") }
            guard !state.model.isOver else { return refuse("\(where_): the game was already over") }
            switch timed.intent {
            case .deal, .choose, .shuffle: break
            case .restart, .newGame, .setMode: return refuse("\(where_): a daily run is the day's one deal")
            }
            // The game records only the intents it took: one the model refuses was not played.
            guard state.apply(timed, themes: [setup.theme]) else { return refuse("\(where_): the game would not take \(timed.intent.line)") }
            lastTime = timed.time
        }
        guard state.model.isOver, let dealtAt = state.startTime, let finishedAt = state.endTime else {
            return refuse("the log does not finish the game")
        }
        let milliseconds = Int(((finishedAt - dealtAt) * 1000).rounded())
        guard LeaderboardLimits.milliseconds.contains(milliseconds) else { return refuse("the run's time is out of range") }
        return .success(Outcome(score: state.model.score, moves: state.model.moves, milliseconds: milliseconds))
    }
}
