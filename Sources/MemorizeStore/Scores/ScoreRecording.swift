import Memorize

/// Where best scores live ($XDG_STATE_HOME/memorize-tui/scores.json for the real one).
public protocol ScoreRecording: AnyObject {
    func best(forTheme theme: String) -> BestScore?
    /// Records a finished game and saves; returns the best there was before it.
    @discardableResult func record(_ result: GameResult) -> BestScore?
    /// Something the player should hear about (a corrupt file kept aside, a failed save).
    var warning: String? { get }
    /// Counts a game against the computer at `level` and saves; returns the record including it.
    @discardableResult func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord
    /// The best daily deal kept for `date`, if any.
    func bestDaily(on date: DailyDate) -> DailyBest?
    /// Records a finished daily deal (`--daily`, `--date`) and saves; returns that day's best before it.
    @discardableResult func recordDaily(_ result: GameResult, on date: DailyDate) -> DailyBest?
}

/// Keeps everything in memory: headless runs and tests never touch the player's files.
public final class InMemoryScores: ScoreRecording {
    private var bests: [String: BestScore] = [:]
    private var versus: [String: VersusRecord] = [:]
    private var daily: [DailyDate: DailyBest] = [:]
    public private(set) var warning: String?
    public init() {}
    public func best(forTheme theme: String) -> BestScore? { bests[theme] }
    @discardableResult public func record(_ result: GameResult) -> BestScore? {
        let previous = bests[result.theme]
        let candidate = BestScore(score: result.score, moves: result.moves, seconds: result.seconds)
        if previous.map({ candidate.isBetter(than: $0) }) ?? true { bests[result.theme] = candidate }
        return previous
    }
    @discardableResult public func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord {
        versus[level, default: VersusRecord()].add(outcome)
        return versus[level]!
    }
    public func bestDaily(on date: DailyDate) -> DailyBest? { daily[date] }
    @discardableResult public func recordDaily(_ result: GameResult, on date: DailyDate) -> DailyBest? {
        let previous = daily[date]
        let candidate = DailyBest(theme: result.theme, best: BestScore(score: result.score, moves: result.moves, seconds: result.seconds))
        if previous.map({ candidate.best.isBetter(than: $0.best) }) ?? true { daily[date] = candidate }
        return previous
    }
}
