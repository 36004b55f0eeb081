import Memorize

extension ScoreBook {
    public func bestDaily(on date: DailyDate) -> DailyBest? { daily[date.description] }

    /// Keeps a finished daily deal if it beats that day's best (the one on disk included, which
    /// another memorize-tui may have saved since this one loaded); returns the best before it.
    @discardableResult
    public func recordDaily(_ result: GameResult, on date: DailyDate) -> DailyBest? {
        if isSavingEnabled, let disk = loadFromDisk() { daily = DailyBest.merged(daily, disk.daily) }
        let key = date.description
        let previous = daily[key]
        let candidate = BestScore(score: result.score, moves: result.moves, seconds: result.seconds)
        guard ScoreFile.isStorable(candidate), !result.theme.allSatisfy(\.isWhitespace), result.theme.count <= 64 else { return previous }
        guard previous.map({ candidate.isBetter(than: $0.best) }) ?? true else { return previous }
        daily = DailyBest.bounded(daily.merging([key: DailyBest(theme: result.theme, best: candidate)]) { $1 })
        save()
        return previous
    }
}
