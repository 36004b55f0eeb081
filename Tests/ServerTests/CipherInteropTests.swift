import Foundation
import MemorizeTestSupport
import Testing

/// Every cipher the server offers, with clients nobody here wrote: OpenSSH (each cipher and MAC
/// alone, so a success proves that pair was used), dropbear's dbclient, PuTTY's plink and paramiko.
/// Each reads `scores` without a pty and plays a game in one (deal, q, exit 0).
extension ServerTests {
    @Suite struct Ciphers {
        /// OpenSSH's `-o Ciphers=… -o MACs=…` for one pair; `-v` (after LogLevel=ERROR, which it
        /// overrides) prints what was negotiated.
        static func openSSH(_ cipher: String, _ mac: String?) -> [String] {
            ["-v", "-o", "Ciphers=\(cipher)"] + (mac.map { ["-o", "MACs=\($0)"] } ?? [])
        }

        static let pairs: [(String, String?)] = [
            ("aes256-ctr", "hmac-sha2-256-etm@openssh.com"), ("aes128-ctr", "hmac-sha2-256-etm@openssh.com"),
            ("aes256-ctr", "hmac-sha2-256"), ("aes128-ctr", "hmac-sha2-256"),
            ("aes256-gcm@openssh.com", nil), ("aes128-gcm@openssh.com", nil),
        ]

        /// Deal, wait for the animation to end, `q`: the game exits 0 through the client.
        static func playDealAndQuit(_ pane: SSHPane) throws {
            try pane.waitFor("Pairs left")
            try pane.sendKeys("d")
            try pane.waitFor("╭")
            try pane.waitForStillScreen()
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0, "\(pane.stderrText.suffix(600))")
        }

        @Test("OpenSSH with one cipher and one MAC: scores and a game", arguments: 0..<6)
        func openSSHEachPair(index: Int) throws {
            let (cipher, mac) = Self.pairs[index]
            let server = try ServerUnderTest()
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "alice")
            let board = try runSSH(server: server, key: key, options: Self.openSSH(cipher, mac), remote: ["scores"])
            #expect(board.status == 0 && board.stdoutText.hasPrefix("Daily "), "\(board.stderrText.suffix(600))")
            #expect(board.stderrText.contains("kex: server->client cipher: \(cipher) MAC: \(mac ?? "<implicit>")"),
                    "\(board.stderrText.suffix(900))")
            let pane = try SSHPane(server: server, key: key, user: "alice", options: Self.openSSH(cipher, mac), remote: ["--seed", "42"])
            defer { pane.close() }
            try Self.playDealAndQuit(pane)
            try server.waitForNoGames()
        }

        @Test("a rekey every 64 KiB or second of a long game (OpenSSH RekeyLimit) keeps it going, for AES-CTR and AES-GCM",
              arguments: ["aes128-ctr", "aes256-gcm@openssh.com"])
        func rekeyDuringAGame(cipher: String) throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "rekey")
            let mac: String? = cipher.hasSuffix("ctr") ? "hmac-sha2-256-etm@openssh.com" : nil
            let pane = try SSHPane(server: server, key: key, user: "rekey", columns: 160, rows: 50,
                                   options: Self.openSSH(cipher, mac) + ["-o", "RekeyLimit=64K 1s"], remote: ["--seed", "7"])
            defer { pane.close() }
            try pane.waitFor("Pairs left: 8")
            try pane.sendKeys("d")
            try pane.waitFor("╭")
            // Redraws (each a whole screen) and time: several key exchanges while the game runs.
            for round in 0..<8 {
                try pane.resize(columns: round % 2 == 0 ? 120 : 160, rows: round % 2 == 0 ? 40 : 50)
                try pane.waitForStillScreen(quiet: 0.4)
            }
            let exchanges = pane.stderrText.components(separatedBy: "SSH2_MSG_NEWKEYS received").count - 1
            #expect(exchanges >= 3, "key exchanges seen by ssh: \(exchanges)\n\(pane.stderrText.suffix(900))")
            let before = try pane.screen()
            try pane.sendKeys("Enter")
            try eventually("a card to turn after the rekeys") { try pane.screen() != before }
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0, "\(pane.stderrText.suffix(600))")
        }

        /// A key exchange refuses every channel message until it ends (RFC 4253 §7.1). With OpenSSH's
        /// smallest `RekeyLimit` (16 bytes) each key the player sends is followed by a new exchange,
        /// just as the game answers it: every focus move's frame, the exit status and the channel's
        /// close meet one, and none may be lost. The screen is compared, colours and all, with the
        /// same game played without a rekey.
        @Test("a key exchange after every key (RekeyLimit=16) loses no byte: the same screen as without, and q's exit status")
        func rekeyAfterEveryKey() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "rekey")
            func dealtScreen(options: [String]) throws -> (screen: String, pane: SSHPane) {
                let pane = try SSHPane(server: server, key: key, user: "rekey", options: ["-v"] + options, remote: ["--seed", "7"])
                try pane.waitFor("Pairs left: 8")
                try pane.sendKeys("d")
                try pane.waitFor("╭")
                try pane.waitForStillScreen(quiet: 1.0)
                for move in ["Right", "Right", "Down", "Right", "Down", "Left", "Left", "Up", "Right", "Down"] {
                    try pane.sendKeys(move)
                    try pane.waitForStillScreen(quiet: 0.5)
                }
                return (try pane.tmux(["capture-pane", "-p", "-e", "-t", "S"]), pane)
            }
            let plain = try dealtScreen(options: [])
            plain.pane.close()
            let (screen, pane) = try dealtScreen(options: ["-o", "RekeyLimit=16"])
            defer { pane.close() }
            let exchanges = pane.stderrText.components(separatedBy: "SSH2_MSG_NEWKEYS received").count - 1
            #expect(exchanges >= 10, "key exchanges seen by ssh: \(exchanges)\n\(pane.stderrText.suffix(900))")
            #expect(screen == plain.screen, "after the rekeys:\n\(screen)\nwithout:\n\(plain.screen)")
            try pane.sendKeys("q")
            #expect(try pane.waitForExit() == 0, "\(pane.stderrText.suffix(600))")
            try server.waitForNoGames()
        }

        @Test("--ciphers narrows the offer to the AEAD ones; a cipher the server lacks is refused at start")
        func ciphersFlag() throws {
            let server = try ServerUnderTest(["--ciphers", "aes256-gcm@openssh.com,aes128-gcm@openssh.com"])
            defer { server.close() }
            let key = try PlayerKey(in: server.directory, name: "narrow")
            let ctr = try runSSH(server: server, key: key, options: Self.openSSH("aes128-ctr", "hmac-sha2-256-etm@openssh.com"), remote: ["scores"])
            // The server closes on the failed negotiation; ssh says "no matching cipher" only when it
            // read the server's offer first, so the server's log is what is checked.
            #expect(ctr.status == 255, "\(ctr.stderrText.suffix(400))")
            try server.waitForLog("keyExchangeNegotiationFailure")
            let gcm = try runSSH(server: server, key: key, options: Self.openSSH("aes128-gcm@openssh.com", nil), remote: ["scores"])
            #expect(gcm.status == 0, "\(gcm.stderrText.suffix(400))")

            for list in ["chacha20-poly1305@openssh.com", "aes128-cbc", "", "aes128-ctr,\u{1b}[2J"] {
                let refused = try ProcessRunner.run(try ServerUnderTest.binary(), ["--listen", "127.0.0.1:1", "--ciphers", list],
                                                    environment: ProcessRunner.baseEnvironment, timeout: 30)
                #expect(refused.status == 2 && refused.stderrText.contains("--ciphers") && !refused.stderr.contains(0x1b),
                        "--ciphers \(list): \(refused.status) \(refused.stderrText)")
            }
        }

        @Test("chacha20-poly1305@openssh.com alone: refused at key exchange (docs/hosting.md, \"Algorithms\": why)")
        func chachaOnly() throws {
            let server = try ServerUnderTest()
            defer { server.close() }
            let refused = try runSSH(server: server, key: nil, user: "guest", options: ["-v", "-o", "Ciphers=chacha20-poly1305@openssh.com"],
                                     remote: ["scores"])
            #expect(refused.status == 255, "\(refused.stderrText.suffix(400))")
            try server.waitForLog("keyExchangeNegotiationFailure")
            // When ssh read the offer before the server closed, it names the ciphers there are.
            if refused.stderrText.contains("no matching cipher found") {
                #expect(refused.stderrText.contains("aes256-gcm@openssh.com,aes128-gcm@openssh.com,aes256-ctr,aes128-ctr"),
                        "\(refused.stderrText.suffix(400))")
            }
        }
    }
}
