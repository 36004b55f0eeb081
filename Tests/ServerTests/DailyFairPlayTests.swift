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

/// Fair play on the daily (issue 35): one run per key per day, counted when it starts; today's
/// runs shown only to keys whose own run has ended; guests told they are not ranked. Real ssh
/// clients against the server, ports 22600-22649 as the other daily tests.
extension ServerTests.DailyLeaderboard {
    /// The row of `name` in today's `scores`, or "".
    static func scoresRow(_ name: String, server: ServerUnderTest, key: PlayerKey) throws -> String {
        let board = try runSSH(server: server, key: key, remote: ["scores"])
        return board.stdoutText.split(separator: "\n").first { $0.contains(" \(name) ") }.map(String.init) ?? ""
    }

    @Test("daily: a run counts when it starts; left by q or a dropped link it is DNF, and a second daily is refused")
    func leftRunIsUnfinishedAndCounts() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let dan = try PlayerKey(in: server.directory, name: "dan")
        let pane = try SSHPane(server: server, key: dan, user: "dan", remote: ["daily"])
        defer { pane.close() }
        _ = try pane.waitFor("Score: 0")
        // Recorded before the first card is dealt: `scores` already knows the run.
        let playing = try Self.scoresRow("dan", server: server, key: dan)
        #expect(playing.contains("playing") && playing.hasPrefix("   -"), "\(playing)")
        // Every card turned, then left: the scouting the issue describes.
        try pane.sendKeys("d")
        _ = try pane.waitForStillScreen()
        try pane.sendKeys("q")
        #expect(try pane.waitForExit() == 0)
        try eventually("dan's run shown as DNF") { (try? Self.scoresRow("dan", server: server, key: dan))?.contains("DNF") == true }
        let again = try runSSH(server: server, key: dan, user: "dan", options: ["-tt"], remote: ["daily"])
        #expect(again.status == 2, "\(again.stderrText)")
        #expect(again.stderrText.contains("you have already played today's daily"), "\(again.stderrText)")
        #expect(again.stderrText.split(separator: "\n").count == 1, "\(again.stderrText)")
        #expect(!again.stdoutText.contains("Score:"), "no card shown: \(again.stdoutText)")

        // A dropped link ends the run just the same.
        let dot = try PlayerKey(in: server.directory, name: "dot")
        let dropped = try SSHPane(server: server, key: dot, user: "dot", remote: ["daily"])
        _ = try dropped.waitFor("Score: 0")
        dropped.close()
        try eventually("dot's run shown as DNF") { (try? Self.scoresRow("dot", server: server, key: dot))?.contains("DNF") == true }
        let dotAgain = try runSSH(server: server, key: dot, user: "dot", options: ["-tt"], remote: ["daily"])
        #expect(dotAgain.status == 2 && dotAgain.stderrText.contains("already played"), "\(dotAgain.stderrText)")
        // Unfinished runs are listed after the ranked ones, never with a rank.
        let board = try runSSH(server: server, key: dot, remote: ["scores"])
        #expect(board.stdoutText.hasPrefix("Daily \(Self.today): 0 ranked runs"), "\(board.stdoutText)")
    }

    @Test("daily: a guest's first screen says the run does not count")
    func guestIsToldItIsUnranked() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let guest = try SSHPane(server: server, key: nil, user: "guest", remote: ["daily"])
        defer { guest.close() }
        let screen = try guest.waitFor("Score: 0")
        #expect(screen.contains("Not ranked: a guest's run"), "\(screen)")
        try guest.sendKeys("q")
        #expect(try guest.waitForExit() == 0)
        // A key's first screen says nothing of the kind.
        let key = try PlayerKey(in: server.directory, name: "kay")
        let ranked = try SSHPane(server: server, key: key, user: "kay", remote: ["daily"])
        defer { ranked.close() }
        #expect(!(try ranked.waitFor("Score: 0")).contains("Not ranked"))
        try ranked.sendKeys("q")
        _ = try ranked.waitForExit()
    }

    @Test("replay: today's runs only to a key whose own run has ended; past days to all; the inspector stays shut")
    func replayOfTodayIsGated() async throws {
        let yesterday = DailyDate(daysSinceEpoch: Self.today.daysSinceEpoch - 1)!
        let state = try await Self.stateWithRuns([Self.run("aaaaaaaaaaaaaaaaaaaa", name: "alice", score: 9),
                                            Self.run("cccccccccccccccccccc", name: "carol", score: 4, on: yesterday)])
        let server = try ServerUnderTest(stateDirectory: state, ports: Self.ports)
        defer { server.close(); try? FileManager.default.removeItem(atPath: state) }
        // A guest, and a key that has not played today: refused, one line, before anything is drawn.
        let guest = try runSSH(server: server, key: nil, user: "guest", options: ["-tt"], remote: ["replay", "1"])
        #expect(guest.status == 2 && guest.stderrText.contains("today's runs can be watched once the day is over"), "\(guest.stderrText)")
        #expect(!guest.stdoutText.contains("Score:"))
        let bob = try PlayerKey(in: server.directory, name: "bob")
        let early = try runSSH(server: server, key: bob, user: "bob", options: ["-tt"], remote: ["replay", "1"])
        #expect(early.status == 2 && early.stderrText.contains("play today's daily first"), "\(early.stderrText)")
        // While bob's own run goes on: still refused.
        let run = try SSHPane(server: server, key: bob, user: "bob", remote: ["daily"])
        defer { run.close() }
        _ = try run.waitFor("Score: 0")
        let during = try runSSH(server: server, key: bob, user: "bob", options: ["-tt"], remote: ["replay", "1"])
        #expect(during.status == 2 && during.stderrText.contains("has not ended"), "\(during.stderrText)")
        try run.sendKeys("q")
        _ = try run.waitForExit()
        // Left: bob may watch today's rank 1, and the inspector (`i`) stays shut in the replay.
        try eventually("bob's run ended on the board") { (try? Self.scoresRow("bob", server: server, key: bob))?.contains("DNF") == true }
        let watch = try SSHPane(server: server, key: bob, user: "bob", remote: ["replay", "1"])
        defer { watch.close() }
        _ = try watch.waitFor("Score: 0")
        try watch.sendKeys("i")
        let screen = try watch.waitForStillScreen()
        #expect(!screen.contains("@State") && !screen.contains("inspector"), "\(screen)")
        try watch.sendKeys("q")
        #expect(try watch.waitForExit() == 0)
        // A past day is open to all, a guest too.
        let past = try SSHPane(server: server, key: nil, user: "guest", remote: ["replay", "1", "\(yesterday)"])
        defer { past.close() }
        _ = try past.waitFor("Score: 0")
        try past.sendKeys("i")
        #expect(!(try past.waitForStillScreen()).contains("@State"))
        try past.sendKeys("q")
        #expect(try past.waitForExit() == 0)
        let future = try runSSH(server: server, key: bob, options: ["-tt"], remote: ["replay", "1", "2999-01-01"])
        #expect(future.status == 2 && future.stderrText.contains("is in the future"), "\(future.stderrText)")
    }
}

extension ServerTests.DailyLeaderboard {
    @Test("daily: a run won while the board is unavailable says on its win card that it was not ranked, and why; so does the log")
    func unrankedWinSaysSo() throws {
        let server = try ServerUnderTest(ports: Self.ports)
        defer { server.close() }
        let una = try PlayerKey(in: server.directory, name: "una")
        let pane = try SSHPane(server: server, key: una, user: "una", remote: ["daily"])
        defer { pane.close() }
        _ = try pane.waitFor("Score: 0")
        // The run's start is on the board; now another process holds the database's write lock
        // (longer than the board's busy timeout) until the test ends.
        let script = server.directory + "/lock.py"
        try """
            import sqlite3, sys, time
            connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
            connection.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(120)
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let command = TestPython.command
        let lock = try BackgroundProcess(command[0], Array(command.dropFirst()) + [script, server.stateDirectory + "/leaderboard.sqlite"],
                                         environment: TestPython.environment(), outputBase: server.directory + "/lock")
        defer { lock.close() }
        try eventually("the database locked (\(lock.stderrText))") { lock.stdoutText.contains("locked") }
        _ = try Self.winDaily(pane, server: server)
        let card = try pane.waitFor("Not ranked:")
        #expect(card.contains("Not ranked: the leaderboard is unavailable right now."), "\(card)")
        try server.waitForLog("daily run not ranked")
        #expect(server.log.contains("the board is unavailable"), "\(server.log)")
        try pane.sendKeys("q")
        #expect(try pane.waitForExit() == 0)
    }

    @Test("the verdict frame: ranked, or unranked with one showable line; anything else is not one")
    func verdictFrame() throws {
        for message in [TableMessage.reportVerdict(unrankedBecause: nil), .reportVerdict(unrankedBecause: "the leaderboard is unavailable right now")] {
            #expect(TableMessage(frame: message.frame) == message)
        }
        for text in ["", "unranked ", "unranked \u{1b}[2J", "ranked!", "unranked " + String(repeating: "x", count: 300)] {
            #expect(TableMessage(frame: TableFrame(kind: .reportVerdict, text: text)) == nil, "\(text)")
        }
    }
}

extension ServerTests.DailyLeaderboard {
    @Test("daily: a run ended by its game crashing, or by the server stopping (SIGTERM), is DNF and still counts")
    func crashAndShutdownEndTheRun() throws {
        let first = try ServerUnderTest(ports: Self.ports)
        defer { first.close() }
        // The game killed outright: the session sees its pty close and ends the run.
        let ivy = try PlayerKey(in: first.directory, name: "ivy")
        let crashed = try SSHPane(server: first, key: ivy, user: "ivy", remote: ["daily"])
        defer { crashed.close() }
        _ = try crashed.waitFor("Score: 0")
        for pid in first.gameProcesses() { kill(pid, SIGKILL) }
        _ = try crashed.waitForExit()
        try eventually("ivy's run DNF") { (try? Self.scoresRow("ivy", server: first, key: ivy))?.contains("DNF") == true }
        // The server stopped mid-run: its end is written before the server exits.
        let jo = try PlayerKey(in: first.directory, name: "jo")
        let stopped = try SSHPane(server: first, key: jo, user: "jo", remote: ["daily"])
        defer { stopped.close() }
        _ = try stopped.waitFor("Score: 0")
        first.process.signal(SIGTERM)
        #expect(try first.process.waitForExit(timeout: 20) == 0)
        let second = try ServerUnderTest(stateDirectory: first.stateDirectory, ports: Self.ports)
        defer { second.close() }
        let row = try Self.scoresRow("jo", server: second, key: jo)
        #expect(row.contains("DNF"), "\(row)")
        for (key, name) in [(ivy, "ivy"), (jo, "jo")] {
            let again = try runSSH(server: second, key: key, user: name, options: ["-tt"], remote: ["daily"])
            #expect(again.status == 2 && again.stderrText.contains("already played"), "\(name): \(again.stderrText)")
        }
    }
}
