import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// OpenSSH's ssh in tmux plays through the server: the real client, the real game.
    @Suite struct Play {
        @Test func dealChooseResizeAndQuit() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "alice")
            let pane = try SSHPane(server: server, key: key, user: "alice", remote: ["--theme", "Halloween", "--seed", "42"])
            defer { pane.close() }

            try pane.waitFor("Halloween")
            try pane.waitFor("Pairs left: 8")
            #expect(try pane.row(of: "[Restart]") == 23)
            try pane.sendKeys("d")
            // Dealt: the deck is empty and the focused card wears its rounded border.
            try pane.waitFor("╭")
            try pane.waitForStillScreen()
            let before = try pane.screen()
            try pane.sendKeys("Enter")
            try eventually("a card to turn face up") { try pane.screen() != before }

            // The remote grid re-fits to the new window: the bottom row moves to the new last line.
            try pane.resize(columns: 120, rows: 40)
            try eventually("the game to re-fit to 120x40") { try pane.row(of: "[Restart]") == 39 }
            try pane.resize(columns: 90, rows: 30)
            try eventually("the game to re-fit to 90x30") { try pane.row(of: "[Restart]") == 29 }

            // Ctrl-Z: no shell to return to over SSH; the game keeps running and answering.
            try pane.sendKeys("C-z")
            try pane.sendKeys("?")
            try pane.waitFor("close an overlay")
            try pane.sendKeys("Escape")
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
            #expect(pane.terminalRestored(), "stty modes differ after ssh")
            try eventually("the pane to leave the alternate screen") { try pane.paneModesRestored() }
            try server.waitForNoGames()

            try server.waitForLog("game ended")
            let log = server.log
            #expect(log.contains("method=publickey"))
            #expect(log.contains(key.fingerprint))
            #expect(log.contains("size=80x24"))
            #expect(log.contains("term=xterm-256color"))
            #expect(log.contains("status=0"))
        }

        @Test func hostKeyIsMadeOnceAndKeptAcrossRestarts() throws {
            let first = try ServerUnderTest()
            defer { first.close() }
            let key = try PlayerKey(in: first.directory, name: "bob")
            let printed = first.hostKeyLine
            #expect(printed.contains("SHA256:"))
            let keyFile = first.stateDirectory + "/host_ed25519_key"
            var info = stat()
            #expect(stat(keyFile, &info) == 0)
            #expect(info.st_mode & 0o777 == 0o600)
            #expect(info.st_size == 32)
            // ssh records the key in known_hosts on first contact...
            let refused = try runSSH(server: first, key: key)
            #expect(refused.status == 2)
            #expect(first.log.contains("no pty"))
            #expect(try first.stop() == 0)

            // ... and a restarted server on the same state directory still matches it.
            let second = try ServerUnderTest(stateDirectory: first.stateDirectory)
            defer { second.close() }
            #expect(second.hostKeyLine == printed)
            // Its known_hosts entry, moved to the new port, must still match under a strict check.
            let known = try String(contentsOfFile: first.directory + "/known_hosts", encoding: .utf8)
            let keyField = try #require(known.split(separator: "\n").first?.split(separator: " ").dropFirst().joined(separator: " "))
            try "[127.0.0.1]:\(second.port) \(keyField)\n".write(toFile: second.directory + "/known_hosts", atomically: true, encoding: .utf8)
            let again = try ProcessRunner.run("/usr/bin/ssh",
                sshOptions(server: second, key: key) + ["-o", "StrictHostKeyChecking=yes", "player@127.0.0.1"],
                environment: ProcessRunner.baseEnvironment, timeout: 60)
            #expect(again.status == 2, "host key check failed: \(again.stderrText)")
            #expect(again.stderrText.contains("ssh -t"))
        }
    }
}
