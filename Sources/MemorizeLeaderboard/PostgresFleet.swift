import Logging
import PostgresNIO

/// Tables across hosts in PostgreSQL (schema version 4): which host holds each table (its code,
/// seats and hold deadlines), each host's lease, and the NOTIFY channel each host listens on. A
/// host is one server process: its id is drawn when it starts, so a restarted server is a new host
/// and the tables of the old one are known to be gone once its lease runs out.
public final class PostgresFleet: Sendable {
    /// 16 lowercase hex digits; also names the host's channel (`memorize_host_<id>`).
    public let hostID: String
    let client: PostgresClient
    private let runner: Task<Void, Never>
    private let timeout: Duration

    public static let maximumPayloadBytes = 7_999

    public init(url: PostgresURL, timeout: Duration = .seconds(5), logger: Logger = Logger(label: "fleet")) async throws {
        var generator = SystemRandomNumberGenerator()
        hostID = PostgresLeaderboard.hex((0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let client = PostgresClient(configuration: url.configuration, backgroundLogger: logger)
        self.client = client
        self.timeout = timeout
        runner = Task { await client.run() }
        let hostID = hostID
        do {
            try await PostgresLeaderboard.withTimeout(timeout) {
                try await PostgresLeaderboard.migrate(client)
                try await Self.execute(client, "INSERT INTO memorize_hosts (host, seen_at) VALUES (\(hostID), now())")
            }
        } catch {
            runner.cancel()
            throw LeaderboardUnavailable("the fleet's database at \(url.host):\(url.port) cannot be used: \(String(reflecting: error).prefix(300))")
        }
    }

    /// Version 4: tables by code with their host, and each host's lease.
    static func migrateToVersion4(_ connection: PostgresConnection) async throws {
        try await connection.query("CREATE TABLE memorize_hosts (host TEXT PRIMARY KEY, seen_at TIMESTAMPTZ NOT NULL)",
                                   logger: PostgresLeaderboard.quiet)
        try await connection.query("""
            CREATE TABLE memorize_tables (
                code TEXT PRIMARY KEY,
                host TEXT NOT NULL REFERENCES memorize_hosts (host) ON DELETE CASCADE,
                seat0 TEXT,
                seat1 TEXT,
                held0 TIMESTAMPTZ,
                held1 TIMESTAMPTZ,
                opened_at TIMESTAMPTZ NOT NULL DEFAULT now())
            """, logger: PostgresLeaderboard.quiet)
        try await connection.query("INSERT INTO memorize_schema (version) VALUES (4)", logger: PostgresLeaderboard.quiet)
    }

    public static func channel(of host: String) -> String { "memorize_host_" + host }

    /// A host id as this module makes them; anything else from the database is not believed.
    public static func isHostID(_ text: Substring) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// This host is alive: its lease starts again.
    public func heartbeat() async throws {
        let (client, host) = (client, hostID)
        try await bounded { try await Self.execute(client, "UPDATE memorize_hosts SET seen_at = now() WHERE host = \(host)") }
    }

    /// Claims `code` for this host; false when a live table elsewhere has it. A row of a host whose
    /// lease ran out (`lease` seconds) is taken over: that table is gone.
    public func register(code: String, lease: Double) async throws -> Bool {
        let (client, host) = (client, hostID)
        return try await bounded {
            var claimed = 0
            for try await _ in try await client.query("""
                INSERT INTO memorize_tables AS t (code, host) VALUES (\(code), \(host))
                ON CONFLICT (code) DO UPDATE SET host = EXCLUDED.host, seat0 = NULL, seat1 = NULL, held0 = NULL, held1 = NULL, opened_at = now()
                WHERE (SELECT seen_at FROM memorize_hosts h WHERE h.host = t.host) < now() - make_interval(secs => \(lease))
                RETURNING 1
                """, logger: PostgresLeaderboard.quiet) { claimed += 1 }
            return claimed == 1
        }
    }

    /// Who sits (a key's fingerprint, "guest", or nil) and until when an empty seat is held
    /// (seconds from now).
    public func update(code: String, seats: [String?], heldFor: [Double?]) async throws {
        let (client, host) = (client, hostID)
        let s = seats + [nil, nil]
        let h = heldFor + [nil, nil]
        try await bounded {
            try await Self.execute(client, """
                UPDATE memorize_tables SET seat0 = \(s[0]), seat1 = \(s[1]),
                    held0 = now() + make_interval(secs => \(h[0])), held1 = now() + make_interval(secs => \(h[1]))
                WHERE code = \(code) AND host = \(host)
                """)
        }
    }

    public func remove(code: String) async throws {
        let (client, host) = (client, hostID)
        try await bounded { try await Self.execute(client, "DELETE FROM memorize_tables WHERE code = \(code) AND host = \(host)") }
    }

    public enum Location: Equatable, Sendable {
        case unknown
        /// The table's host has not renewed its lease within `lease` seconds: the table is gone.
        case hostGone
        case host(String)
    }

    public func locate(code: String, lease: Double) async throws -> Location {
        let client = client
        return try await bounded {
            var found = Location.unknown
            for try await (host, alive) in try await client.query("""
                SELECT t.host, h.seen_at >= now() - make_interval(secs => \(lease)) FROM memorize_tables t
                JOIN memorize_hosts h ON h.host = t.host WHERE t.code = \(code)
                """, logger: PostgresLeaderboard.quiet).decode((String, Bool).self) {
                guard Self.isHostID(Substring(host)) else { continue }
                found = alive ? .host(host) : .hostGone
            }
            return found
        }
    }

    /// Those of `hosts` whose lease has not run out.
    public func alive(_ hosts: [String], lease: Double) async throws -> Set<String> {
        let client = client
        return try await bounded {
            var alive: Set<String> = []
            for try await host in try await client.query("""
                SELECT host FROM memorize_hosts WHERE host = ANY(\(hosts)) AND seen_at >= now() - make_interval(secs => \(lease))
                """, logger: PostgresLeaderboard.quiet).decode(String.self) { alive.insert(host) }
            return alive
        }
    }

    /// One message to `host`'s channel; at most `maximumPayloadBytes` of text (PostgreSQL's bound is 8000).
    public func notify(host: String, payload: String) async throws {
        precondition(payload.utf8.count <= Self.maximumPayloadBytes)
        let client = client
        let channel = Self.channel(of: host)
        // A NOTIFY takes a transaction id, so its commit waits for a WAL flush (an fsync) under
        // synchronous_commit: the cross-host p95's tail. A message between hosts need not outlive
        // a crash of the database (a host's own crash loses it too), so this one commit does not wait.
        try await bounded {
            try await Self.execute(client, "SELECT set_config('synchronous_commit', 'off', true), pg_notify(\(channel), \(payload))")
        }
    }

    /// Calls `receive` with every message to this host until cancelled or the connection fails.
    /// `ready` runs once LISTEN is in place.
    public func listen(ready: @Sendable () -> Void, _ receive: @Sendable (String) -> Void) async throws {
        let channel = Self.channel(of: hostID)
        try await client.withConnection { connection in
            try await connection.listen(on: channel) { notifications in
                ready()
                for try await notification in notifications {
                    receive(notification.payload)
                }
            }
        }
    }

    /// This host leaves: its tables and lease go with it (an orderly stop; kill -9 leaves the
    /// rows, which the lease then declares gone).
    public func close() async {
        let (client, host) = (client, hostID)
        _ = try? await bounded { try await Self.execute(client, "DELETE FROM memorize_hosts WHERE host = \(host)") }
        runner.cancel()
        _ = await runner.value
    }

    /// A statement whose rows (if any) are read and dropped.
    static func execute(_ client: PostgresClient, _ query: PostgresQuery) async throws {
        for try await _ in try await client.query(query, logger: PostgresLeaderboard.quiet) {}
    }

    func bounded<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await PostgresLeaderboard.withTimeout(timeout, work)
    }
}
