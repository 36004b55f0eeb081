import Foundation
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Empty when `import paramiko` works, else why not.
private let paramikoImports: String = {
    guard let probe = try? TestPython.run(["-c", "import paramiko"], timeout: 60) else { return "python3 could not be run" }
    return probe.status == 0 ? "" : probe.stderrText
}()

/// Runs Clients/hostile_client.py (paramiko, or a raw socket) against `server`.
func hostileClient(_ server: ServerUnderTest, key: PlayerKey, _ testCase: String, _ argument: String = "",
                   timeout: Double = 120) throws -> ProcessOutput {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients/hostile_client.py").path
    // paramiko from .build/python (scripts/test.sh installs it there); its absence said once, plainly.
    try #require(paramikoImports.isEmpty, "paramiko does not import: \(TestPython.howToInstall)\n\(paramikoImports)")
    return try TestPython.run([script, "\(server.port)", key.path, testCase] + (argument.isEmpty ? [] : [argument]),
                              timeout: timeout)
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

            // -L: ssh listens locally; a connection there asks the server for a direct-tcpip
            // channel, which is refused, so ssh closes it.
            let localPort = scene.server.port == ServerUnderTest.portRange.upperBound ? ServerUnderTest.portRange.lowerBound : scene.server.port + 1
            let forward = try BackgroundProcess("/usr/bin/ssh", sshOptions(server: scene.server, key: scene.key)
                + ["-N", "-L", "127.0.0.1:\(localPort):127.0.0.1:22", "player@127.0.0.1"],
                environment: ProcessRunner.baseEnvironment, outputBase: scene.server.directory + "/forward")
            defer { forward.close() }
            try eventually("a connection through ssh -L to be refused", timeout: 30) {
                guard Self.connectAndRead(port: localPort) else { return false }
                return scene.server.log.contains("direct-tcpip (ssh -L)")
            }
            try scene.checkBystander()
        }

        /// Connects to 127.0.0.1:`port` and reads until the peer closes; false if nothing listens.
        static func connectAndRead(port: Int) -> Bool {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 256)
            return read(fd, &buffer, buffer.count) <= 0
        }

        @Test func environmentRequestsNeverReachTheGame() throws {
            let scene = try Scene()
            defer { scene.close() }
            // SendEnv passes the client's own LD_PRELOAD (a missing file: ssh itself only warns).
            let pane = try SSHPane(server: scene.server, key: scene.key, environment: ["LD_PRELOAD": "/nonexistent/evil.so"],
                                   options: ["-o", "SendEnv=LD_PRELOAD", "-o", "SetEnv=LD_LIBRARY_PATH=/tmp", "-o", "SendEnv=LANG"])
            defer { pane.close() }
            try pane.waitFor("Pairs left")
            try scene.server.waitForLog("request=env")
            let games = scene.server.gameProcesses()
            #expect(games.count == 2)
            for pid in games {
                let environment = ServerUnderTest.environment(of: pid)
                #expect(environment["LD_PRELOAD"] == nil)
                #expect(environment["LD_LIBRARY_PATH"] == nil)
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

        /// A key exchange the client starts and never finishes holds the game's frames
        /// (KeyExchangeHold); --handshake-timeout bounds how long.
        @Test func aKeyExchangeNeverFinishedIsClosedAtTheHandshakeTimeout() throws {
            let scene = try Scene(["--handshake-timeout", "2s"])
            defer { scene.close() }
            let result = try hostileClient(scene.server, key: scene.key, "stalled-rekey")
            #expect(result.status == 0, "\(result.stdoutText) \(result.stderrText)")
            let seconds = result.stdoutText.split(separator: " ").dropFirst(2).first.flatMap { Double($0) } ?? 99
            #expect(result.stdoutText.hasPrefix("CLOSED") && seconds >= 1.5 && seconds < 10, "\(result.stdoutText)")
            try scene.server.waitForLog("its key exchange did not end within 2s")
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
