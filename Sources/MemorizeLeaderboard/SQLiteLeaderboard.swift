import GRDB
import Memorize
#if canImport(Glibc)
import Glibc
#endif

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
        // Made 0600 before SQLite sees it: its -wal and -shm files take the database's mode, and
        // the umask (0644 typically) would let every local user read the board's keys and logs.
        let made = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if made >= 0 { Glibc.close(made) }
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
        migrator.registerMigration("v2 starts") { db in
            // One run per key and day, counted when it starts: a row here before the first card
            // is dealt; `ended_at` set when it is left. A start without a row in `runs` is unfinished.
            try db.execute(sql: """
                CREATE TABLE starts (
                    day INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL,
                    name TEXT NOT NULL,
                    started_at REAL NOT NULL,
                    ended_at REAL,
                    PRIMARY KEY (day, fingerprint)
                );
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

    public func start(_ start: DailyStart) async throws -> StartOutcome {
        if let problem = start.problem { throw LeaderboardRefusal(description: "refused: \(problem)") }
        do {
            let inserted = try await pool.write { db in
                // A key with a finished run (kept before starts were recorded) has had its run too.
                try db.execute(sql: """
                    INSERT INTO starts (day, fingerprint, name, started_at) SELECT ?, ?, ?, ?
                    WHERE NOT EXISTS (SELECT 1 FROM runs WHERE day = ? AND fingerprint = ?)
                    ON CONFLICT (day, fingerprint) DO NOTHING
                    """, arguments: [start.date.daysSinceEpoch, start.fingerprint, start.name, start.startedAt,
                                     start.date.daysSinceEpoch, start.fingerprint])
                return db.changesCount == 1
            }
            return inserted ? .started : .alreadyStarted
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not record a start: \(error)")
        }
    }

    public func end(on date: DailyDate, fingerprint: String, at time: Double) async throws {
        do {
            try await pool.write { db in
                try db.execute(sql: "UPDATE starts SET ended_at = ? WHERE day = ? AND fingerprint = ? AND ended_at IS NULL",
                               arguments: [time.isFinite ? time : 0, date.daysSinceEpoch, fingerprint])
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not record a run's end: \(error)")
        }
    }

    public func status(on date: DailyDate, fingerprint: String) async throws -> DailyRunStatus {
        do {
            return try await pool.read { db in
                let day = date.daysSinceEpoch
                if try Int.fetchOne(db, sql: "SELECT 1 FROM runs WHERE day = ? AND fingerprint = ?", arguments: [day, fingerprint]) != nil {
                    return .ended
                }
                guard let row = try Row.fetchOne(db, sql: "SELECT ended_at IS NOT NULL, started_at FROM starts WHERE day = ? AND fingerprint = ?",
                                                 arguments: [day, fingerprint]) else { return .notStarted }
                let ended: Bool = row[0]
                return ended ? .ended : .playing(startedAt: row[1])
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(error)")
        }
    }

    public func unfinished(on date: DailyDate, limit: Int) async throws -> [UnfinishedRun] {
        let limit = max(0, min(limit, LeaderboardLimits.boardSize))
        do {
            return try await pool.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT fingerprint, name, started_at, ended_at IS NOT NULL FROM starts s WHERE day = ?
                    AND NOT EXISTS (SELECT 1 FROM runs r WHERE r.day = s.day AND r.fingerprint = s.fingerprint)
                    ORDER BY started_at, fingerprint LIMIT ?
                    """, arguments: [date.daysSinceEpoch, limit]).map { row in
                    UnfinishedRun(fingerprint: row[0], name: row[1], startedAt: row[2], ended: row[3])
                }
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(error)")
        }
    }

    public func close() async {
        try? pool.close()
    }
}
