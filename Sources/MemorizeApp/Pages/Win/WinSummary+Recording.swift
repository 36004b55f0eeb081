import Memorize
import MemorizeStore

extension WinSummary {
    /// Records a finished game in the score book and makes its win screen. Solo games keep a
    /// best per theme; games against the computer count wins, losses and ties per level;
    /// hot-seat games are the players' own business. A game in which time was paused counts for
    /// nothing: paused time is time the clock did not count, so it cannot stand as a best.
    static func recording(_ result: GameResult, standings: Standings?, mode: GameMode, in scores: ScoreRecording,
                          timeWasPaused: Bool, daily: DailyDate? = nil) -> WinSummary {
        if let standings {
            let record = timeWasPaused ? nil : standings.level.map { scores.recordVersus(level: $0.rawValue, outcome: standings.outcome) }
            return WinSummary(result: result, previousBest: nil, warning: scores.warning,
                             versus: WinSummary.Versus(standings: standings, record: record), playedMode: mode,
                             timeWasPaused: timeWasPaused)
        }
        if timeWasPaused {
            return WinSummary(result: result, previousBest: scores.best(forTheme: result.theme), warning: scores.warning,
                             playedMode: mode, timeWasPaused: true)
        }
        let previous = scores.record(result)
        var summary = WinSummary(result: result, previousBest: previous, warning: scores.warning, playedMode: mode)
        if let daily {
            summary.daily = WinSummary.Daily(date: daily, previousBest: scores.recordDaily(result, on: daily))
        }
        return summary
    }
}
