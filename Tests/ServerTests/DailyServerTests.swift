import Foundation
import Memorize
import MemorizeLeaderboard
import MemorizeStore
import ThemeFormat
@testable import MemorizeServer
import MemorizeTestSupport
import TerminalUI
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
            // The server's alone, as it insists (StateFiles.checkPrivate).
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
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
            try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(repeating: 0x5a, count: 4096).write(to: URL(fileURLWithPath: state + "/leaderboard.sqlite"))
            chmod(state + "/leaderboard.sqlite", 0o600)
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
            // The log names the deal by its seed's fingerprint only (LoggedArguments): never the seed.
            #expect(server.log.contains("--seed \(LoggedArguments.seedFingerprint(String(mine.seed)))"), "\(server.log)")
            #expect(!server.log.contains("\(mine.seed)"), "\(server.log)")
            #expect(mine.seed != DailyDeal(date: Self.today, themeNames: names)?.seed)
            try pane.sendKeys("q")
            _ = try pane.waitForExit()
            // Without a terminal: one line saying how.
            let noPty = try runSSH(server: server, key: first, remote: ["daily"])
            #expect(noPty.status == 2 && noPty.stderrText.contains("ssh -t"))
        }
    }
}

extension ServerTests.DailyLeaderboard {
    /// The whole chain: a key plays the server's daily to a win in a real terminal, the game
    /// reports its record, the server replays it and ranks the recomputed score, `scores` shows
    /// it; a second daily of the same key is refused, and a guest's run is not ranked.
    @Test("daily: a won run is replayed and ranked; a second daily is refused, a guest's not ranked")
    func wonRunIsRanked() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let ann = try PlayerKey(in: server.directory, name: "ann")
        let pane = try SSHPane(server: server, key: ann, user: "ann", remote: ["daily"])
        defer { pane.close() }
        let score = try Self.winDaily(pane, server: server)
        // The server's verdict reaches the win card.
        _ = try pane.waitFor("Ranked on the server's board.")
        try pane.sendKeys("q")
        #expect(try pane.waitForExit() == 0)
        try server.waitForLog("outcome=ranked")
        let board = try runSSH(server: server, key: ann, remote: ["scores"])
        #expect(board.stdoutText.contains("1 ranked run"), "\(board.stdoutText)\n\(server.log)")
        let row = board.stdoutText.split(separator: "\n").first { $0.contains("ann") }.map(String.init) ?? ""
        #expect(row.hasPrefix("   1  ann") && row.contains("  \(score)  "), "row: \(row), screen score \(score)")

        // Its player may watch it now the run has ended: replay 1 plays it back, to its win.
        let watch = try SSHPane(server: server, key: ann, user: "ann", remote: ["replay", "1"])
        defer { watch.close() }
        let end = try watch.waitFor("You matched every pair!", timeout: 60)
        #expect(end.contains("Score: \(score) "), "\(end)")
        try watch.sendKeys("q")
        #expect(try watch.waitForExit() == 0)
        // A key that has not played today may not (it would learn the deal); nor a missing rank.
        let viewer = try PlayerKey(in: server.directory, name: "viewer")
        let scout = try runSSH(server: server, key: viewer, options: ["-tt"], remote: ["replay", "1"])
        #expect(scout.status == 2 && scout.stderrText.contains("play today's daily first"), "\(scout.stderrText)")
        let missing = try runSSH(server: server, key: ann, options: ["-tt"], remote: ["replay", "30"])
        #expect(missing.status == 2, "\(missing.stderrText)")

        // Again, the same key: refused before a card is shown, one line, a non-zero exit.
        let again = try runSSH(server: server, key: ann, user: "ann", options: ["-tt"], remote: ["daily"])
        #expect(again.status == 2, "\(again.stderrText)")
        #expect(again.stderrText.contains("you have already played today's daily"), "\(again.stderrText)")
        #expect(!again.stdoutText.contains("Score:"), "\(again.stdoutText)")
        // A guest: played, not ranked (the report is not even read).
        let guest = try SSHPane(server: server, key: nil, user: "guest", remote: ["daily"])
        defer { guest.close() }
        _ = try Self.winDaily(guest, server: server)
        try guest.sendKeys("q")
        _ = try guest.waitForExit()
        let after = try runSSH(server: server, key: ann, remote: ["scores"])
        #expect(after.stdoutText.contains("1 ranked run"), "\(after.stdoutText)")
        #expect(!after.stdoutText.contains("guest"))
    }

    /// Plays today's server deal to the end by clicking each pair (the test knows the deal from
    /// the server's secret, as only the server should); returns the score the win card shows.
    static func winDaily(_ pane: SSHPane, server: ServerUnderTest) throws -> Int {
        _ = try pane.waitFor("Score: 0")
        let secret = try #require(FileManager.default.contents(atPath: server.stateDirectory + "/daily_secret"))
        return try winDaily(pane, secret: Array(secret))
    }

    /// Wins today's deal of `secret` at 80x24 (a fleet's secret is its database's).
    static func winDaily(_ pane: SSHPane, secret: [UInt8]) throws -> Int {
        _ = try pane.waitFor("Score: 0")
        let themes = ThemeLibrary.builtIn()
        let key = try #require(DailyKey(secret: secret))
        let deal = try #require(DailyDeal(date: today, themeNames: themes.map(\.name), key: key))
        let theme = try #require(themes.named(deal.themeName))
        let cards = GameState(setup: DailyDeal.setup(theme: theme, seed: deal.seed)).model.cards
        // The game's grid at 80x24 (GameLayout: the rows between the title and the buttons).
        let frames = AspectVGrid.layout(itemCount: cards.count, in: Rect(x: 0, y: 1, width: 80, height: 22),
                                        minimumItemSize: Size(width: 4, height: 3)).itemFrames
        try pane.sendKeys("d")
        _ = try pane.waitForStillScreen()
        for pair in 0..<(cards.count / 2) {
            for id in [pair * 2, pair * 2 + 1] {
                let frame = frames[try #require(cards.firstIndex { $0.id == id })]
                try pane.click(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
                usleep(150_000)
            }
            if pair + 1 < cards.count / 2 { _ = try pane.waitFor("Pairs left: \(cards.count / 2 - pair - 1)") }
        }
        let screen = try pane.waitFor("You matched every pair!")
        let line = try #require(screen.split(separator: "\n").first { $0.contains("Score: ") && $0.contains("Moves: ") })
        let scoreText = line.split(separator: "Score: ")[1].prefix { $0.isNumber || $0 == "-" }
        return try #require(Int(scoreText))
    }
}
