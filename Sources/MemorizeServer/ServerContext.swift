import Logging
import MemorizeLeaderboard
import NIOSSH

/// What every connection shares: settings, the caps, the registry, the state files, the log.
final class ServerContext: Sendable {
    let configuration: ServerConfiguration
    let admission: Admission
    let registry = ServerRegistry()
    let tables: TableRegistry
    let stateFiles: StateFiles
    let hostKey: NIOSSHPrivateKey
    let authorizedKeys: Set<KeyFingerprint>?
    let logger: Logger
    /// The daily deal and leaderboard (DailyService.swift).
    let daily: DailyService
    /// With `--database`: each key's files kept in the database, for whichever host it lands on.
    let playerFiles: PlayerFileSync?
    /// Tables across hosts, with --database (FleetTables.swift); nil: tables stay on their host.
    let fleet: FleetTables?

    init(configuration: ServerConfiguration, hostKey: NIOSSHPrivateKey, authorizedKeys: Set<KeyFingerprint>?, logger: Logger) {
        self.configuration = configuration
        self.admission = Admission(configuration: configuration)
        let tables = TableRegistry(limits: configuration.tables)
        self.tables = tables
        self.stateFiles = StateFiles(root: configuration.stateDirectory)
        self.hostKey = hostKey
        self.authorizedKeys = authorizedKeys
        self.logger = logger
        let url = configuration.databaseURL.flatMap { text -> PostgresURL? in
            guard var url = try? PostgresURL(text) else { return nil }
            if let password = configuration.databasePassword { url.password = password }
            return url
        }
        let daily = DailyService(stateFiles: stateFiles, database: url.map { .postgres($0) }, logger: logger)
        self.daily = daily
        // The board's own connection: the files are rows beside the runs.
        playerFiles = configuration.databaseURL == nil ? nil
            : PlayerFileSync(limits: configuration.playerFiles, stateFiles: stateFiles, logger: logger) {
                guard let store = try await daily.store() as? PostgresLeaderboard else {
                    throw LeaderboardUnavailable("the database is not PostgreSQL")
                }
                return store
            }
        self.fleet = url.map { url in
            FleetTables(url: url, settings: .init(lease: configuration.tables.hostLease), tables: tables, logger: logger)
        }
    }

    /// The pty size for what a client asked: at most the configured maximum, 80x24 for zero.
    func clamp(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        (columns <= 0 ? 80 : min(columns, configuration.maxColumns), rows <= 0 ? 24 : min(rows, configuration.maxRows))
    }
}
