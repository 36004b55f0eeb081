/// How a game against the computer ended, for the player.
public enum VersusOutcome: String, Sendable, CaseIterable { case win, loss, tie }

/// Wins, losses and ties against the computer at one level, kept in scores.json beside the
/// solo best scores (under "versus", by level name).
public struct VersusRecord: Equatable, Sendable {
    public var wins = 0
    public var losses = 0
    public var ties = 0

    public init(wins: Int = 0, losses: Int = 0, ties: Int = 0) {
        self.wins = wins
        self.losses = losses
        self.ties = ties
    }

    public mutating func add(_ outcome: VersusOutcome) {
        switch outcome {
        case .win: wins += 1
        case .loss: losses += 1
        case .tie: ties += 1
        }
    }

    /// "3 wins, 1 loss, 0 ties".
    public var summary: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        return "\(count(wins, "win", "wins")), \(count(losses, "loss", "losses")), \(count(ties, "tie", "ties"))"
    }
}
