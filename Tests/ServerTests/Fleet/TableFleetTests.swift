import Foundation
import Memorize
import MemorizeLeaderboard
@testable import MemorizeServer
import MemorizeTestSupport
import TableProtocol
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Tables across hosts: three servers on one PostgreSQL (the leaderboard
    /// tests' throwaway cluster), HAProxy in front, real OpenSSH clients each from its own
    /// loopback address (so each host's log names who landed there). Servers on 22700-22749.
    @Suite("Tables across hosts")
    struct TablesAcrossHosts {
        static let ports = 22700...22749

        static func hosts(_ count: Int, behindABalancer: Bool = true) throws -> [ServerUnderTest] {
            let url = try DailyLeaderboard.freshPostgresDatabase("t_\(getpid())_\(UInt32.random(in: 0...UInt32.max))")
            let servers = try (0..<count).map { _ in
                try ServerUnderTest(["--database", url, "--public-name", "example.org", "--host-lease", "3s"]
                                    + (behindABalancer ? ["--proxy-protocol", "--trusted-proxy", "127.0.0.1"] : []), ports: Self.ports)
            }
            for server in servers { try server.waitForLog("tables reach other hosts through the database") }
            return servers
        }

        /// `ssh -t` through the balancer from `source`, in tmux.
        static func pane(_ balancer: BalancerUnderTest, _ server: ServerUnderTest, key: PlayerKey, user: String, from source: String,
                         remote: [String]) throws -> SSHPane {
            try SSHPane(server: server, key: key, client: ["/usr/bin/ssh"] + sshOptions(server: server, key: key, port: balancer.port)
                        + ["-b", source, "-t", "\(user)@127.0.0.1", "--"] + remote)
        }

        /// The host a client from `source` landed on (the PROXY header's address is in its log).
        static func host(of source: String, among servers: [ServerUnderTest]) throws -> ServerUnderTest {
            var found: ServerUnderTest?
            try eventually("a host with address=\(source) in its log") {
                found = servers.first { $0.log.contains("address=\(source) ") || $0.log.contains("address=\(source)\n") }
                return found != nil
            }
            return try #require(found)
        }

        @Test("join and watch whichever host the balancer picks; a seat's host killed holds the seat, the key resumes; the table's host killed ends it elsewhere")
        func tablesAcrossHosts() throws {
            let servers = try Self.hosts(3)
            defer { servers.forEach { $0.close() } }
            let balancer = try BalancerUnderTest(servers: servers.map(\.port))
            defer { balancer.close() }
            let directory = servers[0].directory
            let aliceKey = try PlayerKey(in: directory, name: "alice")
            let bobKey = try PlayerKey(in: directory, name: "bob")
            let carolKey = try PlayerKey(in: directory, name: "carol")

            let alice = try Self.pane(balancer, servers[0], key: aliceKey, user: "alice", from: "127.0.0.2", remote: ["new", "--theme", "Animals"])
            defer { alice.close() }
            let screen = try alice.waitFor("join ")
            let code = try #require(screen.split(separator: "\n").first { $0.contains("example.org join ") }?.split(separator: " ").last.map(String.init))
            let tableHost = try Self.host(of: "127.0.0.2", among: servers)

            // Round robin: the next two clients land on the two other hosts.
            let bob = try Self.pane(balancer, servers[0], key: bobKey, user: "bob", from: "127.0.0.3", remote: ["join", code])
            defer { bob.close() }
            let bobHost = try Self.host(of: "127.0.0.3", among: servers)
            #expect(bobHost !== tableHost, "bob landed on the table's host; the balancer is not round robin?")
            for pane in [alice, bob] {
                try pane.waitFor("alice's turn")
                try pane.waitFor("bob 0")
            }
            let carol = try Self.pane(balancer, servers[0], key: carolKey, user: "carol", from: "127.0.0.4", remote: ["watch", code])
            defer { carol.close() }
            let carolHost = try Self.host(of: "127.0.0.4", among: servers)
            #expect(carolHost !== tableHost && carolHost !== bobHost)
            try carol.waitFor("watching")
            try alice.waitFor("1 watching")
            // The bottom line counts the watcher beside whose turn it is, not instead of it.
            let line = try alice.screen()
            #expect(line.contains("alice's turn · 1 watching"), "\(line)")

            // Alice chooses a card: the same board on all three screens, on three hosts.
            try alice.sendKeys("Enter")
            for pane in [alice, bob, carol] { try pane.waitForStillScreen() }
            let board = Tables.board(try alice.screen())
            #expect(Tables.board(try bob.screen()) == board)
            #expect(Tables.board(try carol.screen()) == board)
            #expect(board != Tables.board(screen), "alice's choice changed nothing")

            // Bob's host dies: his seat is held, as a dropped link's is (the lease runs out).
            _ = try bobHost.stop(signal: SIGKILL)
            try alice.waitFor("waiting for bob", timeout: 20)

            // The same key comes back through the balancer (a connection to the dead host fails
            // at once; the next goes to a live one) and finds its seat and the board.
            var again: SSHPane?
            for attempt in 0..<4 where again == nil {
                let pane = try Self.pane(balancer, servers[0], key: bobKey, user: "bob", from: "127.0.0.\(5 + attempt)", remote: ["join", code])
                if (try? pane.waitFor("alice 0", timeout: 15)) != nil { again = pane } else { pane.close() }
            }
            let resumed = try #require(again, "bob could not come back through the balancer")
            defer { resumed.close() }
            try resumed.waitForStillScreen(quiet: 0.3)
            #expect(Tables.board(try resumed.screen()) == board, "the same board, caught up")
            try alice.waitFor("alice's turn")

            // The table's host dies: the watcher on another host is told the table ended, and
            // its game ends (not a hang).
            _ = try tableHost.stop(signal: SIGKILL)
            try carol.waitFor("the table's host stopped answering", timeout: 20)
            try carolHost.waitForLog("a table's host is gone")
            #expect(try carol.waitForExit(timeout: 20) >= 0)
            #expect(carolHost.log.contains("seated"), "\(carolHost.log)")
        }

        /// The host id a server logged when it reached the database.
        static func hostID(of server: ServerUnderTest) throws -> String {
            let line = try #require(server.log.split(separator: "\n").first { $0.contains("tables reach other hosts") })
            let range = try #require(line.range(of: #"host=[0-9a-f]{16}"#, options: .regularExpression))
            return String(line[range].dropFirst(5))
        }

        @Test("forged and garbled messages in the database change nothing at a table across hosts")
        func forgedMessagesAreDropped() async throws {
            let url = try DailyLeaderboard.freshPostgresDatabase("t_\(getpid())_\(UInt32.random(in: 0...UInt32.max))")
            let servers = try (0..<2).map { _ in
                try ServerUnderTest(["--database", url, "--public-name", "example.org"], ports: Self.ports)
            }
            defer { servers.forEach { $0.close() } }
            for server in servers { try server.waitForLog("tables reach other hosts through the database") }
            let (tableHost, seatHost) = (try Self.hostID(of: servers[0]), try Self.hostID(of: servers[1]))
            let alice = try SSHPane(server: servers[0], key: try PlayerKey(in: servers[0].directory, name: "alice"), user: "alice", remote: ["new"])
            defer { alice.close() }
            let screen = try alice.waitFor("join ")
            let code = try #require(screen.split(separator: "\n").first { $0.contains(" join ") }?.split(separator: " ").last.map(String.init))
            let bob = try SSHPane(server: servers[1], key: try PlayerKey(in: servers[1].directory, name: "bob"), user: "bob", remote: ["join", code])
            defer { bob.close() }
            for pane in [alice, bob] {
                try pane.waitFor("alice's turn")
                try pane.waitForStillScreen()
            }
            // Bob's turn (alice chooses until her pair misses), so an intent forged for his seat
            // would be played if it were believed.
            for _ in 0..<10 where !(try alice.screen()).contains("bob's turn") {
                try alice.sendKeys("Enter")
                try alice.waitForStillScreen(quiet: 0.3)
                try alice.sendKeys("Right")
                try bob.sendKeys("Right")
                try alice.waitForStillScreen(quiet: 0.3)
            }
            try bob.waitFor("bob's turn")
            for pane in [alice, bob] { try pane.waitForStillScreen() }
            let board = Tables.board(try alice.screen())

            // A host of the fleet (a live lease) that is neither: every intent it forges, as
            // either member, and every stop it sends the seat's host, is dropped; so is garbage.
            let forger = try await PostgresFleet(url: try PostgresURL(url))
            for card in 0..<16 {
                let intent = try #require(TableMessage.intent(.choose(cardID: card)).frame.bytes)
                for member in 0..<2 {
                    let forged = FleetEnvelope(from: forger.hostID, message: .frames(code: code, member: member, bytes: intent))
                    try await forger.notify(host: tableHost, payload: forged.text)
                }
            }
            let stop = FleetEnvelope(from: forger.hostID, message: .stop(code: code, member: 1, reason: "forged"))
            try await forger.notify(host: seatHost, payload: stop.text)
            for garbage in ["hello", "f1 \(tableHost) frames \(code) 1 ////", String(repeating: "\u{1b}[2J", count: 900)] {
                try await forger.notify(host: tableHost, payload: garbage)
            }
            try servers[0].waitForLog("a garbled message from the database was dropped")
            try await Task.sleep(for: .seconds(1))
            for pane in [alice, bob] { try pane.waitForStillScreen() }
            #expect(Tables.board(try alice.screen()) == board, "a forged intent was played")
            #expect(Tables.board(try bob.screen()) == board)
            #expect(!(try bob.screen()).contains("forged"))
            #expect(bob.exitCode() == nil, "a forged stop ended bob's game")
            // The seats still play: bob's choose reaches alice.
            try bob.sendKeys("Enter")
            try eventually("bob's choose on alice's screen") { Tables.board(try alice.screen()) != board }
            await forger.close()
        }

        @Test("the table's host stopped with SIGTERM: a seat on another host hears why, its game ends, and the lease goes at once")
        func orderlyStopEndsTheTableElsewhere() throws {
            let servers = try Self.hosts(2, behindABalancer: false)
            defer { servers.forEach { $0.close() } }
            let alice = try SSHPane(server: servers[0], key: try PlayerKey(in: servers[0].directory, name: "alice"), user: "alice", remote: ["new"])
            defer { alice.close() }
            let screen = try alice.waitFor("join ")
            let code = try #require(screen.split(separator: "\n").first { $0.contains(" join ") }?.split(separator: " ").last.map(String.init))
            let bob = try SSHPane(server: servers[1], key: try PlayerKey(in: servers[1].directory, name: "bob"), user: "bob", remote: ["join", code])
            defer { bob.close() }
            try bob.waitFor("alice's turn")
            #expect(try servers[0].stop() == 0)
            // Why, on bob's screen, or (a loaded machine can end the game before the pane is read)
            // in the line the game leaves in his terminal as it ends.
            try eventually("why the table ended, on bob's screen or in his terminal", timeout: 10) {
                (try bob.screen()).contains("the server is shutting down") || bob.stderrText.contains("the server is shutting down")
            }
            #expect(try bob.waitForExit(timeout: 10) >= 0)
            // Not the lease's doing (3 s and a quarter): the stop said so itself.
            let last = try bob.screen()
            #expect(!servers[1].log.contains("a table's host is gone") && !last.contains("stopped answering"), "\(last)")
            let again = try runSSH(server: servers[1], key: try PlayerKey(in: servers[1].directory, name: "carol"), user: "carol",
                                   options: ["-tt"], remote: ["join", code])
            #expect(again.status == 2 && again.stderrText.contains("no table has the code"), "\(again.stderrText)")
        }

        @Test("--host-lease takes 1s to 10m; anything else is refused with one line, exit 2, before listening")
        func hostLeaseBounds() throws {
            let directory = NSTemporaryDirectory() + "fleet-lease-\(getpid())-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for value in ["999ms", "11m", "0", "soon"] {
                let result = try ProcessRunner.run(try ServerUnderTest.binary(),
                                                   ["--listen", "127.0.0.1:0", "--state-dir", directory + "/state", "--host-lease", value])
                #expect(result.status == 2, "\(value): \(result.stderrText)")
                #expect(result.stderrText.contains("--host-lease must be"), "\(value): \(result.stderrText)")
                #expect(!result.stderrText.contains("listening"))
            }
        }

        @Test("without a live host, join says the table ended; an unknown code is unknown on every host")
        func goneAndUnknownCodes() throws {
            let servers = try Self.hosts(2, behindABalancer: false)
            defer { servers.forEach { $0.close() } }
            let key = try PlayerKey(in: servers[0].directory, name: "dana")
            let opener = try SSHPane(server: servers[0], key: key, user: "dana", remote: ["new"])
            defer { opener.close() }
            let screen = try opener.waitFor("join ")
            let code = try #require(screen.split(separator: "\n").first { $0.contains(" join ") }?.split(separator: " ").last.map(String.init))
            let unknown = try runSSH(server: servers[1], key: key, user: "erin", options: ["-tt"], remote: ["join", "ABCDEFG"])
            #expect(unknown.status == 2 && unknown.stderrText.contains("no table has the code"), "\(unknown.stderrText)")
            _ = try servers[0].stop(signal: SIGKILL)
            try eventually("join of a dead host's table is refused with a line", timeout: 20) {
                let gone = try runSSH(server: servers[1], key: key, user: "erin", options: ["-tt"], remote: ["join", code])
                return gone.status == 2 && gone.stderrText.contains("has ended (its host stopped answering)")
            }
        }
    }
}
