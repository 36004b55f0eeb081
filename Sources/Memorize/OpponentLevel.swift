/// How well the computer opponent remembers, like a person: each card it sees turned
/// up is remembered only with some chance, and only for so many moves (anyone's card turns),
/// never wall time, so a seeded game replays exactly.
public enum OpponentLevel: String, CaseIterable, Sendable {
    case easy, medium, hard

    /// The chance that a card seen face up is remembered at all.
    public var rememberChance: Double {
        switch self {
        case .easy: 0.5
        case .medium: 0.8
        case .hard: 1
        }
    }

    /// How many moves a remembered card stays remembered; nil: for the whole game.
    /// Easy forgets most of what it saw a few turns ago (a turn is two moves, or more).
    public var memorySpan: Int? {
        switch self {
        case .easy: 6
        case .medium: 16
        case .hard: nil
        }
    }

    /// "easy|medium|hard", for usage lines.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: "|") }
}
