import Memorize
import MemorizeStore

/// How a game of two ended: each player's pairs and score, and who won. The higher
/// score wins (the lecture's scoring, bonus and penalties included); equal scores are a tie.
public struct Standings: Equatable, Sendable {
    public let names: [String]
    public let players: [Player]
    /// The computer's level when it played the second seat.
    public let level: OpponentLevel?

    /// The winning seat, or nil for a tie.
    public var winner: Int? {
        let best = players.map(\.score).max() ?? 0
        let leaders = players.indices.filter { players[$0].score == best }
        return leaders.count == 1 ? leaders[0] : nil
    }

    /// The first seat's outcome against the computer, for the score book.
    public var outcome: VersusOutcome {
        switch winner {
        case nil: .tie
        case 0?: .win
        default: .loss
        }
    }

    /// "Ann wins!", "You win!" or "A tie!".
    public var headline: String {
        guard let winner else { return "A tie!" }
        return names[winner] == "You" ? "You win!" : "\(names[winner]) wins!"
    }

    /// "Ann: 5 pairs, 12 points", one line per seat.
    public var lines: [String] {
        zip(names, players).map { name, player in
            "\(name): \(player.pairs) \(player.pairs == 1 ? "pair" : "pairs"), \(player.score) \(abs(player.score) == 1 ? "point" : "points")"
        }
    }
}
