import Logging
import Memorize
import PostgresNIO

/// The board in PostgreSQL, for several servers behind one name: the same table and promises as
/// SQLiteLeaderboard. Commits are durable as the server configures them (PostgreSQL's default,
/// synchronous_commit on, writes them to disk before answering).
public final class PostgresLeaderboard: LeaderboardStore {
    let client: PostgresClient
    private let runner: Task<Void, Never>
    /// A query that takes longer than this makes the board unavailable, not the session stuck.
    private let timeout: Duration

    /// Connects and migrates; throws `LeaderboardUnavailable` when the server cannot be reached
    /// or the schema cannot be brought up to date.
    public init(url: PostgresURL, timeout: Duration = .seconds(5), logger: Logger = Logger(label: "leaderboard")) async throws {
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        self.client = client
        self.timeout = timeout
        runner = Task { await client.run() }
        do {
            try await bounded { try await Self.migrate(client) }
        } catch {
            runner.cancel()
            throw LeaderboardUnavailable("the leaderboard database at \(url.host):\(url.port) cannot be used: \(String(reflecting: error).prefix(300))")
        }
    }

    /// Versions 1 to 4, applied once even when several servers start together (an advisory lock
    /// serialises them; the schema version table says what is done). Version 2 adds the starts of
    /// runs and the daily secret every server on this database deals from, made here, once;
    /// version 3 each key's files (PostgresLeaderboard+PlayerFiles.swift); version 4 tables across
    /// hosts (PostgresFleet.swift).
    static func migrate(_ client: PostgresClient) async throws {
        try await client.withConnection { connection in
            try await connection.query("BEGIN", logger: Self.quiet)
            do {
                try await connection.query("SELECT pg_advisory_xact_lock(2261720260)", logger: Self.quiet)
                try await connection.query("CREATE TABLE IF NOT EXISTS memorize_schema (version BIGINT NOT NULL)", logger: Self.quiet)
                var version = 0
                for try await (found) in try await connection.query("SELECT COALESCE(MAX(version), 0) FROM memorize_schema", logger: Self.quiet).decode(Int.self) {
                    version = found
                }
                if version < 1 {
                    try await connection.query("""
                        CREATE TABLE memorize_runs (
                            day BIGINT NOT NULL,
                            fingerprint TEXT NOT NULL,
                            name TEXT NOT NULL,
                            score BIGINT NOT NULL,
                            moves BIGINT NOT NULL,
                            milliseconds BIGINT NOT NULL,
                            intents TEXT NOT NULL,
                            reported_at DOUBLE PRECISION NOT NULL,
                            PRIMARY KEY (day, fingerprint))
                        """, logger: Self.quiet)
                    try await connection.query("CREATE INDEX memorize_runs_board ON memorize_runs (day, score DESC, milliseconds, moves, reported_at)", logger: Self.quiet)
                    try await connection.query("INSERT INTO memorize_schema (version) VALUES (1)", logger: Self.quiet)
                }
                if version < 2 {
                    try await Self.migrateToVersion2(connection)
                }
                if version < 3 {
                    try await Self.migrateToVersion3(connection)
                }
                // Version 3: each key's files shared by every host; 4: tables across hosts.
                if version < 4 {
                    try await PostgresFleet.migrateToVersion4(connection)
                }
                try await connection.query("COMMIT", logger: Self.quiet)
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: Self.quiet)
                throw error
            }
        }
    }

    static let quiet = Logger(label: "leaderboard-sql", factory: { _ in SwiftLogNoOpLogHandler() })

    public func submit(_ run: LeaderboardRun) async throws -> SubmitOutcome {
        if let problem = LeaderboardLimits.problem(with: run) { throw LeaderboardRefusal(description: "refused: \(problem)") }
        let client = client
        do {
            let inserted = try await bounded {
                let rows = try await client.query("""
                    INSERT INTO memorize_runs (day, fingerprint, name, score, moves, milliseconds, intents, reported_at)
                    VALUES (\(run.date.daysSinceEpoch), \(run.fingerprint), \(run.name), \(run.score), \(run.moves),
                            \(run.milliseconds), \(run.intents), \(run.reportedAt))
                    ON CONFLICT (day, fingerprint) DO NOTHING RETURNING 1
                    """, logger: Self.quiet)
                var count = 0
                for try await _ in rows { count += 1 }
                return count
            }
            return inserted == 1 ? .stored : .alreadyPlayed
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not store a run: \(String(reflecting: error).prefix(300))")
        }
    }

    public func top(on date: DailyDate, limit: Int) async throws -> [LeaderboardRun] {
        let limit = max(0, min(limit, LeaderboardLimits.boardSize))
        let client = client
        do {
            return try await bounded {
                let rows = try await client.query("""
                    SELECT fingerprint, name, score, moves, milliseconds, intents, reported_at FROM memorize_runs
                    WHERE day = \(date.daysSinceEpoch) ORDER BY score DESC, milliseconds, moves, reported_at LIMIT \(limit)
                    """, logger: Self.quiet)
                var runs: [LeaderboardRun] = []
                for try await (fingerprint, name, score, moves, milliseconds, intents, reportedAt)
                    in rows.decode((String, String, Int, Int, Int, String, Double).self) {
                    runs.append(LeaderboardRun(date: date, fingerprint: fingerprint, name: name, score: score, moves: moves,
                                               milliseconds: milliseconds, intents: intents, reportedAt: reportedAt))
                }
                return runs
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(String(reflecting: error).prefix(300))")
        }
    }

    public func count(on date: DailyDate) async throws -> Int {
        let client = client
        do {
            return try await bounded {
                var count = 0
                for try await found in try await client.query("SELECT COUNT(*) FROM memorize_runs WHERE day = \(date.daysSinceEpoch)",
                                                              logger: Self.quiet).decode(Int.self) {
                    count = found
                }
                return count
            }
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not be read: \(String(reflecting: error).prefix(300))")
        }
    }

    public func close() async {
        runner.cancel()
        _ = await runner.value
    }

    func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await Self.withTimeout(timeout, work)
    }

    static func withTimeout<T: Sendable>(_ limit: Duration, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await work() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw LeaderboardUnavailable("no answer within \(limit)")
            }
            let first = try await group.next()!
            group.cancelAll()
            return first
        }
    }
}
