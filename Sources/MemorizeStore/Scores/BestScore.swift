/// The best game recorded for a theme: highest score, then fewer moves, then less time.
public struct BestScore: Equatable, Sendable {
    public var score: Int
    public var moves: Int
    public var seconds: Double
    public init(score: Int, moves: Int, seconds: Double) { self.score = score; self.moves = moves; self.seconds = seconds }
}

extension BestScore {
    public func isBetter(than other: BestScore) -> Bool {
        if score != other.score { return score > other.score }
        if moves != other.moves { return moves < other.moves }
        return seconds < other.seconds
    }
}
