import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Issue 37's promises end to end: real OpenSSH clients through HAProxy (round robin, so
    /// consecutive sessions land on consecutive hosts), three servers, one PostgreSQL. Never
    /// skipped: a part that cannot start fails the test saying why. (One host key for every host
    /// and a PROXY header from an untrusted address are BehindABalancer's tests.)
    @Suite("A fleet", .serialized)
    struct AFleet {
        /// Makes a theme named `name` (two emoji) in the game's theme editor, then goes back to the game.
        static func makeTheme(_ name: String, in pane: SSHPane) throws {
            try pane.sendKeys("t")
            _ = try pane.waitFor("Themes")
            try pane.sendKeys("a")
            _ = try pane.waitFor("New theme")
            try pane.sendLiteral(name)
            try pane.sendKeys("Tab")
            for emoji in ["🐶", "🐱"] {
                try pane.sendLiteral(emoji)
                try pane.sendKeys("Enter")
                usleep(200_000)
            }
            try pane.sendKeys("C-s")
            _ = try pane.waitFor("Saved \"\(name)\"")
            try pane.sendKeys("Escape")
            _ = try pane.waitFor("Pairs left: 8")
        }

        @Test("a key's best score and new theme made on one host are there on its next session, whichever host it lands on")
        func filesFollowTheKey() throws {
            let fleet = try FleetUnderTest()
            defer { fleet.close() }
            let kim = try fleet.key("kim")
            let game = ["--theme", "Halloween", "--seed", "42"]
            // Made on host 1, straight to it.
            let first = try fleet.pane(key: kim, user: "kim", host: 0, remote: game)
            defer { first.close() }
            _ = try first.waitFor("Pairs left: 8")
            try Self.makeTheme("Fleetwide", in: first)
            try Players.win(first)
            #expect(try first.screen().contains("First game with Halloween"))
            try first.sendKeys("q")
            #expect(try first.waitForExit() == 0)
            // Three sessions through the balancer: one on each host, each finds both.
            let before = fleet.gamesStarted
            for round in 0..<3 {
                let pane = try fleet.pane(key: kim, user: "kim", remote: game)
                defer { pane.close() }
                _ = try pane.waitFor("Pairs left: 8")
                try pane.sendKeys("t")
                let chooser = try pane.waitFor("Themes")
                #expect(chooser.contains("Fleetwide") || (try? pane.waitFor("Fleetwide", timeout: 3)) != nil,
                        "round \(round): \(chooser)")
                try pane.sendKeys("Escape")
                try Players.win(pane)
                let won = try pane.screen()
                #expect(won.contains("Best for Halloween"), "round \(round): \(won)")
                try pane.sendKeys("q")
                #expect(try pane.waitForExit() == 0)
            }
            let after = fleet.gamesStarted
            #expect(zip(before, after).allSatisfy { $1 - $0 == 1 }, "each host served one session: \(before) then \(after)")
        }

        @Test("the same daily deal from every host; a key's second run refused whichever host it tries")
        func oneDailyAcrossHosts() throws {
            let fleet = try FleetUnderTest()
            defer { fleet.close() }
            // Three keys through the balancer: one daily on each host.
            for name in ["ann", "ben", "cat"] {
                let key = try fleet.key(name)
                let pane = try fleet.pane(key: key, user: name, remote: ["daily"])
                defer { pane.close() }
                _ = try pane.waitFor("Score: 0")
                try pane.sendKeys("q")
                #expect(try pane.waitForExit() == 0)
            }
            func seed(_ log: String) -> String? {
                guard let line = log.split(separator: "\n").first(where: { $0.contains("--server-daily") }),
                      let range = line.range(of: "--seed ") else { return nil }
                return String(line[range.upperBound...].prefix { $0.isNumber })
            }
            let seeds = fleet.servers.map { seed($0.log) }
            #expect(seeds.allSatisfy { $0 != nil && $0 == seeds[0] }, "one deal, every host: \(seeds)")
            // ann again, three times through the balancer: every host refuses.
            let ann = PlayerKey(existing: fleet.directory + "/ann")
            for _ in 0..<3 {
                let again = try fleet.ssh(key: ann, user: "ann", options: ["-tt"], remote: ["daily"])
                #expect(again.status == 2 && again.stderrText.contains("already played today's daily"), "\(again.stderrText)")
            }
            for server in fleet.servers {
                #expect(server.log.contains("a second daily of the day"), "a host that did not refuse:\n\(server.log)")
            }
        }

        @Test("scores and replay answer the same from every host")
        func boardFromAnyHost() throws {
            let fleet = try FleetUnderTest()
            defer { fleet.close() }
            let ann = try fleet.key("ann")
            let pane = try fleet.pane(key: ann, user: "ann", remote: ["daily"])
            defer { pane.close() }
            let score = try DailyLeaderboard.winDaily(pane, secret: try fleet.dailySecret())
            _ = try pane.waitFor("Ranked on the server's board.")
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
            var boards: [String] = []
            for _ in 0..<3 { boards.append(try fleet.ssh(key: ann, user: "ann", remote: ["scores"]).stdoutText) }
            #expect(Set(boards).count == 1 && boards[0].contains("1 ranked run") && boards[0].contains("ann"), "\(boards)")
            // Three replays at once, one on each host: each plays ann's run to the same win.
            let replays = try (0..<3).map { _ in try fleet.pane(key: ann, user: "ann", remote: ["replay", "1"]) }
            defer { replays.forEach { $0.close() } }
            for replay in replays {
                let end = try replay.waitFor("You matched every pair!", timeout: 90)
                #expect(end.contains("Score: \(score) "), "\(end)")
                try replay.sendKeys("q")
                #expect(try replay.waitForExit() == 0)
            }
            #expect(fleet.gamesStarted.allSatisfy { $0 >= 1 }, "\(fleet.gamesStarted)")
        }

        @Test("--max-sessions-per-address counts each real client address through HAProxy, per server: a second host admits what the first refuses")
        func perAddressLimitIsPerServer() throws {
            let fleet = try FleetUnderTest(["--max-sessions-per-address", "1"])
            defer { fleet.close() }
            let key = try fleet.key("pat")
            // Round robin: hosts A, B, C, then A again.
            let panes = try ["127.0.0.2", "127.0.0.2", "127.0.0.3"].map { try fleet.pane(key: key, source: $0) }
            defer { panes.forEach { $0.close() } }
            for pane in panes { _ = try pane.waitFor("Pairs left") }
            #expect(fleet.gamesStarted == [1, 1, 1], "\(fleet.gamesStarted)")
            // Host A plays 127.0.0.2's game: a second from that address is refused there, though
            // host B admitted one (the limit is each server's own)...
            let refused = try fleet.ssh(key: key, source: "127.0.0.2", options: ["-tt"], remote: [])
            #expect(refused.status == 2 && refused.stderrText.contains("too many games from your address (at most 1 at once)"),
                    "\(refused.stderrText)")
            let refusing = fleet.servers.filter { $0.log.contains("too many games from your address") }
            #expect(refusing.count == 1 && refusing[0].log.contains("address=127.0.0.2"), "\(refusing.map(\.log))")
            // ... and 127.0.0.3, through the same balancer, is counted apart (host B, which plays 127.0.0.2's second).
            let other = try fleet.pane(key: key, source: "127.0.0.3")
            defer { other.close() }
            _ = try other.waitFor("Pairs left")
            #expect(fleet.gamesStarted.sorted() == [1, 1, 2], "\(fleet.gamesStarted)")
            for pane in panes + [other] {
                try pane.sendKeys("q")
                #expect(try pane.waitForExit() == 0)
            }
        }
    }
}
