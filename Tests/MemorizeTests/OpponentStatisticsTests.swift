import Testing
import MemorizeTestSupport
@testable import Memorize
import TerminalUI

/// Whole two-player games on the model with a fast fake clock: the levels must be told apart by
/// results, not only by their parameters. Rates are printed; only wide, stable bounds asserted.
@Suite struct OpponentStatisticsTests {
    /// Who sits in a seat: the computer at a level, or a chooser that picks any card at random.
    enum Chooser {
        case computer(ComputerOpponent<Int>)
        case random(SeededRandomNumberGenerator)

        mutating func observe(_ table: [TableCard<Int>], move: Int) {
            if case .computer(var opponent) = self {
                opponent.observe(table, move: move)
                self = .computer(opponent)
            }
        }

        mutating func choice(on table: [TableCard<Int>], move: Int) -> Int? {
            switch self {
            case .computer(var opponent):
                defer { self = .computer(opponent) }
                return opponent.nextChoice(on: table, move: move)
            case .random(var generator):
                defer { self = .random(generator) }
                return table.indices.filter { table[$0].isChoosable }.randomElement(using: &generator)
            }
        }

        static func make(_ level: OpponentLevel?, seed: UInt64) -> Chooser {
            level.map { .computer(ComputerOpponent(level: $0, seed: seed)) } ?? .random(SeededRandomNumberGenerator(seed: seed))
        }
    }

    /// Plays one game to the end; the index of the seat with the higher score, nil for a tie.
    static func play(pairs: Int, seed: UInt64, seats: [Chooser]) -> Int? {
        var seats = seats
        let time = VirtualClock()
        var game = IntGame(numberOfPairsOfCards: pairs, numberOfPlayers: seats.count, seed: seed) { $0 }
        while !game.isOver {
            guard let position = seats[game.currentPlayer].choice(on: game.table, move: game.moves) else { break }
            time.advance(by: 1.5)                       // a brisk player: some bonuses run out
            game.choose(game.cards[position], at: time.now)
            let table = game.table
            for seat in seats.indices { seats[seat].observe(table, move: game.moves) }
        }
        let scores = game.players.map(\.score)
        return scores[0] == scores[1] ? nil : (scores[0] > scores[1] ? 0 : 1)
    }

    struct Record: CustomStringConvertible {
        var wins = 0, losses = 0, ties = 0
        var games: Int { wins + losses + ties }
        var winRate: Double { Double(wins) / Double(max(1, games)) }
        var description: String {
            "\(wins)-\(losses)-\(ties) (win rate \(Int((winRate * 1000).rounded()) / 10)%)"
        }
    }

    /// `games` games of `a` against `b`, seats swapped every game so moving first favours neither.
    static func match(_ a: OpponentLevel?, against b: OpponentLevel?, games: Int, salt: UInt64) -> Record {
        var record = Record()
        var g = SeededRandomNumberGenerator(state: salt)
        for game in 0..<games {
            let seed = g.next()
            let pairs = 4 + g.below(9)                  // 4…12 pairs, as the themes deal
            let aFirst = game.isMultiple(of: 2)
            let first = Chooser.make(aFirst ? a : b, seed: seed &+ 1), second = Chooser.make(aFirst ? b : a, seed: seed &+ 2)
            switch play(pairs: pairs, seed: seed, seats: [first, second]) {
            case nil: record.ties += 1
            case let winner?: if (winner == 0) == aFirst { record.wins += 1 } else { record.losses += 1 }
            }
        }
        return record
    }

    @Test func hardBeatsEasyAndEasyBeatsARandomChooser() {
        let hardVsEasy = Self.match(.hard, against: .easy, games: 600, salt: 0x51A7_0001)
        let easyVsRandom = Self.match(.easy, against: nil, games: 600, salt: 0x51A7_0002)
        let mediumVsEasy = Self.match(.medium, against: .easy, games: 300, salt: 0x51A7_0003)
        print("opponents: hard vs easy \(hardVsEasy); easy vs random \(easyVsRandom); medium vs easy \(mediumVsEasy)")
        #expect(hardVsEasy.games + easyVsRandom.games + mediumVsEasy.games >= 1000)
        #expect(hardVsEasy.winRate > 0.6 && hardVsEasy.wins > 2 * hardVsEasy.losses, "hard vs easy: \(hardVsEasy)")
        #expect(easyVsRandom.winRate > 0.55 && easyVsRandom.wins > 2 * easyVsRandom.losses, "easy vs random: \(easyVsRandom)")
        #expect(mediumVsEasy.wins > mediumVsEasy.losses, "medium vs easy: \(mediumVsEasy)")
    }
}
