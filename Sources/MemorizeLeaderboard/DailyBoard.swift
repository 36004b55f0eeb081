import Logging
import Memorize

/// The daily leaderboard as the server uses it: who may be ranked, the replay that decides the
/// score, and the store. Guests play unranked; a key's report is replayed on the day's deal and
/// only the recomputed score is kept; a report whose claim differs from its replay is refused
/// and logged (the game does not lie about a score it computed itself: someone forged it).
public struct DailyBoard: Sendable {
    public enum Entrant: Sendable, Equatable {
        /// A public key's full fingerprint, and the user name it connected with.
        case key(fingerprint: String, name: String)
        case guest
    }

    /// What the game process says it played: the intent log, and the score it showed.
    public struct Report: Sendable, Equatable {
        public var intents: String
        public var claimedScore: Int
        public var claimedMoves: Int
        public init(intents: String, claimedScore: Int, claimedMoves: Int) {
            self.intents = intents
            self.claimedScore = claimedScore
            self.claimedMoves = claimedMoves
        }
    }

    public enum Outcome: Equatable, Sendable {
        case ranked(RunReplay.Outcome)
        case alreadyPlayed
        /// A guest's run: played, not ranked.
        case unranked
    }

    public let store: LeaderboardStore
    public let logger: Logger

    public init(store: LeaderboardStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// Replays and, for a key, stores the run. Throws `LeaderboardRefusal` for a run that does
    /// not replay (or whose claim differs), `LeaderboardUnavailable` when the store fails.
    public func submit(_ report: Report, by entrant: Entrant, date: DailyDate, setup: GameSetup,
                       now: Double) async throws -> Outcome {
        guard case .key(let fingerprint, let name) = entrant else { return .unranked }
        let outcome: RunReplay.Outcome
        switch RunReplay.replay(report.intents, setup: setup) {
        case .success(let replayed): outcome = replayed
        case .failure(let refusal):
            logger.notice("daily run refused", metadata: ["key": "\(fingerprint)", "reason": "\(refusal)"])
            throw refusal
        }
        guard outcome.score == report.claimedScore, outcome.moves == report.claimedMoves else {
            let reason = "claimed score \(report.claimedScore) in \(report.claimedMoves) moves, replayed \(outcome.score) in \(outcome.moves)"
            logger.notice("daily run refused", metadata: ["key": "\(fingerprint)", "reason": "\(reason)"])
            throw LeaderboardRefusal(description: reason)
        }
        let run = LeaderboardRun(date: date, fingerprint: fingerprint, name: name, score: outcome.score, moves: outcome.moves,
                                 milliseconds: outcome.milliseconds, intents: report.intents, reportedAt: now)
        switch try await store.submit(run) {
        case .stored: return .ranked(outcome)
        case .alreadyPlayed: return .alreadyPlayed
        }
    }
}
