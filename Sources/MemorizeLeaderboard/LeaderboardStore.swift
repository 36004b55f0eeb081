import Memorize

/// Where daily runs are kept: SQLite on one server (SQLiteLeaderboard), PostgreSQL for several
/// servers behind one name (PostgresLeaderboard). Both keep the same promises, and the same tests
/// run against both (Tests/LeaderboardTests):
/// - a key has one run a day, counted when it starts (`start`, before the first card is dealt):
///   a second start that day is refused, and a started run that is never won stays unfinished;
/// - a key's first finished run of a day is the one that counts: a second is ignored;
/// - a day's board is ordered by score (high first), then time, then moves (low first), then
///   the earlier report;
/// - a run is committed before `submit` returns, and a committed run survives the process being
///   killed (kill -9) at any moment.
public protocol LeaderboardStore: Sendable {
    /// Stores the run unless its key already has one that day; a run out of bounds
    /// (`LeaderboardLimits`) is a `LeaderboardRefusal` and nothing is written.
    func submit(_ run: LeaderboardRun) async throws -> SubmitOutcome
    /// The day's best `limit` runs (at most `LeaderboardLimits.boardSize`), best first.
    func top(on date: DailyDate, limit: Int) async throws -> [LeaderboardRun]
    /// How many runs the day has.
    func count(on date: DailyDate) async throws -> Int
    /// Records the key's run of the day before it is dealt; `.alreadyStarted` when the key has
    /// started (or finished) one that day already, and nothing is written.
    func start(_ start: DailyStart) async throws -> StartOutcome
    /// Marks the key's started run of the day as left (a no-op when there is none, or it is won).
    func end(on date: DailyDate, fingerprint: String, at time: Double) async throws
    /// Where the key's run of the day stands.
    func status(on date: DailyDate, fingerprint: String) async throws -> DailyRunStatus
    /// The day's started runs that were never won (at most `limit`, up to the board's size), earliest first.
    func unfinished(on date: DailyDate, limit: Int) async throws -> [UnfinishedRun]
    func close() async
}

public enum SubmitOutcome: Equatable, Sendable {
    case stored
    /// This key's first run of the day is already on the board; this one does not count.
    case alreadyPlayed
}

/// Anything that keeps the board from answering: a locked, full, missing or corrupt database, a
/// server that does not answer. The board says it is unavailable; games go on.
public struct LeaderboardUnavailable: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A run the board will not take (out of bounds, or not replaying to a finished game).
public struct LeaderboardRefusal: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}
