import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// SIGTERM or SIGINT to the server mid-game: every player's terminal comes back, the server
    /// exits 0 and no game is left.
    @Suite struct Shutdown {
        @Test(arguments: [SIGTERM, SIGINT])
        func signalEndsEveryGameAndRestoresTerminals(signal: Int32) throws {
            let server = try ServerUnderTest(["--shutdown-grace", "5s"])
            defer { server.close() }
            let panes = try (0..<2).map { index in
                try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "p\(index)"), user: "p\(index)")
            }
            defer { panes.forEach { $0.close() } }
            for pane in panes { try pane.waitFor("Pairs left") }
            try panes[0].sendKeys("d")      // one of them mid-animation
            #expect(server.gameProcesses().count == 2)

            #expect(try server.stop(signal: signal) == 0)
            for pane in panes {
                let status = try pane.waitForExit()
                #expect(status != 255, "ssh lost its connection instead of getting the game's exit: \(pane.stderrText)")
                #expect(pane.terminalRestored())
                try eventually("the pane to leave the alternate screen") { try pane.paneModesRestored() }
            }
            try server.waitForNoGames()
            #expect(server.log.contains("stopped"))
        }

        @Test func aGameThatIgnoresSIGTERMIsKilledAfterTheGrace() throws {
            // A stand-in game that ignores SIGTERM and SIGHUP.
            let directory = NSTemporaryDirectory() + "srv-stubborn-\(getpid())"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/stubborn"
            try "#!/bin/sh\ntrap '' TERM HUP\necho 'Pairs left: stubborn'\nwhile :; do sleep 1; done\n"
                .write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            let server = try ServerUnderTest(["--game", path, "--shutdown-grace", "1s"])
            defer { server.close() }
            let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "s"))
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            let start = Date()
            #expect(try server.stop(signal: SIGTERM) == 0)
            #expect(Date().timeIntervalSince(start) < 15)
            _ = try pane.waitForExit()
            #expect(pane.terminalRestored())
            try server.waitForNoGames()
            #expect(server.log.contains("killing them"))
        }
    }
}
