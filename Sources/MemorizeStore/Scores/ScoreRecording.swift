import Memorize

/// A finished game, as the win screen and the score book see it.
public struct GameResult: Equatable, Codable, Sendable {
    public var theme: String
    public var score: Int
    public var moves: Int
    public var seconds: Double
    public init(theme: String, score: Int, moves: Int, seconds: Double) {
        self.theme = theme; self.score = score; self.moves = moves; self.seconds = seconds
    }
}

/// The best game recorded for a theme: highest score, then fewer moves, then less time.
public struct BestScore: Equatable, Codable, Sendable {
    public var score: Int
    public var moves: Int
    public var seconds: Double
    public init(score: Int, moves: Int, seconds: Double) { self.score = score; self.moves = moves; self.seconds = seconds }
}

/// Where best scores live ($XDG_STATE_HOME/memorize-tui/scores.json for the real one).
public protocol ScoreRecording: AnyObject {
    func best(forTheme theme: String) -> BestScore?
    /// Records a finished game and saves; returns the best there was before it.
    @discardableResult func record(_ result: GameResult) -> BestScore?
    /// Something the player should hear about (a corrupt file kept aside, a failed save).
    var warning: String? { get }
    /// Counts a game against the computer at `level` and saves; returns the record including it.
    @discardableResult func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord
}

/// Where the player's own themes live ($XDG_CONFIG_HOME/memorize-tui/themes.json for the real one).
public protocol UserThemeStoring: AnyObject {
    var themes: [Theme] { get }
    var warning: String? { get }
    /// Saves atomically; on failure the old file is untouched and the error says why.
    func save(_ themes: [Theme]) throws
}

/// Keeps everything in memory: headless runs and tests never touch the player's files.
public final class InMemoryScores: ScoreRecording {
    private var bests: [String: BestScore] = [:]
    private var versus: [String: VersusRecord] = [:]
    public private(set) var warning: String?
    public init() {}
    public func best(forTheme theme: String) -> BestScore? { bests[theme] }
    @discardableResult public func record(_ result: GameResult) -> BestScore? {
        let previous = bests[result.theme]
        let candidate = BestScore(score: result.score, moves: result.moves, seconds: result.seconds)
        if previous.map({ candidate.isBetter(than: $0) }) ?? true { bests[result.theme] = candidate }
        return previous
    }
    @discardableResult public func recordVersus(level: String, outcome: VersusOutcome) -> VersusRecord {
        versus[level, default: VersusRecord()].add(outcome)
        return versus[level]!
    }
}

public final class InMemoryThemes: UserThemeStoring {
    public private(set) var themes: [Theme]
    public private(set) var warning: String?
    public init(_ themes: [Theme] = []) { self.themes = themes }
    public func save(_ themes: [Theme]) throws { self.themes = themes }
}

extension BestScore {
    public func isBetter(than other: BestScore) -> Bool {
        if score != other.score { return score > other.score }
        if moves != other.moves { return moves < other.moves }
        return seconds < other.seconds
    }
}
