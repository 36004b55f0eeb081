import Foundation
import Logging
import Memorize
import MemorizeLeaderboard
import MemorizeStore
import ThemeFormat
import Testing

/// The board ranks what the replay recomputes; forged, unfinished and garbage logs are refused.
@Suite struct ReplayTests {
    let theme = ThemeLibrary.builtIn()[0]
    let seed: UInt64 = 42
    var setup: GameSetup { DailyDeal.setup(theme: theme, seed: seed) }
    let day = DailyDate("2026-11-26")!

    /// A finished run: for each pair, first a mismatch (a card and a card of the next pair), then
    /// its partner and the card again (a match); `gap` seconds between choices.
    func log(gap: Double = 0.5, mismatches: Bool = true) -> String {
        let pairs = GameState(setup: setup).model.cards.count / 2
        var lines = ["0.0 0 deal"]
        var time = 1.0
        func choose(_ id: Int) { lines.append(TimedIntent(.choose(cardID: id), at: time).line); time += gap }
        for pair in 0..<pairs {
            if mismatches && pair + 1 < pairs {
                choose(pair * 2); choose(pair * 2 + 2); choose(pair * 2 + 1); choose(pair * 2)
            } else {
                choose(pair * 2); choose(pair * 2 + 1)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What the model itself says the same intents score, applied directly (as the game does).
    func modelScore(_ log: String) -> (score: Int, moves: Int) {
        var state = GameState(setup: setup)
        for line in log.split(separator: "\n") { state.apply(TimedIntent(line: line)!, themes: [theme]) }
        #expect(state.model.isOver)
        return (state.model.score, state.model.moves)
    }

    @Test func aFinishedRunReplaysToTheModelsScore() throws {
        for gap in [0.2, 2.5, 7.0] {
            let text = log(gap: gap)
            let outcome = try RunReplay.replay(text, setup: setup).get()
            let model = modelScore(text)
            #expect(outcome.score == model.score && outcome.moves == model.moves, "gap \(gap)")
        }
        // Slow play earns no bonus: the score depends on the times, so the times are replayed.
        let fast = try RunReplay.replay(log(gap: 0.2), setup: setup).get()
        let slow = try RunReplay.replay(log(gap: 7.0), setup: setup).get()
        #expect(fast.score > slow.score)
        #expect(slow.milliseconds > fast.milliseconds)
    }

    @Test func unfinishedGarbageAndImpossibleLogsAreRefused() {
        let full = log()
        let lines = full.split(separator: "\n")
        let cases: [String: String] = [
            "unfinished": lines.dropLast().joined(separator: "\n"),
            "garbage": "hello\nworld",
            "binary": "0.0 0 deal\n\u{1b}[2J",
            "empty": "",
            "no deal": lines.dropFirst().joined(separator: "\n"),
            "backwards": (["0.0 0 deal", "5.0 0 choose 0", "1.0 0 choose 1"] + lines.dropFirst(3)).joined(separator: "\n"),
            "second seat": full.replacingOccurrences(of: " 0 choose 1\n", with: " 1 choose 1\n"),
            "after the end": full + "\n999.0 0 choose 0",
            "a restart": "0.0 0 deal\n1.0 0 restart\n" + lines.dropFirst().joined(separator: "\n"),
            "no such card": "0.0 0 deal\n1.0 0 choose 9999",
            "a choice the game would not take": (Array(lines.prefix(2)) + [Substring(lines[1].replacingOccurrences(of: "1.0 ", with: "1.1 "))] + lines.dropFirst(2)).joined(separator: "\n"),
            "too many": (["0.0 0 deal"] + Array(repeating: "1.0 0 shuffle", count: RunReplay.maximumIntents + 1)).joined(separator: "\n"),
        ]
        for (name, text) in cases {
            guard case .failure = RunReplay.replay(text, setup: setup) else {
                Issue.record("\(name) was accepted")
                continue
            }
        }
        // Not checked: the same log on another deal. Intents name cards by id, and ids pair the
        // same way on every deal (2i with 2i+1), so a log does not depend on the deal's seed;
        // docs/leaderboard.md, "What replaying proves".
    }

    @Test("a forged claim is refused and logged; a guest is unranked; the board keeps the recomputed score", arguments: StoreKind.allCases)
    func boardRanksOnlyReplays(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let daily = DailyBoard(store: board.store, logger: Logger(label: "test"))
        let text = log()
        let truth = try RunReplay.replay(text, setup: setup).get()
        let forged = DailyBoard.Report(intents: text, claimedScore: truth.score + 10, claimedMoves: truth.moves)
        await #expect(throws: LeaderboardRefusal.self) {
            try await daily.submit(forged, by: .key(fingerprint: "SHA256:cheat", name: "cheat"), date: day, setup: setup, now: 1)
        }
        let garbage = DailyBoard.Report(intents: "0.0 0 deal", claimedScore: 50, claimedMoves: 2)
        await #expect(throws: LeaderboardRefusal.self) {
            try await daily.submit(garbage, by: .key(fingerprint: "SHA256:cheat", name: "cheat"), date: day, setup: setup, now: 1)
        }
        let honest = DailyBoard.Report(intents: text, claimedScore: truth.score, claimedMoves: truth.moves)
        #expect(try await daily.submit(honest, by: .guest, date: day, setup: setup, now: 2) == .unranked)
        #expect(try await daily.submit(honest, by: .key(fingerprint: "SHA256:good", name: "good"), date: day, setup: setup, now: 3)
                == .ranked(truth))
        #expect(try await daily.submit(honest, by: .key(fingerprint: "SHA256:good", name: "good"), date: day, setup: setup, now: 4)
                == .alreadyPlayed)
        let top = try await board.store.top(on: day, limit: 20)
        #expect(top.map(\.fingerprint) == ["SHA256:good"])
        #expect(top.first?.score == truth.score && top.first?.intents == text)
    }
}
