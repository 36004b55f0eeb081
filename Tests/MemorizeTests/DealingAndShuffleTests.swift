import Testing
@testable import Memorize

@Suite struct DealingAndShuffleTests {
    @Test func pairIGetsIDs2iAnd2iPlus1() {
        let game = makeGame(pairs: 6)
        #expect(game.cards.map(\.id).sorted() == Array(0..<12))
        for card in game.cards {
            #expect(card.content == card.id / 2)
            #expect(!card.isFaceUp && !card.isMatched && !card.hasBeenSeen)
        }
        #expect(game.score == 0 && game.moves == 0)
        #expect(game.matchedPairCount == 0 && game.pairsLeft == 6 && !game.isOver)
    }

    @Test func contentFactoryIsCalledWithEachPairIndex() {
        let emoji = ["👻", "🎃", "🦇"]
        let game = MemoryGame<String>(numberOfPairsOfCards: 3, seed: 7) { emoji[$0] }
        #expect(game.cards.filter { $0.content == "🎃" }.map(\.id).sorted() == [2, 3])
    }

    @Test func sameSeedSameOrderDifferentSeedDifferentOrder() {
        let order = { (seed: UInt64) in makeGame(pairs: 8, seed: seed).cards.map(\.id) }
        #expect(order(1) == order(1))
        #expect(order(1) != order(2))
        #expect(order(1) != Array(0..<16), "the deal is shuffled")
    }

    @Test func shuffleIsDeterministicPerSeedAndKeepsTheCards() {
        var a = makeGame(pairs: 8, seed: 99)
        var b = makeGame(pairs: 8, seed: 99)
        a.choose(id: 3)
        b.choose(id: 3)
        let before = a.cards
        a.shuffle()
        b.shuffle()
        #expect(a.cards.map(\.id) == b.cards.map(\.id))
        #expect(a.cards.map(\.id) != before.map(\.id))
        // Same multiset of cards, each in the same state (card 3 still face up).
        #expect(a.cards.sorted { $0.id < $1.id } == before.sorted { $0.id < $1.id })
        #expect(a.faceUpIDs == [3])
        a.shuffle()
        #expect(a.cards.map(\.id) != b.cards.map(\.id), "the generator moves on between shuffles")
    }

    @Test func zeroOrNegativePairsGiveAnEmptyFinishedGame() {
        #expect(makeGame(pairs: 0).cards.isEmpty)
        #expect(makeGame(pairs: -3).isOver)
    }
}
