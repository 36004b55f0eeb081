import Logging
import NIOCore
import PostgresNIO

/// One of a key's files as the database keeps it: its path in the player's directory
/// ("state/memorize-tui/scores.json"), its version (1 for the first, +1 for each change) and bytes.
public struct PlayerFileRow: Sendable, Equatable {
    public var name: String
    public var version: Int
    public var content: [UInt8]
    public init(name: String, version: Int, content: [UInt8]) {
        self.name = name
        self.version = version
        self.content = content
    }
}

/// What became of a changed file sent back (`savePlayerFile`).
public enum PlayerFileSave: Sendable, Equatable {
    /// Stored as this new version.
    case saved(version: Int)
    /// Another session changed it first (the database holds `current`, not the version this one
    /// was based on): this write was kept aside as a conflict and the current row wins.
    case conflict(current: PlayerFileRow?)
    /// The key already has as many files as it may: a new name was kept aside, not stored.
    case full
}

/// A losing write, kept aside (never applied, never lost): for an operator, or a later tool.
public struct PlayerFileConflict: Sendable, Equatable {
    public var name: String
    public var basedOn: Int
    public var content: [UInt8]
    public init(name: String, basedOn: Int, content: [UInt8]) {
        self.name = name
        self.basedOn = basedOn
        self.content = content
    }
}

/// Each key's files (best scores, themes, settings) as versioned rows (version 3 of the schema),
/// so a key finds them on whichever server of a fleet it lands. A change is a compare-and-set
/// on the version its session read at start: of two sessions based on one version, the second
/// to end loses, and its bytes are kept in `memorize_player_file_conflicts`.
extension PostgresLeaderboard {
    /// The newest conflicts kept per key; older ones are dropped (a bound, not a history).
    public static let conflictsKeptPerKey = 8

    static func migrateToVersion3(_ connection: PostgresConnection) async throws {
        try await connection.query("""
            CREATE TABLE memorize_player_files (
                fingerprint TEXT NOT NULL,
                name TEXT NOT NULL,
                version BIGINT NOT NULL,
                content BYTEA NOT NULL,
                saved_at DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (fingerprint, name))
            """, logger: quiet)
        try await connection.query("""
            CREATE TABLE memorize_player_file_conflicts (
                id BIGSERIAL PRIMARY KEY,
                fingerprint TEXT NOT NULL,
                name TEXT NOT NULL,
                based_on BIGINT NOT NULL,
                content BYTEA NOT NULL,
                kept_at DOUBLE PRECISION NOT NULL)
            """, logger: quiet)
        try await connection.query("CREATE INDEX memorize_player_file_conflicts_key ON memorize_player_file_conflicts (fingerprint, id)",
                                   logger: quiet)
        try await connection.query("INSERT INTO memorize_schema (version) VALUES (3)", logger: quiet)
    }

    /// The key's files, at most `limit` of them (by name).
    public func playerFiles(of fingerprint: String, limit: Int) async throws -> [PlayerFileRow] {
        let client = client
        let limit = max(0, limit)
        return try await playerFileQuery("read a key's files") {
            var rows: [PlayerFileRow] = []
            for try await (name, version, content) in try await client.query("""
                SELECT name, version, content FROM memorize_player_files WHERE fingerprint = \(fingerprint) ORDER BY name LIMIT \(limit)
                """, logger: Self.quiet).decode((String, Int, ByteBuffer).self) {
                rows.append(PlayerFileRow(name: name, version: version, content: Array(content.readableBytesView)))
            }
            return rows
        }
    }

    /// Stores `content` as the next version of the key's file if the database still holds
    /// `basedOn` (0: the file is new); otherwise keeps it aside as a conflict. A new name is
    /// refused (`.full`, and kept aside) once the key has `maxFiles` files.
    public func savePlayerFile(of fingerprint: String, name: String, content: [UInt8], basedOn: Int, maxFiles: Int,
                               now: Double) async throws -> PlayerFileSave {
        let client = client
        let bytes = ByteBuffer(bytes: content)
        let saved: Int? = try await playerFileQuery("save a key's file") {
            let rows: PostgresRowSequence
            if basedOn == 0 {
                rows = try await client.query("""
                    INSERT INTO memorize_player_files (fingerprint, name, version, content, saved_at)
                    SELECT \(fingerprint), \(name), 1, \(bytes), \(now)
                    WHERE (SELECT COUNT(*) FROM memorize_player_files WHERE fingerprint = \(fingerprint)) < \(maxFiles)
                    ON CONFLICT (fingerprint, name) DO NOTHING RETURNING version
                    """, logger: Self.quiet)
            } else {
                rows = try await client.query("""
                    UPDATE memorize_player_files SET version = version + 1, content = \(bytes), saved_at = \(now)
                    WHERE fingerprint = \(fingerprint) AND name = \(name) AND version = \(basedOn) RETURNING version
                    """, logger: Self.quiet)
            }
            var version: Int?
            for try await found in rows.decode(Int.self) { version = found }
            return version
        }
        if let saved { return .saved(version: saved) }
        let current = try await playerFile(of: fingerprint, name: name)
        try await keepAside(of: fingerprint, name: name, content: bytes, basedOn: basedOn, now: now)
        return current == nil && basedOn == 0 ? .full : .conflict(current: current)
    }

    /// The conflicts kept for a key, oldest first.
    public func playerFileConflicts(of fingerprint: String) async throws -> [PlayerFileConflict] {
        let client = client
        return try await playerFileQuery("read a key's conflicts") {
            var conflicts: [PlayerFileConflict] = []
            for try await (name, basedOn, content) in try await client.query("""
                SELECT name, based_on, content FROM memorize_player_file_conflicts WHERE fingerprint = \(fingerprint) ORDER BY id
                """, logger: Self.quiet).decode((String, Int, ByteBuffer).self) {
                conflicts.append(PlayerFileConflict(name: name, basedOn: basedOn, content: Array(content.readableBytesView)))
            }
            return conflicts
        }
    }

    private func playerFile(of fingerprint: String, name: String) async throws -> PlayerFileRow? {
        let client = client
        return try await playerFileQuery("read a key's file") {
            var row: PlayerFileRow?
            for try await (version, content) in try await client.query("""
                SELECT version, content FROM memorize_player_files WHERE fingerprint = \(fingerprint) AND name = \(name)
                """, logger: Self.quiet).decode((Int, ByteBuffer).self) {
                row = PlayerFileRow(name: name, version: version, content: Array(content.readableBytesView))
            }
            return row
        }
    }

    private func keepAside(of fingerprint: String, name: String, content: ByteBuffer, basedOn: Int, now: Double) async throws {
        let client = client
        let kept = Self.conflictsKeptPerKey
        try await playerFileQuery("keep a conflict aside") {
            for try await _ in try await client.query("""
                INSERT INTO memorize_player_file_conflicts (fingerprint, name, based_on, content, kept_at)
                VALUES (\(fingerprint), \(name), \(basedOn), \(content), \(now))
                """, logger: Self.quiet) {}
            for try await _ in try await client.query("""
                DELETE FROM memorize_player_file_conflicts WHERE fingerprint = \(fingerprint) AND id NOT IN
                (SELECT id FROM memorize_player_file_conflicts WHERE fingerprint = \(fingerprint) ORDER BY id DESC LIMIT \(kept))
                """, logger: Self.quiet) {}
        }
    }

    @discardableResult
    private func playerFileQuery<T: Sendable>(_ what: String, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        do {
            return try await bounded(work)
        } catch {
            throw LeaderboardUnavailable("the database could not \(what): \(String(reflecting: error).prefix(300))")
        }
    }
}
