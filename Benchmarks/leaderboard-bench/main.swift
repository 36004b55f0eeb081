import Foundation
import Memorize
import MemorizeLeaderboard
import MemorizeStore
import ThemeFormat

// The leaderboard's benchmark (no argument parser: a tool for Benchmarks/README.md, not for
// players). Built in Benchmarks/ (its own package), never by the game's `swift build`.
//
//   leaderboard-bench bench STORE RUNS      stores RUNS runs on one day, then times replaying a
//                                           run (µs) and reading the day's top 20 (ms)
// STORE is a SQLite path or a postgres:// URL.

func open(_ spec: String) async throws -> LeaderboardStore {
    if spec.hasPrefix("postgres") { return try await PostgresLeaderboard(url: try PostgresURL(spec)) }
    return try SQLiteLeaderboard(path: spec)
}

func run(number: Int, date: DailyDate) -> LeaderboardRun {
    LeaderboardRun(date: date, fingerprint: "SHA256:writer\(number)", name: "writer \(number)", score: number % 97,
                   moves: 20 + number % 13, milliseconds: 10_000 + number % 1000, intents: "", reportedAt: Double(number))
}

/// A perfect run of the deal: every pair chosen in turn, 0.5 s apart (what a player who knew
/// the board would send).
func perfectLog(setup: GameSetup) -> String {
    let game = GameState(setup: setup).model
    var lines = ["0.0 0 deal"]
    var time = 1.0
    for pair in 0..<(game.cards.count / 2) {
        for id in [pair * 2, pair * 2 + 1] {
            lines.append(TimedIntent(.choose(cardID: id), at: time).line)
            time += 0.5
        }
    }
    return lines.joined(separator: "\n")
}

let arguments = CommandLine.arguments
guard arguments.count == 4, arguments[1] == "bench", let count = Int(arguments[3]), count >= 0 else {
    FileHandle.standardError.write("usage: leaderboard-bench bench STORE RUNS\n".data(using: .utf8)!)
    exit(2)
}
let date = DailyDate("2026-11-26")!
let store = try await open(arguments[2])
let existing = try await store.count(on: date)
var number = existing
while number < count {
    // Batches in parallel: filling 100,000 rows one awaited insert at a time is the slow part.
    try await withThrowingTaskGroup(of: Void.self) { group in
        for batch in number..<min(count, number + 64) {
            group.addTask { _ = try await store.submit(run(number: batch, date: date)) }
        }
        try await group.waitForAll()
    }
    number = min(count, number + 64)
}
let theme = ThemeLibrary.builtIn()[0]
let setup = DailyDeal.setup(theme: theme, seed: 42)
let log = perfectLog(setup: setup)
let clock = ContinuousClock()
var replays = 0
let replayTime = clock.measure {
    for _ in 0..<2000 { if case .success = RunReplay.replay(log, setup: setup) { replays += 1 } }
}
var tops: [Duration] = []
for _ in 0..<50 {
    tops.append(try await clock.measure { _ = try await store.top(on: date, limit: 20) })
}
tops.sort()
func micro(_ d: Duration) -> Double { Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12 }
print(String(format: "replay of a %d-card run: %.1f µs (%d of 2000 replayed)", GameState(setup: setup).model.cards.count,
             micro(replayTime) / 2000, replays))
print(String(format: "scores (top 20 of %d runs stored): median %.2f ms, p90 %.2f ms", try await store.count(on: date),
             micro(tops[25]) / 1000, micro(tops[45]) / 1000))
await store.close()
