import Foundation
import Testing
import MemorizeStore
import MemorizeTestSupport
import TerminalUI
@testable import Memorize
@testable import MemorizeApp

/// The app fuzz in games of two: hot seat and every level of the computer, whose
/// choices (made in tick, on the clock) are checked like input. The model's invariants now
/// include turn order and each player's score.
extension HeadlessFuzzTests {
    /// The key-script settings for a mode, so a saved failing script replays in the same mode.
    static func modeLines(_ mode: GameMode?) -> String {
        switch mode {
        case nil, .solo?: ""
        case .hotSeat?: "players 2\n"
        case .computer(let level)?: "opponent \(level.rawValue)\n"
        }
    }

    @Test func gamesOfTwoKeepEveryInvariant() throws {
        var g = Generator(state: 0xF022_0213)
        let deadline = Self.longRunSeconds.map { Date().addingTimeInterval($0) }
        var scripts = 0, events = 0, matched = 0, wins = 0, computerMoves = 0
        while deadline.map({ Date() < $0 }) ?? (scripts < 10) {
            let seed = g.next() % 1_000_000
            var options = AppOptions()
            options.fps = Double(g.pick([1, 2, 4]))
            options.reducedMotion = g.chance(25)
            options.mode = g.pick([.hotSeat] + OpponentLevel.allCases.flatMap { [GameMode.computer($0), .computer($0)] })
            let result = try Self.play(seed: seed, &g, options: options, length: 150 + g.below(200))
            scripts += 1
            events += result.events
            matched += result.matches
            wins += result.wins
            if let violation = result.violation {
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-fuzz-\(seed).keys").path
                try? result.script.write(toFile: path, atomically: true, encoding: .utf8)
                Issue.record("invariant violated \(violation) (\(options.mode!.label)); script saved to \(path)")
                return
            }
            if scripts <= 3 {
                let again = try Self.replay(result.script, options: options)
                #expect(again == result.finalState, "replay of seed \(seed) in \(options.mode!.label) differs")
            }
            computerMoves += result.computerMoves
        }
        #expect(matched > 20 && computerMoves > 20, "matched \(matched) pairs, the computer chose \(computerMoves) cards")
        print("fuzz(two players): scripts=\(scripts) events=\(events) matched-pairs=\(matched) wins=\(wins) computer-moves=\(computerMoves) violations=0")
    }
}

extension HeadlessFuzzTests {
    /// The new checks fire: a plan out of the computer's turn, seats that disagree with the mode.
    @Test func brokenOpponentStateIsReported() throws {
        let app = try Self.makeApp(seed: 3, size: Size(width: 80, height: 24), options: AppOptions())
        #expect(app.invariantViolations() == [])
        app.view.opponent.plan = .init(cardID: 0, path: [0], start: 0, due: 1)
        #expect(app.invariantViolations().contains { $0.contains("out of its turn") })
    }
}
