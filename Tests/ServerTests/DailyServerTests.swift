import Foundation
import Memorize
import MemorizeLeaderboard
import MemorizeStore
@testable import MemorizeServer
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// `daily`, `scores [DATE]` and the board's unavailability, on ports 22600-22649.
    @Suite("Daily leaderboard")
    struct DailyLeaderboard {
        static let ports = 22600...22649

        static var today: DailyDate { DailyDate(secondsSince1970: Date().timeIntervalSince1970)! }

        /// A state directory whose SQLite board already holds `runs` (as earlier sessions left them).
        static func stateWithRuns(_ runs: [LeaderboardRun]) async throws -> String {
            let state = NSTemporaryDirectory() + "daily-state-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            let store = try SQLiteLeaderboard(path: state + "/leaderboard.sqlite")
            for run in runs { _ = try await store.submit(run) }
            await store.close()
            return state
        }

        static func run(_ key: String, name: String, score: Int, on date: DailyDate = today) -> LeaderboardRun {
            LeaderboardRun(date: date, fingerprint: "SHA256:\(key)", name: name, score: score, moves: 20,
                           milliseconds: 41_250, intents: "0.0 0 deal", reportedAt: 0)
        }

        @Test("scores: the day's board as a table, ranked, names neutralised; no pty needed")
        func scoresTable() async throws {
            let state = try await Self.stateWithRuns([
                Self.run("aaaaaaaaaaaaaaaaaaaa", name: "alice", score: 9),
                Self.run("bbbbbbbbbbbbbbbbbbbb", name: "\u{1b}]0;pwned\u{7}bob", score: 14),
                Self.run("cccccccccccccccccccc", name: "carol", score: 99, on: DailyDate(daysSinceEpoch: Self.today.daysSinceEpoch - 1)!),
            ])
            let server = try ServerUnderTest(stateDirectory: state, ports: Self.ports)
            defer { server.close(); try? FileManager.default.removeItem(atPath: state) }
            let key = try PlayerKey(in: server.directory, name: "viewer")
            let result = try runSSH(server: server, key: key, remote: ["scores"])
            #expect(result.status == 0, "\(result.stderrText)")
            let lines = result.stdoutText.split(separator: "\n").map(String.init)
            #expect(lines.first == "Daily \(Self.today): 2 ranked runs", "\(lines)")
            #expect(lines.count == 4, "\(lines)")
            #expect(lines[1].hasPrefix("rank  name"))
            #expect(lines[2].contains("?]0;pwned?bob") && lines[2].contains("14") && lines[2].contains("41.3 s")
                    && lines[2].contains("SHA256:bbbbbbbb"), "\(lines[2])")
            #expect(lines[3].contains("alice") && lines[3].hasPrefix("   2"))
            #expect(!result.stdout.contains(0x1b) && !result.stdout.contains(0x07))
            #expect(!result.stdoutText.contains("carol"))
            // Yesterday's board, by date; a future day and a bad date: one line, exit 2.
            let yesterday = try runSSH(server: server, key: key, remote: ["scores", "\(DailyDate(daysSinceEpoch: Self.today.daysSinceEpoch - 1)!)"])
            #expect(yesterday.stdoutText.contains("carol"))
            let future = try runSSH(server: server, key: key, remote: ["scores", "2999-01-01"])
            #expect(future.status == 2 && future.stderrText.contains("is in the future"), "\(future.stderrText)")
            let bad = try runSSH(server: server, key: key, remote: ["scores", "\u{1b}[2J"])
            #expect(bad.status == 2 && !bad.stderr.contains(0x1b))
        }

        @Test("a corrupt database: the board is unavailable, games are served")
        func corruptDatabase() throws {
            let state = NSTemporaryDirectory() + "daily-state-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
            try Data(repeating: 0x5a, count: 4096).write(to: URL(fileURLWithPath: state + "/leaderboard.sqlite"))
            let server = try ServerUnderTest(stateDirectory: state, ports: Self.ports)
            defer { server.close(); try? FileManager.default.removeItem(atPath: state) }
            let key = try PlayerKey(in: server.directory, name: "player")
            let scores = try runSSH(server: server, key: key, remote: ["scores"])
            #expect(scores.status == 1)
            #expect(scores.stderrText.contains("the leaderboard is unavailable"), "\(scores.stderrText)")
            // The daily deal and an ordinary game still start and draw.
            for remote in [["daily"], []] {
                let pane = try SSHPane(server: server, key: key, remote: remote)
                defer { pane.close() }
                _ = try pane.waitFor("Score: 0")
                try pane.sendKeys("q")
                #expect(try pane.waitForExit() == 0)
            }
            #expect(server.process.isRunning)
        }

        @Test("daily: the server's deal, the same for every player, not the public one")
        func dailyDeal() throws {
            let server = try ServerUnderTest(ports: Self.ports)
            defer { server.close() }
            let first = try PlayerKey(in: server.directory, name: "first")
            let pane = try SSHPane(server: server, key: first, remote: ["daily"])
            defer { pane.close() }
            _ = try pane.waitFor("Score: 0")
            try server.waitForLog("--server-daily \(Self.today)")
            let secret = try #require(FileManager.default.contents(atPath: server.stateDirectory + "/daily_secret"))
            #expect(secret.count == 16)
            let names = ThemeLibrary.builtIn().map(\.name)
            let key = try #require(DailyKey(secret: Array(secret)))
            let mine = try #require(DailyDeal(date: Self.today, themeNames: names, key: key))
            #expect(server.log.contains("--seed \(mine.seed)"), "\(server.log)")
            #expect(mine.seed != DailyDeal(date: Self.today, themeNames: names)?.seed)
            try pane.sendKeys("q")
            _ = try pane.waitForExit()
            // Without a terminal: one line saying how.
            let noPty = try runSSH(server: server, key: first, remote: ["daily"])
            #expect(noPty.status == 2 && noPty.stderrText.contains("ssh -t"))
        }
    }
}
