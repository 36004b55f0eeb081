import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Every limit flag, with small values: the one refused or stopped is told in one line, the
    /// others keep playing.
    @Suite struct Limits {
        /// A player already in a game, and a second client refused with `message`.
        func secondIsRefused(_ arguments: [String], message: String) throws {
            let server = try ServerUnderTest(arguments)
            defer { server.close() }
            let first = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "first"))
            defer { first.close() }
            try first.waitFor("Pairs left")
            let second = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "second"))
            defer { second.close() }
            #expect(try second.waitForExit() == 2)
            #expect(second.stderrText.contains(message), "\(second.stderrText)")
            #expect(second.stderrText.split(separator: "\n").count == 1)
            #expect(second.terminalRestored())
            // The first plays on; once it leaves, there is room again.
            try first.sendKeys("?")
            try first.waitFor("close an overlay")
            try first.sendKeys("Escape", "q")
            #expect(try first.waitForExit() == 0)
            try server.waitForNoGames()
            let third = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "third"))
            defer { third.close() }
            try third.waitFor("Pairs left")
            try third.sendKeys("q")
            #expect(try third.waitForExit() == 0)
        }

        @Test func maxSessions() throws {
            try secondIsRefused(["--max-sessions", "1"], message: "the server is full (1 games)")
        }

        @Test func maxSessionsPerAddress() throws {
            try secondIsRefused(["--max-sessions-per-address", "1"], message: "too many games from your address")
        }

        @Test func maxConnectionsPerMinute() throws {
            let server = try ServerUnderTest(["--max-connections-per-minute", "3"])
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "eager")
            for _ in 0..<3 {
                let result = try runSSH(server: server, key: key)
                #expect(result.stderrText.contains("ssh -t"))
            }
            let fourth = try runSSH(server: server, key: key)
            #expect(fourth.status == 2)
            #expect(fourth.stderrText.contains("too many connections from your address in the last minute"), "\(fourth.stderrText)")
        }

        @Test func handshakeTimeout() throws {
            let server = try ServerUnderTest(["--handshake-timeout", "2s"])
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "slow")
            let result = try hostileClient(server, key: key, "half")
            #expect(result.status == 0, "\(result.stdoutText)")
            let seconds = Double(result.stdoutText.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
            #expect(seconds >= 1.5 && seconds < 15, "closed after \(seconds) s")
            try server.waitForLog("no authentication within 2s")
        }

        @Test func idleTimeoutEndsTheGamePolitely() throws {
            let server = try ServerUnderTest(["--idle-timeout", "3s"])
            defer { server.close() }
            let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "idle"))
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            let status = try pane.waitForExit(timeout: 60)
            #expect(status != 255)
            #expect(pane.stderrText.contains("no input for 3s"), "\(pane.stderrText)")
            #expect(pane.terminalRestored())
            try eventually("the pane to leave the alternate screen") { try pane.paneModesRestored() }
            try server.waitForNoGames()
        }

        @Test func maxSessionLength() throws {
            let server = try ServerUnderTest(["--max-session-length", "4s"])
            defer { server.close() }
            let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "long"))
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            // Input does not extend it.
            for _ in 0..<4 {
                try pane.sendKeys("s")
                usleep(500_000)
            }
            _ = try pane.waitForExit(timeout: 60)
            #expect(pane.stderrText.contains("the longest a session may (4s)"), "\(pane.stderrText)")
            #expect(pane.terminalRestored())
            try server.waitForNoGames()
        }

        @Test func windowSizeIsClamped() throws {
            let server = try ServerUnderTest(["--max-window", "100x30"])
            defer { server.close() }
            let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "wide"), columns: 160, rows: 50)
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            try server.waitForLog("size=100x30")
            #expect(try pane.row(of: "[Restart]") == 29)
            try pane.resize(columns: 200, rows: 60)
            try pane.resize(columns: 90, rows: 25)
            try eventually("the game to re-fit to 90x25") { try pane.row(of: "[Restart]") == 24 }
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
        }

        @Test func gameResourceLimits() throws {
            let server = try ServerUnderTest(["--game-memory", "700", "--game-cpu", "77", "--game-open-files", "33"])
            defer { server.close() }
            let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "limited"))
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            let pid = try #require(server.gameProcesses().first)
            let limits = try String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8)
            func limit(_ name: String) -> String? {
                limits.split(separator: "\n").first { $0.hasPrefix(name) }
                    .map { $0.dropFirst(26).split(separator: " ").first.map(String.init) ?? "" }
            }
            #expect(limit("Max address space") == "\(700 * 1024 * 1024)")
            #expect(limit("Max cpu time") == "77")
            #expect(limit("Max open files") == "33")
            #expect(limit("Max core file size") == "0")
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
        }

        /// No pty for a game (here: the server out of descriptors, as when the system's ptys run
        /// out) refuses that player with one line; the server lives on.
        @Test func ptyExhaustionIsARefusal() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "unlucky")
            // RLIMIT_NOFILE bounds descriptor numbers: room for the connection's socket at the
            // lowest free number, none for the pty.
            let numbers = Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.pid)/fd").compactMap { Int($0) })
            let lowestFree = (0...).first { !numbers.contains($0) }!
            let squeezed = try ProcessRunner.run("/usr/bin/prlimit", ["--pid", "\(server.process.pid)", "--nofile=\(lowestFree + 1):"])
            #expect(squeezed.status == 0, "\(squeezed.stderrText)")
            let pane = try SSHPane(server: server, key: key)
            defer { pane.close() }
            let status = try? pane.waitForExit(timeout: 60)
            #expect(status == 2, "server log:\n\(server.log)")
            #expect(pane.stderrText.contains("no terminal is free for your game"), "\(pane.stderrText)")
            #expect(pane.terminalRestored())
            try server.waitForLog("pty/spawn failed")
            let restored = try ProcessRunner.run("/usr/bin/prlimit", ["--pid", "\(server.process.pid)", "--nofile=4096:"])
            #expect(restored.status == 0, "\(restored.stderrText)")
            let next = try SSHPane(server: server, key: key)
            defer { next.close() }
            try next.waitFor("Pairs left")
            try next.sendKeys("q")
            #expect(try next.waitForExit() == 0)
        }
    }
}
