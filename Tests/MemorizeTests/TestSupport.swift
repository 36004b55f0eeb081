@testable import Memorize
import TerminalUI

typealias IntGame = MemoryGame<Int>

/// Content is the pair index, so card id `k` holds `k / 2` and its partner is `k ^ 1`.
func makeGame(pairs: Int = 4, seed: UInt64 = 1) -> IntGame {
    IntGame(numberOfPairsOfCards: pairs, seed: seed) { $0 }
}

extension MemoryGame {
    /// Tests pick cards by id: the shuffle decides where a card is, not which one it is.
    func card(_ id: Int) -> Card { cards.first { $0.id == id }! }

    /// A choice by whoever's turn it is, at `time` (the model scores bonus time from it).
    mutating func choose(id: Int, at time: Double = 0) { choose(card(id), at: time) }
    mutating func choose(_ card: Card, at time: Double = 0) { choose(card, at: time, by: currentPlayer) }

    var faceUpIDs: [Int] { cards.filter(\.isFaceUp).map(\.id).sorted() }
}
