import Memorize
import MemorizeStore

/// A server's daily run, reported for the server to replay through the model and rank the score
/// it recomputes (docs/leaderboard.md): the game's own record of the deal (`GameRecord`: every
/// intent the game took, timed on its timeline), with the result the player saw.
enum DailyRunReport {
    /// `memorize-daily-report 1`, `date D`, `score N`, `moves N`, then one intent line each;
    /// nil for a record that overflowed (it no longer replays to its game).
    static func text(date: DailyDate, record: GameRecord, result: GameResult) -> String? {
        guard !record.isOverflowed else { return nil }
        let header = ["memorize-daily-report 1", "date \(date)", "score \(result.score)", "moves \(result.moves)"]
        return (header + record.intents.map(\.line)).joined(separator: "\n") + "\n"
    }

    /// Writes the report where the server looks for it (AppOptions.dailyReportPath), atomically;
    /// a failure is the board's loss only (the player still sees their win).
    static func write(date: DailyDate, record: GameRecord, result: GameResult, to path: String) {
        guard let text = text(date: date, record: record, result: result) else { return }
        try? AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
    }
}
