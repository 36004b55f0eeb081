/// A finished game, as the win screen and the score book see it.
public struct GameResult: Equatable, Sendable {
    public var theme: String
    public var score: Int
    public var moves: Int
    public var seconds: Double
    public init(theme: String, score: Int, moves: Int, seconds: Double) {
        self.theme = theme; self.score = score; self.moves = moves; self.seconds = seconds
    }
}
