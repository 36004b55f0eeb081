/// What anyone at the table can see of a card: whether it is face up or already
/// matched, and its content only while it is face up. A `ComputerOpponent` is handed nothing
/// else, so it cannot peek at hidden cards — not even through ids, which give pairs away
/// (pair `i` is ids `2i` and `2i+1`): it knows cards only by where they lie.
public struct TableCard<CardContent: Equatable>: Equatable {
    public let isFaceUp: Bool
    public let isMatched: Bool
    /// The content while face up; nil while face down.
    public let faceUpContent: CardContent?

    public init(isFaceUp: Bool, isMatched: Bool, faceUpContent: CardContent?) {
        self.isFaceUp = isFaceUp
        self.isMatched = isMatched
        self.faceUpContent = faceUpContent
    }

    /// Still in play and face down: a card that can be chosen.
    public var isChoosable: Bool { !isFaceUp && !isMatched }
}

extension TableCard: Sendable where CardContent: Sendable {}

extension MemoryGame {
    /// The cards as they lie, the way every player sees them.
    public var table: [TableCard<CardContent>] {
        cards.map { TableCard(isFaceUp: $0.isFaceUp, isMatched: $0.isMatched, faceUpContent: $0.isFaceUp ? $0.content : nil) }
    }
}
