import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Each key has its own files; two players never meet.
    @Suite struct Players {
        /// Wins seed 42's Halloween at 80x24 by clicks (the cards of Golden/win-80x24.keys).
        static func win(_ pane: SSHPane) throws {
            try pane.waitFor("Pairs left: 8")
            try pane.sendKeys("d")
            try pane.waitForStillScreen()
            let pairs: [((Int, Int), (Int, Int))] = [((4, 3), (74, 10)), ((14, 3), (64, 3)), ((24, 3), (34, 3)), ((44, 3), (54, 3)),
                                                     ((74, 3), (24, 10)), ((4, 10), (64, 10)), ((14, 10), (44, 10)), ((34, 10), (54, 10))]
            for (index, (first, second)) in pairs.enumerated() {
                try pane.click(x: first.0, y: first.1)
                usleep(250_000)
                try pane.click(x: second.0, y: second.1)
                try pane.waitFor("Pairs left: \(7 - index)")
                usleep(250_000)
            }
            try pane.waitFor("You matched every pair!")
        }

        @Test func bestScoresPersistPerKeyAndPlayersNeverMeet() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let ann = try PlayerKey(in: server.directory, name: "ann")
            let ben = try PlayerKey(in: server.directory, name: "ben")
            let game = ["--theme", "Halloween", "--seed", "42"]

            // Two at once: each sees only their own game.
            let annPane = try SSHPane(server: server, key: ann, user: "ann", remote: game)
            defer { annPane.close() }
            let benPane = try SSHPane(server: server, key: ben, user: "ben", remote: ["--theme", "Animals"])
            defer { benPane.close() }
            try annPane.waitFor("Halloween")
            try benPane.waitFor("Animals")
            try Self.win(annPane)
            #expect(try annPane.screen().contains("First game with Halloween"))
            #expect(try !benPane.screen().contains("Halloween"))
            #expect(try !benPane.screen().contains("matched every pair"))
            try annPane.sendKeys("q")
            try benPane.sendKeys("q")
            #expect(try annPane.waitForExit() == 0)
            #expect(try benPane.waitForExit() == 0)

            let players = try FileManager.default.contentsOfDirectory(atPath: server.stateDirectory + "/players")
            #expect(players.count == 2)
            let annDigest = String(ann.fingerprint.dropFirst("SHA256:".count)).replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
            #expect(players.contains(annDigest))
            #expect(FileManager.default.fileExists(atPath: server.stateDirectory + "/players/\(annDigest)/state/memorize-tui/scores.json"))

            // Ann's best is remembered for Ann...
            let again = try SSHPane(server: server, key: ann, user: "ann", remote: game)
            defer { again.close() }
            try Self.win(again)
            #expect(try again.screen().contains("Best for Halloween"))
            try again.sendKeys("q")
            #expect(try again.waitForExit() == 0)

            // ... and is not Ben's.
            let benWins = try SSHPane(server: server, key: ben, user: "ben", remote: game)
            defer { benWins.close() }
            try Self.win(benWins)
            #expect(try benWins.screen().contains("First game with Halloween"))
            try benWins.sendKeys("q")
            #expect(try benWins.waitForExit() == 0)
            try server.waitForNoGames()
        }

        @Test func guestsPlayWithoutAKeyAndLeaveNothing() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let pane = try SSHPane(server: server, key: nil, user: "guest")
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            try server.waitForLog("method=none")
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
            try server.waitForNoGames()
            let guests = (try? FileManager.default.contentsOfDirectory(atPath: server.stateDirectory + "/guests")) ?? []
            #expect(guests.isEmpty)

            // Any other name needs a key.
            let keyless = try runSSH(server: server, key: nil, user: "mallory")
            #expect(keyless.status == 255)
        }

        @Test func authorizedKeysLimitWhoPlays() throws {
            let directory = NSTemporaryDirectory() + "srv-authorized-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let listed = try PlayerKey(in: directory, name: "listed")
            let other = try PlayerKey(in: directory, name: "other")
            try ("# players\n" + listed.publicLine).write(toFile: directory + "/authorized_keys", atomically: true, encoding: .utf8)
            let server = try ServerUnderTest(["--authorized-keys", directory + "/authorized_keys"])
            defer { server.close() }
            // Listed: reaches the session (and is told to use -t).
            #expect(try runSSH(server: server, key: listed).status == 2)
            // Not listed, or a guest: authentication fails.
            #expect(try runSSH(server: server, key: other).status == 255)
            #expect(try runSSH(server: server, key: nil, user: "guest").status == 255)
            try server.waitForLog("key not in --authorized-keys")
        }
    }
}
