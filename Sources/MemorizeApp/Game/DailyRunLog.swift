import Memorize
import MemorizeStore

/// The intents of a server's daily deal as the player made them, timed on the game's clock from
/// the deal (0), so a server can replay the run through the model and rank the score it
/// recomputes (docs/leaderboard.md). Bounded: a log that grows past `maximumIntents` is dropped.
final class DailyRunLog {
    static let maximumIntents = 5_000
    private(set) var intents: [TimedIntent] = []
    private var origin: Double?
    private var overflowed = false

    func note(_ intent: GameIntent, at now: Double) {
        if intent == .deal {
            guard origin == nil else { return }
            origin = now
        }
        guard let origin, !overflowed else { return }
        guard intents.count < Self.maximumIntents else {
            overflowed = true
            return
        }
        intents.append(TimedIntent(intent, at: max(0, now - origin)))
    }

    /// The report a server reads when the game ends: a header, the claimed result, the intents.
    func report(date: DailyDate, result: GameResult) -> String? {
        guard !overflowed, origin != nil else { return nil }
        let header = ["memorize-daily-report 1", "date \(date)", "score \(result.score)", "moves \(result.moves)"]
        return (header + intents.map(\.line)).joined(separator: "\n") + "\n"
    }

    /// Writes the report where the server looks for it (AppOptions.dailyReportPath), atomically;
    /// a failure is the board's loss only (the player still sees their win).
    func write(date: DailyDate, result: GameResult, to path: String) {
        guard let text = report(date: date, result: result) else { return }
        try? AtomicFile.write(Array(text.utf8), to: path, mode: 0o600)
    }
}
