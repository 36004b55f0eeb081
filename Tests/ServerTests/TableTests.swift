import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Tables with real OpenSSH clients in tmux (ports 22500-22599): two seats, a watcher, a
    /// dropped seat resumed, refusals, SIGTERM.
    @Suite struct Tables {
        static let ports = 22500...22599

        /// A server, alice in seat 1 of a new table (Animals, the server's seed) and the table's code.
        struct Scene {
            let server: ServerUnderTest
            let alice: SSHPane
            let aliceKey: PlayerKey
            let code: String

            init(_ arguments: [String] = []) throws {
                server = try ServerUnderTest(["--public-name", "example.org"] + arguments, ports: Tables.ports)
                aliceKey = try PlayerKey(in: server.directory, name: "alice")
                alice = try SSHPane(server: server, key: aliceKey, user: "alice", remote: ["new", "--theme", "Animals"])
                let screen = try alice.waitFor("join ")
                let invitation = "ssh -t -p \(server.port) example.org join "
                let line = screen.split(separator: "\n").first { $0.contains(invitation) }
                code = line.flatMap { $0.split(separator: " ").last }.map(String.init) ?? ""
            }

            func join(_ name: String, key: PlayerKey? = nil, command: String = "join", columns: Int = 80, rows: Int = 24) throws -> SSHPane {
                let key = try key ?? PlayerKey(in: server.directory, name: name)
                return try SSHPane(server: server, key: key, user: name, columns: columns, rows: rows, remote: [command, code])
            }

            /// The seed the server drew, as its games were given it (`--seed N` in their argv):
            /// a test's mirror of the board needs it; no player can see it.
            func seed() throws -> UInt64 {
                let pid = try #require(server.gameProcesses().first)
                let words = try String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8).split(separator: "\0")
                let index = try #require(words.firstIndex(of: "--seed"))
                return try #require(UInt64(words[index + 1]))
            }

            func close() {
                alice.close()
                server.close()
            }
        }

        /// The game's part of a screen: every row but the table's bottom line.
        static func board(_ screen: String) -> String {
            screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast(2).joined(separator: "\n")
        }

        @Test func twoSeatsAgreeTurnsAreEnforcedAndAWatcherCannotPlay() throws {
            let scene = try Scene()
            defer { scene.close() }
            #expect(scene.code.count == 7)
            let bob = try scene.join("bob")
            defer { bob.close() }
            // Dealt on both screens, both names in both titles, alice first.
            for pane in [scene.alice, bob] {
                try pane.waitFor("alice's turn")
                try pane.waitFor("bob 0")
                try pane.waitForStillScreen()
            }
            #expect(Self.board(try scene.alice.screen()) == Self.board(try bob.screen()))

            // Out of turn: bob's choose says whose turn it is and changes nothing anywhere.
            let before = Self.board(try bob.screen())
            try bob.sendKeys("Enter")
            try bob.waitFor("it is alice's turn")
            #expect(Self.board(try bob.screen()) == before)

            let carol = try scene.join("carol", command: "watch", columns: 100, rows: 30)
            defer { carol.close() }
            try carol.waitFor("watching")
            try scene.alice.waitFor("1 watching")
            // A watcher's keys change nothing.
            try carol.sendKeys("Enter")
            try carol.waitFor("your keys change nothing")

            // Alice plays moves across the board; after each, both seats show the same board.
            // Both seats move their focus alike (each seat's focus is its own), and whoever's
            // turn it is chooses.
            for move in 0..<6 {
                if move > 0 {
                    try scene.alice.sendKeys("Right")
                    try bob.sendKeys("Right")
                }
                try scene.alice.waitForStillScreen(quiet: 0.3)
                let turnPane = (try scene.alice.screen()).contains("alice's turn") ? scene.alice : bob
                try turnPane.sendKeys("Enter")
                try scene.alice.waitForStillScreen()
                try bob.waitForStillScreen()
                #expect(Self.board(try scene.alice.screen()) == Self.board(try bob.screen()), "move \(move)")
            }
            // The watcher, at its own size, shows the same scores as the seats.
            let title = try #require(try scene.alice.screen().split(separator: "\n").first)
            let scores = title.split(separator: " ").filter { Int($0) != nil }
            try carol.waitForStillScreen()
            let carolTitle = try #require(try carol.screen().split(separator: "\n").first)
            #expect(carolTitle.split(separator: " ").filter { Int($0) != nil } == scores)
            #expect(scene.server.log.contains("table dealt"))
        }

        @Test func aDroppedSeatComesBackForTheSameKeyAndAThirdKeyIsRefused() throws {
            let scene = try Scene()
            defer { scene.close() }
            let bobKey = try PlayerKey(in: scene.server.directory, name: "bob")
            let bob = try scene.join("bob", key: bobKey)
            try bob.waitFor("alice's turn")
            try scene.alice.sendKeys("Enter")
            try scene.alice.waitForStillScreen()
            try bob.waitForStillScreen()
            let board = Self.board(try scene.alice.screen())

            let mallory = try runSSH(server: scene.server, key: try PlayerKey(in: scene.server.directory, name: "mallory"),
                                     user: "mallory", options: ["-tt"], remote: ["join", scene.code])
            #expect(mallory.status == 2)
            #expect(mallory.stderrText.contains("is full; to watch it: ssh -t -p \(scene.server.port) example.org watch \(scene.code)"))

            bob.close()
            try scene.alice.waitFor("waiting for bob")
            let started = Date()
            let again = try scene.join("bob", key: bobKey)
            defer { again.close() }
            try again.waitFor("alice 0")
            try again.waitForStillScreen(quiet: 0.3)
            #expect(Date().timeIntervalSince(started) < 10)
            #expect(Self.board(try again.screen()) == board, "the same board, caught up")
            try scene.alice.waitFor("alice's turn")
        }

        /// A guest's seat cannot be taken back: the bottom line says so for as long as it plays
        /// (the server's line on stderr is covered by the game's screen at once); a key's does not.
        @Test func aGuestIsToldOnScreenThatItsSeatIsNotHeld() throws {
            let scene = try Scene()
            defer { scene.close() }
            let guest = try SSHPane(server: scene.server, key: nil, user: "guest", remote: ["join", scene.code])
            defer { guest.close() }
            try guest.waitFor("guest seat: lost if your link drops")
            try scene.alice.waitFor("alice's turn")
            #expect(!(try scene.alice.screen()).contains("guest seat"))
        }

        @Test func unknownCodesAndFlagsThatMakeNoSenseAreRefused() throws {
            let server = try ServerUnderTest(ports: Tables.ports)
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "dave")
            let unknown = try runSSH(server: server, key: key, options: ["-tt"], remote: ["join", "ABCD234"])
            #expect(unknown.status == 2)
            #expect(unknown.stderrText.contains("no table has the code \"ABCD234\""))
            let players = try runSSH(server: server, key: key, options: ["-tt"], remote: ["new", "--players", "2"])
            #expect(players.status == 2)
            #expect(players.stderrText.contains("--players makes no sense at a table"))
            // The deal is the server's: an opener who chose the seed could have seen it solo first.
            let seed = try runSSH(server: server, key: key, options: ["-tt"], remote: ["new", "--seed", "42"])
            #expect(seed.status == 2)
            #expect(seed.stderrText.contains("--seed is not offered at a table"), "\(seed.stderrText)")
            #expect(seed.stderrText.split(separator: "\n").count == 1)
            let channel = try runSSH(server: server, key: key, options: ["-tt"], remote: ["new", "--table-channel", "3"])
            #expect(channel.status == 2)
            #expect(channel.stderrText.contains("is not offered over SSH"))
        }

        @Test func tablesAreCapped() throws {
            let scene = try Scene(["--max-tables", "1"])
            defer { scene.close() }
            let second = try runSSH(server: scene.server, key: try PlayerKey(in: scene.server.directory, name: "frank"),
                                    options: ["-tt"], remote: ["new"])
            #expect(second.status == 2)
            #expect(second.stderrText.contains("as many tables as it takes (1)"))
        }

        @Test func joinAttemptsPerMinuteAreBounded() throws {
            let server = try ServerUnderTest(["--join-attempts-per-minute", "2"], ports: Tables.ports)
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "eve")
            for _ in 0..<2 {
                let guess = try runSSH(server: server, key: key, options: ["-tt"], remote: ["join", "ZZZZZZZ"])
                #expect(guess.stderrText.contains("no table has the code"))
            }
            let third = try runSSH(server: server, key: key, options: ["-tt"], remote: ["join", "ZZZZZZZ"])
            #expect(third.status == 2)
            #expect(third.stderrText.contains("too many join attempts"))
        }

        @Test func sigtermEndsAFullTableAndRestoresEveryTerminal() throws {
            let scene = try Scene()
            defer { scene.close() }
            let bob = try scene.join("bob")
            defer { bob.close() }
            try bob.waitFor("alice's turn")
            #expect(try scene.server.stop() == 0)
            for pane in [scene.alice, bob] {
                _ = try pane.waitForExit()
                #expect(pane.terminalRestored())
                try eventually("the pane to leave the alternate screen") { try pane.paneModesRestored() }
            }
            #expect(scene.alice.stderrText.contains("the server is shutting down"))
            try scene.server.waitForNoGames()
        }
    }
}
