/// Everything the operator can set, each with a safe default (docs/hosting.md, "Flags and limits").
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 2222
    /// The game binary each session runs.
    public var gamePath: String
    /// Host key and players' files.
    public var stateDirectory: String
    /// nil: any public key may play; otherwise only these (OpenSSH `authorized_keys` lines).
    public var authorizedKeys: Set<String>?
    /// Whether the user name "guest" may play without a key, with files thrown away afterwards.
    public var allowGuests = true
    /// `--database postgres://…`: the daily leaderboard in PostgreSQL; nil: SQLite in the state directory.
    public var databaseURL: String?
    /// `--proxy-protocol`: connections from these addresses start with a PROXY header naming the
    /// client, whose address then counts for every limit and log line; nil: off.
    public var trustedProxies: TrustedProxies?
    /// `--host-key FILE`: an OpenSSH Ed25519 key shared by a fleet; nil: the state directory's own.
    public var hostKeyFile: String?
    /// The database's password from `--database-password-file` or `MEMORIZE_TUI_DATABASE_PASSWORD`
    /// (never argv); replaces one in the URL.
    public var databasePassword: String?
    /// `--max-player-files`, `--max-player-file-size`: how much of each key's files the database
    /// keeps (with `--database` only; PlayerFileSync.swift).
    public var playerFiles = PlayerFileLimits()
    /// `--ciphers`: the ciphers offered, a subset of TransportCiphers.available (default: all).
    public var ciphers = TransportCiphers.available

    public var maxSessions = 64
    public var maxSessionsPerAddress = 4
    public var maxConnectionsPerMinute = 20
    public var handshakeTimeout: Duration = .seconds(10)
    public var idleTimeout: Duration = .seconds(10 * 60)
    public var maxSessionLength: Duration = .seconds(2 * 60 * 60)
    public var shutdownGrace: Duration = .seconds(5)
    public var maxColumns = 500
    public var maxRows = 200
    public var limits = GameLimits()
    /// Tables: `new`, `join CODE`, `watch CODE` (docs/tables.md).
    public var tables = TableLimits()

    public init(gamePath: String, stateDirectory: String) {
        self.gamePath = gamePath
        self.stateDirectory = stateDirectory
    }

    /// Connections that are kept open long enough to be told why they are refused; beyond these,
    /// a connection is closed at once (a flood gets no handshake at all).
    var connectionHardCap: Int { maxSessions * 2 + 8 }
    var perAddressHardCap: Int { maxSessionsPerAddress * 2 + 4 }
}

/// Per-game resource limits, set in the child before exec.
public struct GameLimits: Sendable {
    public var addressSpaceMiB: UInt64 = 1024
    public var cpuSeconds: UInt64 = 900
    public var openFiles: UInt64 = 64
    public init() {}
}

/// "90s", "10m", "2h", or plain seconds: how the duration flags are written.
public enum DurationText {
    public static func parse(_ text: String) -> Duration? {
        let units: [(String, Int64)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        for (suffix, milliseconds) in units where text.hasSuffix(suffix) {
            guard let value = Int64(text.dropLast(suffix.count)), value >= 0, value <= 1_000_000_000 else { return nil }
            // 1e9 hours is 3.6e15 ms: the product fits, and FlagBounds refuses it anyway.
            let (product, overflow) = value.multipliedReportingOverflow(by: milliseconds)
            return overflow ? nil : .milliseconds(product)
        }
        guard let seconds = Int64(text), seconds >= 0, seconds <= 1_000_000_000 else { return nil }
        return .seconds(seconds)
    }

    public static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 3_600_000 == 0 && milliseconds > 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0 && milliseconds > 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000)s" }
        return "\(milliseconds)ms"
    }
}
