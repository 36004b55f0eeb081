@testable import Memorize
import MemorizeTestSupport
import TerminalUI


typealias IntGame = MemoryGame<Int>

/// Content is the pair index, so card id `k` holds `k / 2` and its partner is `k ^ 1`.
func makeGame(pairs: Int = 4, seed: UInt64 = 1, time: VirtualClock = VirtualClock()) -> IntGame {
    IntGame(numberOfPairsOfCards: pairs, seed: seed, clock: time.gameClock) { $0 }
}

extension MemoryGame {
    /// Tests pick cards by id: the shuffle decides where a card is, not which one it is.
    func card(_ id: Int) -> Card { cards.first { $0.id == id }! }

    mutating func choose(id: Int) { choose(card(id)) }

    var faceUpIDs: [Int] { cards.filter(\.isFaceUp).map(\.id).sorted() }
}
