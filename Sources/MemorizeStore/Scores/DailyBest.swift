import Memorize

/// The best finished daily deal of one UTC day (`--daily`, `--date`): its theme and the game.
public struct DailyBest: Equatable, Sendable {
    public var theme: String
    public var best: BestScore
    public init(theme: String, best: BestScore) { self.theme = theme; self.best = best }
}

extension DailyBest {
    /// The days a score file keeps: the most recent ones, so the file stays small however long
    /// someone plays (a year and a bit).
    public static let maximumDays = 400

    /// Keeps the `maximumDays` most recent days (`YYYY-MM-DD` sorts as the days do).
    static func bounded(_ days: [String: DailyBest]) -> [String: DailyBest] {
        guard days.count > maximumDays else { return days }
        let kept = days.keys.sorted().suffix(maximumDays)
        return Dictionary(uniqueKeysWithValues: kept.map { ($0, days[$0]!) })
    }

    /// Merges two books' days: each day keeps the better game.
    static func merged(_ mine: [String: DailyBest], _ theirs: [String: DailyBest]) -> [String: DailyBest] {
        bounded(mine.merging(theirs) { a, b in b.best.isBetter(than: a.best) ? b : a })
    }
}
