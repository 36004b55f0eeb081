/// One seat at the table: Concentration is a game people play against each other, so
/// each player keeps their own tally by the lecture's rules. The solo game is one player, whose
/// tally is the game's `score`.
public struct Player: Equatable, Sendable {
    /// Lecture 8's score, this player's share: +2 a match, +1 per card matched within its bonus
    /// time, −1 per already-seen card in a mismatch.
    public internal(set) var score = 0
    /// Pairs this player matched.
    public internal(set) var pairs = 0
    /// The parts of `score` (the invariants recount it from them).
    public internal(set) var bonusPointsEarned = 0
    public internal(set) var penaltiesPaid = 0
    /// Cards this player turned face up.
    public internal(set) var moves = 0

    public init() {}
}
