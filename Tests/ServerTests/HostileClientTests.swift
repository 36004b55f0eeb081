import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Runs Clients/hostile_client.py (paramiko, or a raw socket) against `server`.
func hostileClient(_ server: ServerUnderTest, key: PlayerKey, _ testCase: String, _ argument: String = "",
                   timeout: Double = 120) throws -> ProcessOutput {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients/hostile_client.py").path
    return try ProcessRunner.run("/usr/bin/env", ["python3", script, "\(server.port)", key.path, testCase] + (argument.isEmpty ? [] : [argument]),
                                 environment: ProcessRunner.baseEnvironment, timeout: timeout)
}

extension ServerTests {
    /// Each hostile client is refused or contained while a bystander keeps playing, and leaves
    /// no process behind.
    @Suite struct HostileClients {
        /// A server with one player (the bystander) in a game.
        struct Scene {
            let server: ServerUnderTest
            let key: PlayerKey
            let bystander: SSHPane

            init(_ arguments: [String] = []) throws {
                server = try ServerUnderTest(arguments)
                key = try PlayerKey(in: server.directory, name: "hostile")
                bystander = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: "bystander"), user: "bystander")
                try bystander.waitFor("Pairs left")
                try eventually("the bystander's game") { server.gameProcesses().count == 1 }
            }

            /// The bystander's game still answers, and only its game runs.
            func checkBystander() throws {
                try bystander.sendKeys("?")
                try bystander.waitFor("close an overlay")
                try bystander.sendKeys("Escape")
                try eventually("only the bystander's game left (\(server.gameProcesses()))") { server.gameProcesses().count == 1 }
                let log = server.log
                #expect(!log.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "control characters reached the log")
            }

            func close() {
                bystander.close()
                server.close()
            }
        }

        @Test(arguments: [["sh"], ["--record", "/etc/passwd"], ["--script", "/etc/shadow"], ["/bin/sh", "-c", "id"]])
        func execOfAnythingButTheGameIsRefused(remote: [String]) throws {
            let scene = try Scene()
            defer { scene.close() }
            let pane = try SSHPane(server: scene.server, key: scene.key, remote: remote)
            defer { pane.close() }
            #expect(try pane.waitForExit() == 2)
            let lines = pane.stderrText.split(separator: "\n")
            #expect(lines.count == 1, "\(lines)")
            #expect(pane.stderrText.contains("not offered over SSH"))
            #expect(pane.terminalRestored())
            #expect(scene.server.log.contains("refused"))
            try scene.checkBystander()
        }

        @Test func noPtyGetsOneLineAndExitStatus2() throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try runSSH(server: scene.server, key: scene.key, options: ["-T"])
            #expect(result.status == 2)
            #expect(result.stderrText.split(separator: "\n").count == 1, "\(result.stderrText)")
            #expect(result.stderrText.contains("ssh -t"))
            try scene.checkBystander()
        }

        @Test(arguments: ["sftp", "forward-L", "forward-R", "x11"])
        func channelAndGlobalRequestsAreRefused(kind: String) throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, kind)
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.hasPrefix("REFUSED"))
            if kind != "x11" { try scene.server.waitForLog("refused") }
            try scene.checkBystander()
        }

        @Test func openSSHForwardsAndSubsystemAreRefused() throws {
            let scene = try Scene()
            defer { scene.close() }
            let sftp = try runSSH(server: scene.server, key: scene.key, options: ["-s"], remote: ["sftp"])
            #expect(sftp.status != 0)
            try scene.server.waitForLog("request=subsystem")
            let remote = try runSSH(server: scene.server, key: scene.key,
                                    options: ["-N", "-o", "ExitOnForwardFailure=yes", "-R", "127.0.0.1:22450:127.0.0.1:22451"])
            #expect(remote.status == 255)
            try scene.server.waitForLog("tcpip-forward")
            try scene.checkBystander()
        }

        @Test func environmentRequestsNeverReachTheGame() throws {
            let scene = try Scene()
            defer { scene.close() }
            let pane = try SSHPane(server: scene.server, key: scene.key,
                                   options: ["-o", "SetEnv=LD_PRELOAD=/tmp/evil.so", "-o", "SendEnv=LANG"])
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            try scene.server.waitForLog("request=env")
            let games = scene.server.gameProcesses()
            #expect(games.count == 2)
            for pid in games {
                let environment = ServerUnderTest.environment(of: pid)
                #expect(environment["LD_PRELOAD"] == nil)
                #expect(environment["LANG"] == "C.UTF-8")
                #expect(Set(environment.keys) == ["TERM", "LANG", "PATH", "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"])
            }
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0)
            try scene.checkBystander()
        }

        @Test(arguments: ["long", "xterm\\x1b[2J\\x1b]0;owned\\x07", "../../../../etc/passwd"])
        func hostileTermFallsBackToAKnownOne(term: String) throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, "term", term)
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.contains("EXIT 0"))
            try scene.server.waitForLog("requested_term=")
            #expect(scene.server.log.components(separatedBy: " term=xterm-256color").count >= 3)
            #expect(scene.server.log.utf8.count < 200_000)
            try scene.checkBystander()
        }

        @Test func hostileUserNameIsNeutralisedInLogsAndSeats() throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, "user")
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.contains("EXIT 0"))
            #expect(!scene.server.log.contains("\nforged log line"))
            try scene.checkBystander()
        }

        @Test(arguments: ["garbage", "half"])
        func garbageAndHalfHandshakesAreClosed(kind: String) throws {
            let scene = try Scene(["--handshake-timeout", "2s"])
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, kind)
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.hasPrefix("CLOSED"))
            try scene.checkBystander()
        }

        @Test func aThousandWindowChangesASecond() throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, "winch")
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            let sent = result.stdoutText.split(separator: "\n").first { $0.hasPrefix("SENT") }.flatMap { Int($0.dropFirst(5)) } ?? 0
            #expect(sent >= 1000, "only \(sent) window changes in a second")
            #expect(result.stdoutText.contains("EXIT 0"))
            try scene.checkBystander()
        }

        @Test func a64KilobytePaste() throws {
            let scene = try Scene()
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, "paste", timeout: 180)
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            #expect(result.stdoutText.contains("EXIT 0"))
            try scene.checkBystander()
        }
    }
}
