import Memorize

/// A key's run of a day as it begins: recorded in the store before the first card is dealt, so
/// a key has one run a day however it ends (won, `q`, a dropped link, a crash). A run that is
/// started and never finished stays on the board as unfinished (`DNF`), below every finished run.
public struct DailyStart: Equatable, Sendable {
    public var date: DailyDate
    public var fingerprint: String
    /// Neutralised like a finished run's (`LeaderboardName`).
    public var name: String
    /// Server time the run was started (seconds since 1970).
    public var startedAt: Double

    public init(date: DailyDate, fingerprint: String, name: String, startedAt: Double) {
        self.date = date
        self.fingerprint = fingerprint
        self.name = LeaderboardName.neutralised(name)
        self.startedAt = startedAt
    }

    /// Why the start may not be stored, or nil (the same bounds as a finished run's).
    var problem: String? {
        LeaderboardLimits.problem(with: LeaderboardRun(date: date, fingerprint: fingerprint, name: name, score: 0, moves: 0,
                                                       milliseconds: 0, intents: "", reportedAt: startedAt))
    }
}

public enum StartOutcome: Equatable, Sendable {
    /// This is the key's run of the day: deal it.
    case started
    /// The key has already started (or finished) a run that day: refuse this one.
    case alreadyStarted
}

/// Where a key's run of a day stands.
public enum DailyRunStatus: Equatable, Sendable {
    case notStarted
    /// Started (server time, seconds since 1970) and neither won nor left yet, or its server went
    /// away without saying so: the caller decides when a start is too old to be still playing.
    case playing(startedAt: Double)
    /// Won, or left unfinished.
    case ended
}

/// A started run without a finished one: on the board as unfinished, never ranked.
public struct UnfinishedRun: Equatable, Sendable {
    public var fingerprint: String
    public var name: String
    public var startedAt: Double
    /// Left (q, a dropped link, the game's end); false while its session may still be playing.
    public var ended: Bool

    public init(fingerprint: String, name: String, startedAt: Double, ended: Bool) {
        self.fingerprint = fingerprint
        self.name = name
        self.startedAt = startedAt
        self.ended = ended
    }

    public var shortFingerprint: String { String(fingerprint.prefix(15)) }
}
