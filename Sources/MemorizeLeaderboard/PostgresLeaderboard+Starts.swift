import Logging
import Memorize
import PostgresNIO

/// Starts of runs and the shared daily secret in PostgreSQL (version 2 of the schema): the same
/// promises as SQLiteLeaderboard's, so several servers on one database agree on who has played.
extension PostgresLeaderboard {
    static func migrateToVersion2(_ connection: PostgresConnection) async throws {
        try await connection.query("""
            CREATE TABLE memorize_starts (
                day BIGINT NOT NULL,
                fingerprint TEXT NOT NULL,
                name TEXT NOT NULL,
                started_at DOUBLE PRECISION NOT NULL,
                ended_at DOUBLE PRECISION,
                PRIMARY KEY (day, fingerprint))
            """, logger: quiet)
        // One secret for every server on this database, made under the migration's lock: a
        // second server starting at the same moment waits for the lock and then finds it.
        try await connection.query("CREATE TABLE memorize_daily_secret (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT NOT NULL)",
                                   logger: quiet)
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try await connection.query("INSERT INTO memorize_daily_secret (id, secret) VALUES (1, \(hex(secret)))", logger: quiet)
        try await connection.query("INSERT INTO memorize_schema (version) VALUES (2)", logger: quiet)
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// The daily secret every server on this database deals from: 16 bytes.
    public func dailySecret() async throws -> [UInt8] {
        let client = client
        let text: String? = try await unavailable("read the daily secret") {
            var found: String?
            for try await secret in try await client.query("SELECT secret FROM memorize_daily_secret WHERE id = 1", logger: Self.quiet)
                .decode(String.self) { found = secret }
            return found
        }
        guard let text, text.utf8.count == 32 else { throw LeaderboardUnavailable("the database holds no daily secret of 16 bytes") }
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { throw LeaderboardUnavailable("the database's daily secret is not hexadecimal") }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    public func start(_ start: DailyStart) async throws -> StartOutcome {
        if let problem = start.problem { throw LeaderboardRefusal(description: "refused: \(problem)") }
        let client = client
        let day = start.date.daysSinceEpoch
        let inserted = try await unavailable("record a start") {
            // A key with a finished run (kept before starts were recorded) has had its run too.
            let rows = try await client.query("""
                INSERT INTO memorize_starts (day, fingerprint, name, started_at)
                SELECT \(day), \(start.fingerprint), \(start.name), \(start.startedAt)
                WHERE NOT EXISTS (SELECT 1 FROM memorize_runs WHERE day = \(day) AND fingerprint = \(start.fingerprint))
                ON CONFLICT (day, fingerprint) DO NOTHING RETURNING 1
                """, logger: Self.quiet)
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
        return inserted == 1 ? .started : .alreadyStarted
    }

    public func end(on date: DailyDate, fingerprint: String, at time: Double) async throws {
        let client = client
        let time = time.isFinite ? time : 0
        try await unavailable("record a run's end") {
            let rows = try await client.query("""
                UPDATE memorize_starts SET ended_at = \(time)
                WHERE day = \(date.daysSinceEpoch) AND fingerprint = \(fingerprint) AND ended_at IS NULL
                """, logger: Self.quiet)
            for try await _ in rows {}
        }
    }

    public func status(on date: DailyDate, fingerprint: String) async throws -> DailyRunStatus {
        let client = client
        let day = date.daysSinceEpoch
        return try await unavailable("be read") {
            var status = DailyRunStatus.notStarted
            for try await (won, ended, startedAt) in try await client.query("""
                SELECT EXISTS (SELECT 1 FROM memorize_runs WHERE day = \(day) AND fingerprint = \(fingerprint)),
                       (SELECT ended_at IS NOT NULL FROM memorize_starts WHERE day = \(day) AND fingerprint = \(fingerprint)),
                       (SELECT started_at FROM memorize_starts WHERE day = \(day) AND fingerprint = \(fingerprint))
                """, logger: Self.quiet).decode((Bool, Bool?, Double?).self) {
                if won || ended == true {
                    status = .ended
                } else if let startedAt {
                    status = .playing(startedAt: startedAt)
                }
            }
            return status
        }
    }

    public func unfinished(on date: DailyDate, limit: Int) async throws -> [UnfinishedRun] {
        let limit = max(0, min(limit, LeaderboardLimits.boardSize))
        let client = client
        return try await unavailable("be read") {
            var runs: [UnfinishedRun] = []
            for try await (fingerprint, name, startedAt, ended) in try await client.query("""
                SELECT fingerprint, name, started_at, ended_at IS NOT NULL FROM memorize_starts s WHERE day = \(date.daysSinceEpoch)
                AND NOT EXISTS (SELECT 1 FROM memorize_runs r WHERE r.day = s.day AND r.fingerprint = s.fingerprint)
                ORDER BY started_at, fingerprint LIMIT \(limit)
                """, logger: Self.quiet).decode((String, String, Double, Bool).self) {
                runs.append(UnfinishedRun(fingerprint: fingerprint, name: name, startedAt: startedAt, ended: ended))
            }
            return runs
        }
    }

    /// `work`, bounded in time; any failure makes the board unavailable.
    @discardableResult
    private func unavailable<T: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await bounded(work)
        } catch {
            throw LeaderboardUnavailable("the leaderboard could not \(what): \(String(reflecting: error).prefix(300))")
        }
    }
}
