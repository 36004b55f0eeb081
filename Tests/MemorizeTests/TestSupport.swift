@testable import Memorize

/// A clock the test moves by hand, so bonus time is exact.
final class FakeTime: @unchecked Sendable {
    var now: Double

    init(_ now: Double = 0) { self.now = now }

    var clock: GameClock { GameClock { [self] in now } }

    func advance(by seconds: Double) { now += seconds }
}

typealias IntGame = MemoryGame<Int>

/// Content is the pair index, so card id `k` holds `k / 2` and its partner is `k ^ 1`.
func makeGame(pairs: Int = 4, seed: UInt64 = 1, time: FakeTime = FakeTime()) -> IntGame {
    IntGame(numberOfPairsOfCards: pairs, seed: seed, clock: time.clock) { $0 }
}

extension MemoryGame {
    /// Tests pick cards by id: the shuffle decides where a card is, not which one it is.
    func card(_ id: Int) -> Card { cards.first { $0.id == id }! }

    mutating func choose(id: Int) { choose(card(id)) }

    var faceUpIDs: [Int] { cards.filter(\.isFaceUp).map(\.id).sorted() }
}
