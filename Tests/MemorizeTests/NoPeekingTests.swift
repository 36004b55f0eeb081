import Testing
import MemorizeTestSupport
@testable import Memorize
import TerminalUI

/// The computer sees only what was face up: giving the cards that were never revealed other
/// contents must not change what it picks next.
@Suite struct NoPeekingTests {
    typealias Opponent = ComputerOpponent<Int>

    /// A game played to some random point, and the same game in which the pairs never turned up
    /// hold each other's contents (same seed: the same cards lie in the same places).
    struct Twin {
        var original: IntGame
        var permuted: IntGame
        var hiddenPairs: [Int]
    }

    static func twin(seed: UInt64, level: OpponentLevel, _ g: inout SeededRandomNumberGenerator)
        -> (Twin, Opponent, Opponent)? {
        let pairs = 4 + g.below(9)
        let time = VirtualClock()
        var original = IntGame(numberOfPairsOfCards: pairs, numberOfPlayers: 2, seed: seed) { $0 }
        var watcher = Opponent(level: level, seed: seed)
        var chosen: [Int] = []
        for _ in 0..<g.below(2 * pairs) {
            let choosable = original.cards.filter { !$0.isFaceUp && !$0.isMatched }
            guard !choosable.isEmpty else { break }
            let card = g.pick(choosable)
            time.advance(by: 0.5)
            original.choose(card, at: time.now)
            chosen.append(card.id)
            watcher.observe(original.table, move: original.moves)
        }
        let revealed = Set(chosen.map { $0 / 2 })
        let hidden = (0..<pairs).filter { !revealed.contains($0) }
        guard hidden.count >= 2 else { return nil }
        // Each hidden pair takes the next hidden pair's content (a rotation: none keeps its own).
        let rotation = Dictionary(uniqueKeysWithValues: zip(hidden, hidden.dropFirst() + [hidden[0]]))
        let replay = VirtualClock()
        var permuted = IntGame(numberOfPairsOfCards: pairs, numberOfPlayers: 2, seed: seed) { rotation[$0] ?? $0 }
        var twinWatcher = Opponent(level: level, seed: seed)
        for id in chosen {
            replay.advance(by: 0.5)
            permuted.choose(id: id, at: replay.now)
            twinWatcher.observe(permuted.table, move: permuted.moves)
        }
        return (Twin(original: original, permuted: permuted, hiddenPairs: hidden), watcher, twinWatcher)
    }

    @Test(arguments: OpponentLevel.allCases)
    func permutingNeverRevealedContentsDoesNotChangeTheNextChoice(level: OpponentLevel) throws {
        var g = SeededRandomNumberGenerator(state: 0x9EE4 &+ UInt64(level.rememberChance * 100))
        var compared = 0, peekerFooled = 0
        for seed in 0..<300 as Range<UInt64> {
            guard let (twin, a, b) = Self.twin(seed: seed, level: level, &g) else { continue }
            #expect(twin.original.cards.map(\.content) != twin.permuted.cards.map(\.content), "the contents really differ")
            #expect(twin.original.table == twin.permuted.table, "what is on show is the same")
            var (first, second) = (a, b)
            let choice = first.nextChoice(on: twin.original.table, move: twin.original.moves)
            let twinChoice = second.nextChoice(on: twin.permuted.table, move: twin.permuted.moves)
            #expect(choice == twinChoice, "seed \(seed): the computer chose \(String(describing: choice)) here, \(String(describing: twinChoice)) with other hidden contents")
            compared += 1
            // The test has teeth: a chooser that read hidden contents (here: the face-down card
            // with the smallest content) is told apart by the same permutation.
            func peek(_ game: IntGame) -> Int? {
                game.cards.indices.filter { !game.cards[$0].isFaceUp && !game.cards[$0].isMatched }
                    .min { (game.cards[$0].content, $0) < (game.cards[$1].content, $1) }
            }
            if peek(twin.original) != peek(twin.permuted) { peekerFooled += 1 }
        }
        #expect(compared > 100, "only \(compared) games had two pairs never revealed")
        #expect(peekerFooled > compared / 4, "a peeking chooser differed in only \(peekerFooled) of \(compared)")
    }
}
