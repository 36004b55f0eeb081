import Foundation
import Logging
import Memorize
import MemorizeLeaderboard
import MemorizeStore
import ThemeFormat
import Synchronization

/// The server's daily deal and its leaderboard. The deal comes from a secret kept in the state
/// directory (`daily_secret`, 16 random bytes made on first use) and the UTC date: the same for
/// every player that day, unknown to anyone before the server deals it. The board's store opens
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
    private let key: DailyKey?
    private let state = Mutex(State())
    /// A store that failed to open is not asked again for this long.
    static let retryAfter: Double = 10

    private struct State {
        var store: LeaderboardStore?
        var failedAt: Double?
        var failure = ""
    }

    init(stateFiles: StateFiles, database: Database?, logger: Logger) {
        themes = ThemeLibrary.builtIn()
        self.database = database ?? .sqlite(path: stateFiles.root + "/leaderboard.sqlite")
        self.logger = logger
        do {
            key = DailyKey(secret: try stateFiles.dailySecret())
        } catch {
            logger.error("no daily deal: the secret cannot be kept", metadata: ["error": "\(error)"])
            key = nil
        }
    }

    static func today(now: Double = Date().timeIntervalSince1970) -> DailyDate? { DailyDate(secondsSince1970: now) }

    /// The day's deal on this server; nil when the secret could not be made.
    func deal(on date: DailyDate) -> (deal: DailyDeal, theme: Theme)? {
        guard let key, let deal = DailyDeal(date: date, themeNames: themes.map(\.name), key: key),
              let theme = themes.named(deal.themeName) else { return nil }
        return (deal, theme)
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
