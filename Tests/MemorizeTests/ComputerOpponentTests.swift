import Testing
import MemorizeTestSupport
@testable import Memorize

/// The computer opponent: what it remembers, what it picks, and that it never peeks.
@Suite struct ComputerOpponentTests {
    typealias Opponent = ComputerOpponent<Int>

    func position(of id: Int, in game: IntGame) -> Int { game.cards.firstIndex { $0.id == id }! }

    /// Chooses card `id` and lets the opponent look, as the app does after every move.
    func choose(_ id: Int, in game: inout IntGame, watchedBy opponent: inout Opponent) {
        game.choose(id: id)
        opponent.observe(game.table, move: game.moves)
    }

    @Test func theTableShowsContentOnlyWhileFaceUp() {
        var game = makeGame()
        game.choose(id: 3)
        let table = game.table
        #expect(table[position(of: 3, in: game)].faceUpContent == 1)
        #expect(table.enumerated().allSatisfy { $0.offset == position(of: 3, in: game) || $0.element.faceUpContent == nil })
    }

    @Test func hardPicksAPairItHasSeen() {
        var game = IntGame(numberOfPairsOfCards: 6, numberOfPlayers: 2, seed: 5) { $0 }
        var opponent = Opponent(level: .hard, seed: 1)
        // The human shows 0 and 2, then 1 and 4: the computer has seen both cards of pair 0.
        for id in [0, 2] { choose(id, in: &game, watchedBy: &opponent) }
        #expect(game.currentPlayer == 1)
        // (As if the seats were the other way round: what matters is what it saw.)
        for id in [1, 4] { choose(id, in: &game, watchedBy: &opponent) }
        // 1 is still face up (the mismatch showing): it starts with 0, which turns 1 down.
        let first = opponent.nextChoice(on: game.table, move: game.moves)!
        #expect(first == position(of: 0, in: game))
        game.choose(game.cards[first])
        opponent.observe(game.table, move: game.moves)
        let second = opponent.nextChoice(on: game.table, move: game.moves)!
        #expect(game.cards[second].id == game.cards[first].id ^ 1, "it completes the pair from memory")
    }

    @Test func anUnknownCardIsCompletedFromMemory() {
        var game = makeGame(pairs: 6, seed: 9)
        var opponent = Opponent(level: .hard, seed: 2)
        for id in [4, 6] { choose(id, in: &game, watchedBy: &opponent) }
        // It turns some card; whenever that is 5 or 7, the partner it saw comes next.
        choose(5, in: &game, watchedBy: &opponent)
        let next = opponent.nextChoice(on: game.table, move: game.moves)!
        #expect(game.cards[next].id == 4)
    }

    @Test func withNothingKnownItTurnsACardItHasNotSeen() {
        for seed in 0..<50 as Range<UInt64> {
            var game = makeGame(pairs: 6, seed: 3)
            var opponent = Opponent(level: .hard, seed: seed)
            // Six cards of six different pairs, all seen: no pair is known.
            for id in [0, 2, 4, 6, 8, 10] { choose(id, in: &game, watchedBy: &opponent) }
            let pick = opponent.nextChoice(on: game.table, move: game.moves)!
            #expect(![0, 2, 4, 6, 8, 10].contains(game.cards[pick].id), "seed \(seed): it tries a card it has not seen")
        }
    }

    @Test func easyForgetsWhatItSawAFewTurnsAgoHardNever() {
        var easyKept = 0, easyStillKnowsLater = 0
        for seed in 0..<200 as Range<UInt64> {
            var game = makeGame(pairs: 12, seed: seed)
            var easy = Opponent(level: .easy, seed: seed)
            var hard = Opponent(level: .hard, seed: seed)
            func play(_ id: Int) {
                game.choose(id: id)
                easy.observe(game.table, move: game.moves)
                hard.observe(game.table, move: game.moves)
            }
            let firstSights = [0, 2].map { position(of: $0, in: game) }
            play(0)
            play(2)
            easyKept += firstSights.filter { easy.remembered(at: $0) != nil }.count
            // Four turns later: eight moves on cards of other pairs, all mismatches.
            for id in [4, 6, 8, 10, 12, 14, 16, 18] { play(id) }
            #expect(firstSights.allSatisfy { hard.remembered(at: $0) != nil }, "hard remembers everything")
            easyStillKnowsLater += firstSights.filter { easy.remembered(at: $0) != nil }.count
        }
        // About half of what easy sees sticks at all (chance 0.5 over 400 sights)...
        #expect((140...260).contains(easyKept), "easy remembered \(easyKept) of 400 cards")
        // ...and none of it after its span of six moves.
        #expect(easyStillKnowsLater == 0)
    }

    @Test func aShuffleMakesItForgetPositions() {
        var game = makeGame(pairs: 6)
        var opponent = Opponent(level: .hard, seed: 4)
        for id in [0, 2] { choose(id, in: &game, watchedBy: &opponent) }
        #expect(opponent.rememberedCount == 2)
        game.shuffle()
        opponent.forgetPositions()
        #expect(opponent.rememberedCount == 0)
    }

    @Test func noCardLeftNoChoice() {
        var game = makeGame(pairs: 2)
        var opponent = Opponent(level: .medium, seed: 4)
        for id in [0, 1, 2, 3] { choose(id, in: &game, watchedBy: &opponent) }
        #expect(opponent.nextChoice(on: game.table, move: game.moves) == nil)
    }
}
