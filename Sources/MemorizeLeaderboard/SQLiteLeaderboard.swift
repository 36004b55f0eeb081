import GRDB
import Memorize

/// The board in one SQLite file in the server's state directory, through GRDB: WAL (readers
/// never wait for the writer), versioned migrations, and a short busy timeout, so a locked
/// database makes the board unavailable for a moment instead of stalling a session.
public final class SQLiteLeaderboard: LeaderboardStore {
    private let pool: DatabasePool

    /// Opens (creating and migrating) the database at `path`. Throws `LeaderboardUnavailable`
    /// for a file that is not a database, one it may not open, or a full disk.
    public init(path: String, busyTimeout: Double = 0.5) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "leaderboard"
        configuration.prepareDatabase { db in
            // A commit is on disk when it returns: kill -9, or the host losing power, keeps it.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool)
        } catch {
            throw LeaderboardUnavailable("the leaderboard database \(path) cannot be used: \(error)")
        }
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 runs") { db in
            // One row per key and day: the primary key is what makes the first run the one that counts.
            try db.execute(sql: """
                CREATE TABLE runs (
                    day INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL,
                    name TEXT NOT NULL,
                    score INTEGER NOT NULL,
                    moves INTEGER NOT NULL,
                    milliseconds INTEGER NOT NULL,
                    intents TEXT NOT NULL,
                    reported_at REAL NOT NULL,
                    PRIMARY KEY (day, fingerprint)
                );
                CREATE INDEX runs_board ON runs (day, score DESC, milliseconds, moves, reported_at);
                """)
        }
        return migrator
    }

    public func submit(_ run: LeaderboardRun) async throws -> SubmitOutcome {
        if let problem = LeaderboardLimits.problem(with: run) { throw LeaderboardRefusal(description: "refused: \(problem)") }
        do {
            let inserted = try await pool.write { db in
                try db.execute(sql: """
                    INSERT INTO runs (day, fingerprint, name, score, moves, milliseconds, intents, reported_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day, fingerprint) DO NOTHING
                    """, arguments: [run.date.daysSinceEpoch, run.fingerprint, run.name, run.score, run.moves,
                                     run.milliseconds, run.intents, run.reportedAt])
                return db.changesCount == 1
            }
            return inserted ? .stored : .alreadyPlayed
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not store a run: \(error)")
        }
    }

    public func top(on date: DailyDate, limit: Int) async throws -> [LeaderboardRun] {
        let limit = max(0, min(limit, LeaderboardLimits.boardSize))
        do {
            return try await pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT fingerprint, name, score, moves, milliseconds, intents, reported_at FROM runs
                    WHERE day = ? ORDER BY score DESC, milliseconds, moves, reported_at LIMIT ?
                    """, arguments: [date.daysSinceEpoch, limit]).map { row in
                    LeaderboardRun(date: date, fingerprint: row[0], name: row[1], score: row[2], moves: row[3],
                                   milliseconds: row[4], intents: row[5], reportedAt: row[6])
                }
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(error)")
        }
    }

    public func count(on date: DailyDate) async throws -> Int {
        do {
            return try await pool.read { db in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM runs WHERE day = ?", arguments: [date.daysSinceEpoch]) ?? 0
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(error)")
        }
    }

    public func close() async {
        try? pool.close()
    }
}
