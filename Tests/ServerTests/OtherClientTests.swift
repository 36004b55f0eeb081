import Foundation
import MemorizeTestSupport
import Testing

/// Clients besides OpenSSH, as guests ("none" authentication): dropbear's dbclient (Debian's
/// dropbear-bin), PuTTY's plink (putty-tools) and paramiko, each reading `scores` and playing a
/// game in a pty over the cipher it is made to use. The game gets no flags: both clients read a
/// `--flag` after the host as one of their own.
extension ServerTests {
    @Suite struct OtherClients {
        /// Under CI a missing client fails the test instead of skipping it (.ci/run).
        static let underCI = ProcessInfo.processInfo.environment["CI"] != nil

        static func program(_ name: String) -> String? {
            ["/usr/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        }

        /// A home of its own (the clients write their settings and random seeds there).
        static func home(in server: ServerUnderTest, _ name: String) throws -> [String: String] {
            let home = server.directory + "/home-" + name
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            var environment = ProcessRunner.baseEnvironment
            environment["HOME"] = home
            return environment
        }

        @Test("dbclient (dropbear 2022.83): aes128-ctr and aes256-ctr with hmac-sha2-256",
              .enabled(if: program("dbclient") != nil || underCI, "dbclient is not installed: apt-get install dropbear-bin"),
              arguments: ["aes128-ctr", "aes256-ctr"])
        func dropbear(cipher: String) throws {
            let dbclient = try #require(Self.program("dbclient"), "apt-get install dropbear-bin")
            let server = try ServerUnderTest()
            defer { server.close() }
            let environment = try Self.home(in: server, "dropbear")
            // -y -y: no host key checking (a throwaway key); -c/-m: this cipher and MAC only.
            let common = ["-y", "-y", "-p", "\(server.port)", "-c", cipher, "-m", "hmac-sha2-256"]
            let board = try ProcessRunner.run(dbclient, common + ["guest@127.0.0.1", "scores"], environment: environment, timeout: 60)
            #expect(board.status == 0 && board.stdoutText.hasPrefix("Daily "), "\(board.status) \(board.stderrText.suffix(600))")
            let pane = try SSHPane(server: server, key: nil, environment: ["HOME": environment["HOME"]!],
                                   client: [dbclient, "-t"] + common + ["guest@127.0.0.1"])
            defer { pane.close() }
            try Ciphers.playDealAndQuit(pane)
            try server.waitForNoGames()
        }

        @Test("plink (PuTTY 0.78) with AES (its default, which is SDCTR here) and with AES-GCM only",
              .enabled(if: program("plink") != nil || underCI, "plink is not installed: apt-get install putty-tools"),
              arguments: [("aes", "AES-256 SDCTR"), ("aesgcm", "GCM")])
        func plink(cipherSetting: String, initialised: String) throws {
            let plink = try #require(Self.program("plink"), "apt-get install putty-tools")
            let server = try ServerUnderTest()
            defer { server.close() }
            let environment = try Self.home(in: server, "putty")
            let hostKey = try #require(server.log.firstMatch(of: /host_key=(SHA256:[A-Za-z0-9+\/]+)/)?.1, "\(server.log)")
            // A saved session whose cipher list has this one above the warning line (plink has no
            // flag for it); `aes` offers aes256-ctr first, and the server has no CBC.
            let sessions = environment["HOME"]! + "/.putty/sessions"
            try FileManager.default.createDirectory(atPath: sessions, withIntermediateDirectories: true)
            try "Cipher=\(cipherSetting),WARN\n".write(toFile: sessions + "/only", atomically: true, encoding: .utf8)
            let session = ["-load", "only"]
            let common = session + ["-batch", "-v", "-P", "\(server.port)", "-hostkey", String(hostKey), "-l", "guest", "127.0.0.1"]
            let board = try ProcessRunner.run(plink, common + ["scores"], environment: environment, timeout: 60)
            #expect(board.status == 0 && board.stdoutText.hasPrefix("Daily "), "\(board.status) \(board.stderrText.suffix(900))")
            #expect(board.stderrText.contains(initialised),
                    "plink's event log names \(initialised):\n\(board.stderrText.suffix(900))")
            let pane = try SSHPane(server: server, key: nil, environment: ["HOME": environment["HOME"]!],
                                   client: [plink, "-t"] + common)
            defer { pane.close() }
            try Ciphers.playDealAndQuit(pane)
            try server.waitForNoGames()
        }

        @Test("paramiko: each CTR cipher with each MAC",
              arguments: [("aes128-ctr", "hmac-sha2-256"), ("aes256-ctr", "hmac-sha2-256"),
                          ("aes128-ctr", "hmac-sha2-256-etm@openssh.com"), ("aes256-ctr", "hmac-sha2-256-etm@openssh.com")])
        func paramiko(cipher: String, mac: String) throws {
            let probe = try TestPython.run(["-c", "import paramiko"], timeout: 60)
            try #require(probe.status == 0, "paramiko does not import: \(TestPython.howToInstall)\n\(probe.stderrText)")
            let server = try ServerUnderTest()
            defer { server.close() }
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Clients/cipher_client.py").path
            let run = try TestPython.run([script, "\(server.port)", cipher, mac], timeout: 120)
            #expect(run.status == 0 && run.stdoutText.contains("OK"), "\(run.stdoutText)\(run.stderrText.suffix(900))")
            #expect(run.stdoutText.contains("negotiated \(cipher) \(cipher) \(mac) \(mac)"), "\(run.stdoutText)")
            try server.waitForNoGames()
        }
    }
}
