import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Memorize
import MemorizeLeaderboard
import MemorizeStore
import ThemeFormat
import Synchronization

/// The server's daily deal and its leaderboard. The deal comes from a secret and the UTC date: the
/// same for every player that day, unknown to anyone before the server deals it. The secret is
/// `daily_secret` in the state directory (16 random bytes made on first use) with SQLite, and
/// the database's own with PostgreSQL, so every server on one database deals the same day. The board's store opens
/// on first use; when it cannot (locked, full, corrupt, unreachable) the board says it is
/// unavailable and tries again a little later, and games go on.
final class DailyService: Sendable {
    enum Database: Sendable, Equatable {
        case sqlite(path: String)
        case postgres(PostgresURL)
    }

    let themes: [Theme]
    let database: Database
    let logger: Logger
    /// The state directory's secret (SQLite); with PostgreSQL the key is the database's (`State`).
    private let fileKey: DailyKey?
    private let state = Mutex(State())
    /// A store that failed to open is not asked again for this long.
    static let retryAfter: Double = 10

    private struct State {
        var store: LeaderboardStore?
        var failedAt: Double?
        var failure = ""
        var databaseKey: DailyKey?
        /// Ends of runs still being written: a stopping server waits for them (`pendingWrites`).
        var pendingWrites = 0
    }

    init(stateFiles: StateFiles, database: Database?, logger: Logger) {
        themes = ThemeLibrary.builtIn()
        self.database = database ?? .sqlite(path: stateFiles.root + "/leaderboard.sqlite")
        self.logger = logger
        guard case .sqlite = self.database else {
            fileKey = nil
            return
        }
        do {
            fileKey = DailyKey(secret: try stateFiles.dailySecret())
        } catch {
            logger.error("no daily deal: the secret cannot be kept", metadata: ["error": "\(error)"])
            fileKey = nil
        }
    }

    static func today(now: Double = Date().timeIntervalSince1970) -> DailyDate? { DailyDate(secondsSince1970: now) }

    /// The day's deal on this server; nil when the secret could not be made (or, with PostgreSQL,
    /// read: the database is unavailable).
    func deal(on date: DailyDate) async -> (deal: DailyDeal, theme: Theme)? {
        guard let key = await key(), let deal = DailyDeal(date: date, themeNames: themes.map(\.name), key: key),
              let theme = themes.named(deal.themeName) else { return nil }
        return (deal, theme)
    }

    private func key() async -> DailyKey? {
        guard case .postgres = database else { return fileKey }
        if let known = state.withLock({ $0.databaseKey }) { return known }
        do {
            guard let store = try await store() as? PostgresLeaderboard,
                  let key = DailyKey(secret: try await store.dailySecret()) else { return nil }
            state.withLock { $0.databaseKey = key }
            return key
        } catch {
            logger.error("no daily deal: the database's secret cannot be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The board, opened on first use.
    func store() async throws -> LeaderboardStore {
        let now = Date().timeIntervalSince1970
        let cached: LeaderboardStore?? = state.withLock { state in
            if let store = state.store { return .some(store) }
            if let failedAt = state.failedAt, now - failedAt < Self.retryAfter { return .some(nil) }
            return .none
        }
        switch cached {
        case .some(let store?): return store
        case .some(nil): throw LeaderboardUnavailable(state.withLock { $0.failure })
        case .none: break
        }
        do {
            let opened: LeaderboardStore = switch database {
            case .sqlite(let path): try SQLiteLeaderboard(path: path)
            case .postgres(let url): try await PostgresLeaderboard(url: url, logger: logger)
            }
            let kept = state.withLock { state -> LeaderboardStore in
                if let existing = state.store { return existing }
                state.store = opened
                return opened
            }
            if kept as AnyObject !== opened as AnyObject { await opened.close() }
            return kept
        } catch {
            logger.error("leaderboard unavailable", metadata: ["error": "\(error)"])
            state.withLock { state in
                state.failedAt = now
                state.failure = "\(error)"
            }
            throw error
        }
    }

    /// Marks a key's run of the day as left (its game has gone, won or not). A failure is logged:
    /// the start stays, and the run shows as unfinished all the same.
    func endRun(on date: DailyDate, fingerprint: String) {
        let logger = logger
        state.withLock { $0.pendingWrites += 1 }
        Task {
            do {
                try await self.store().end(on: date, fingerprint: fingerprint, at: Date().timeIntervalSince1970)
            } catch {
                logger.warning("a daily run's end was not recorded", metadata: ["key": "\(fingerprint)", "error": "\(error)"])
            }
            self.state.withLock { $0.pendingWrites -= 1 }
        }
    }

    /// How many ends of runs are still being written.
    var pendingWrites: Int { state.withLock { $0.pendingWrites } }

    /// A started run older than this cannot still be playing on any server with this
    /// configuration (the longest session and its grace): its server went away without saying
    /// so, and it counts as left.
    func longestRun(configuration: ServerConfiguration) -> Double {
        Double(configuration.maxSessionLength.components.seconds) + Double(configuration.shutdownGrace.components.seconds) + 60
    }

    func board() async throws -> DailyBoard { DailyBoard(store: try await store(), logger: logger) }

    func close() async {
        let store = state.withLock { state -> LeaderboardStore? in
            defer { state.store = nil }
            return state.store
        }
        await store?.close()
    }
}

extension StateFiles {
    /// `<state>/daily_secret`: 16 random bytes, made once (atomically, mode 0600). A file of any
    /// other size is kept and reported, never replaced (replacing it would change today's deal).
    func dailySecret() throws -> [UInt8] {
        try Self.makeDirectory(root)
        let path = root + "/daily_secret"
        if let bytes = FileManager.default.contents(atPath: path) {
            guard bytes.count == 16 else {
                throw Failure(description: "\(path) is not a daily secret (\(bytes.count) bytes, expected 16); move it away to make a new one")
            }
            return Array(bytes)
        }
        var generator = SystemRandomNumberGenerator()
        let secret = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try writeAtomically(Data(secret), to: path)
        return secret
    }
}

/// `--database`, checked by the command line before the server starts.
public enum DailyDatabase {
    /// The environment variable a password may come in, off the command line.
    public static let passwordVariable = "MEMORIZE_TUI_DATABASE_PASSWORD"
    static let maximumPasswordBytes = 1024

    /// The database password from `--database-password-file` (its first line; the file must be
    /// the server user's alone, as a key is) or else the environment; nil when neither gives one.
    /// Throws one line (neutralised) for a file that cannot be read or is open to others.
    public static func password(file: String?, environment: [String: String]) throws(StateFiles.Failure) -> String? {
        guard let file else {
            guard let value = environment[passwordVariable], !value.isEmpty else { return nil }
            guard value.utf8.count <= maximumPasswordBytes else {
                throw StateFiles.Failure(description: "\(passwordVariable) is over \(maximumPasswordBytes) bytes")
            }
            return value
        }
        let shown = ClientText.neutralisedLines(file)
        var status = stat()
        guard stat(file, &status) == 0, status.st_mode & 0o170000 == 0o100000 else {
            throw StateFiles.Failure(description: "--database-password-file: cannot read \(shown)")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw StateFiles.Failure(description: "--database-password-file: \(shown) is open to its group or others (mode \(String(status.st_mode & 0o777, radix: 8))): chmod 600 it")
        }
        guard status.st_size <= maximumPasswordBytes, let data = FileManager.default.contents(atPath: file),
              let text = String(data: data, encoding: .utf8) else {
            throw StateFiles.Failure(description: "--database-password-file: \(shown) is not a password of at most \(maximumPasswordBytes) bytes of UTF-8")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : line
        guard !password.isEmpty else { throw StateFiles.Failure(description: "--database-password-file: \(shown) is empty") }
        return password
    }

    /// Why the URL cannot be used (one line, the typed text neutralised), or nil.
    public static func problem(with url: String) -> String? {
        do {
            _ = try PostgresURL(url)
            return nil
        } catch {
            return ClientText.neutralisedLines(error.description)
        }
    }
}
