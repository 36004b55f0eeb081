import Foundation
@testable import MemorizeServer
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// Servers behind HAProxy (`--proxy-protocol`, `--trusted-proxy`, `--host-key`), with real
    /// OpenSSH clients bound to their own loopback source addresses; servers on 22700-22749.
    @Suite("Behind a balancer")
    struct BehindABalancer {
        static let ports = 22700...22749

        static func hostKey(in directory: String) throws -> String {
            let path = directory + "/fleet_host_key"
            let made = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "fleet", "-f", path])
            #expect(made.status == 0, "\(made.stderrText)")
            return path
        }

        /// `ssh` through the balancer from `source` (ssh -b), no terminal.
        static func ssh(_ server: ServerUnderTest, balancer: BalancerUnderTest, key: PlayerKey, from source: String,
                        options: [String] = [], remote: [String] = []) throws -> ProcessOutput {
            try ProcessRunner.run("/usr/bin/ssh", sshOptions(server: server, key: key, port: balancer.port) + options
                                  + ["-b", source, "player@127.0.0.1"] + remote, environment: ProcessRunner.baseEnvironment, timeout: 60)
        }

        @Test("per-address limits count the client the PROXY header names (v1 and v2), and the log says so",
              arguments: [1, 2])
        func limitsCountRealClients(proxyVersion: Int) throws {
            let server = try ServerUnderTest(["--proxy-protocol", "--trusted-proxy", "127.0.0.1/32",
                                              "--max-connections-per-minute", "2"], ports: Self.ports)
            defer { server.close() }
            let balancer = try BalancerUnderTest(servers: [server.port], proxyVersion: proxyVersion)
            defer { balancer.close() }
            let key = try PlayerKey(in: server.directory, name: "player")
            for _ in 0..<2 {
                let admitted = try Self.ssh(server, balancer: balancer, key: key, from: "127.0.0.2")
                #expect(admitted.stderrText.contains("ssh -t"), "\(admitted.stderrText)")
            }
            let third = try Self.ssh(server, balancer: balancer, key: key, from: "127.0.0.2")
            #expect(third.status == 2)
            #expect(third.stderrText.contains("too many connections from your address in the last minute"), "\(third.stderrText)")
            // Another client behind the same balancer is not counted with the first.
            let other = try Self.ssh(server, balancer: balancer, key: key, from: "127.0.0.3")
            #expect(other.stderrText.contains("ssh -t"), "\(other.stderrText)")
            #expect(!other.stderrText.contains("too many"))
            try server.waitForLog("address=127.0.0.3")
            #expect(server.log.contains("address=127.0.0.2") && server.log.contains("via=127.0.0.1"), "\(server.log)")
        }

        @Test("three hosts with one --host-key: StrictHostKeyChecking=yes and one known_hosts line reach every host")
        func oneHostKey() throws {
            let directory = NSTemporaryDirectory() + "fleet-key-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let hostKey = try Self.hostKey(in: directory)
            let servers = try (0..<3).map { _ in
                try ServerUnderTest(["--proxy-protocol", "--trusted-proxy", "127.0.0.1", "--host-key", hostKey], ports: Self.ports)
            }
            defer { servers.forEach { $0.close() } }
            #expect(Set(servers.map(\.hostKeyLine)).count == 1, "\(servers.map(\.hostKeyLine))")
            let balancer = try BalancerUnderTest(servers: servers.map(\.port))
            defer { balancer.close() }
            let publicKey = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-y", "-f", hostKey]).stdoutText
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let knownHosts = directory + "/known_hosts"
            try "[127.0.0.1]:\(balancer.port) \(publicKey)\n".write(toFile: knownHosts, atomically: true, encoding: .utf8)
            let key = try PlayerKey(in: directory, name: "player")
            for _ in 0..<6 {
                let result = try ProcessRunner.run("/usr/bin/ssh", sshOptions(server: servers[0], key: key, knownHosts: knownHosts, port: balancer.port)
                                                   + ["-o", "StrictHostKeyChecking=yes", "player@127.0.0.1", "scores"],
                                                   environment: ProcessRunner.baseEnvironment, timeout: 60)
                #expect(result.status == 0, "\(result.stderrText)")
                #expect(result.stdoutText.hasPrefix("Daily "), "\(result.stdoutText)")
            }
            for server in servers { #expect(server.log.contains("connect"), "a host the balancer never chose:\n\(server.log)") }
        }

        @Test("the flags refuse what they cannot honour: one line, exit 2, before listening")
        func flagRefusals() throws {
            let directory = NSTemporaryDirectory() + "fleet-flags-\(getpid())-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let hostKey = try Self.hostKey(in: directory)
            chmod(hostKey, 0o644)
            let cases: [([String], String)] = [
                (["--proxy-protocol"], "--proxy-protocol needs at least one --trusted-proxy"),
                (["--trusted-proxy", "127.0.0.1"], "--trusted-proxy goes with --proxy-protocol"),
                (["--proxy-protocol", "--trusted-proxy", "10.0.0.0/40"], "--trusted-proxy must be an address or network"),
                (["--proxy-protocol", "--trusted-proxy", "\u{1b}[2Jevil"], "--trusted-proxy must be an address or network"),
                (["--host-key", hostKey], "can be read by others (mode 644); chmod 600 it"),
            ]
            for (arguments, message) in cases {
                let result = try ProcessRunner.run(try ServerUnderTest.binary(),
                                                   ["--listen", "127.0.0.1:0", "--state-dir", directory + "/state"] + arguments)
                #expect(result.status == 2, "\(arguments): \(result.stderrText)")
                #expect(result.stderrText.contains(message), "\(arguments): \(result.stderrText)")
                #expect(!result.stderr.contains(0x1B), "\(arguments)")
                #expect(!result.stderrText.contains("listening"))
            }
        }

        @Test("a PROXY header from an untrusted address closes the connection; that address is otherwise served as itself")
        func untrustedHeader() throws {
            let server = try ServerUnderTest(["--proxy-protocol", "--trusted-proxy", "127.0.0.9"], ports: Self.ports)
            defer { server.close() }
            let forged = rawExchange(port: server.port, sending: Array("PROXY TCP4 203.0.113.9 127.0.0.1 1000 2222\r\nSSH-2.0-x\r\n".utf8))
            #expect(forged.closedByPeer)
            try server.waitForLog("a PROXY header from an address that is not a trusted proxy")
            #expect(!server.log.contains("203.0.113.9"))
            let forgedBinary = rawExchange(port: server.port, sending: ProxyHeaderBytes.v2(source: [203, 0, 113, 9]))
            #expect(forgedBinary.closedByPeer)
            let key = try PlayerKey(in: server.directory, name: "direct")
            let direct = try runSSH(server: server, key: key)
            #expect(direct.stderrText.contains("ssh -t"), "\(direct.stderrText)")
        }

        @Test("from a trusted proxy: no header, a malformed one or none in time closes; v1, v2 and LOCAL headers open SSH")
        func trustedPeerRules() throws {
            let server = try ServerUnderTest(["--proxy-protocol", "--trusted-proxy", "127.0.0.1", "--handshake-timeout", "2s"], ports: Self.ports)
            defer { server.close() }
            let bare = rawExchange(port: server.port, sending: Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
            #expect(bare.closedByPeer && bare.received.isEmpty, "\(bare)")
            try server.waitForLog("no PROXY protocol header")
            let bad = rawExchange(port: server.port, sending: Array("PROXY TCP4 999.0.0.1 127.0.0.1 1 2\r\n".utf8))
            #expect(bad.closedByPeer && bad.received.isEmpty)
            let silent = rawExchange(port: server.port, sending: [], seconds: 8)
            #expect(silent.closedByPeer && silent.received.isEmpty)
            try server.waitForLog("no PROXY header within 2s")
            for header in [Array("PROXY TCP4 198.51.100.4 127.0.0.1 1000 2222\r\n".utf8), ProxyHeaderBytes.v2(source: [198, 51, 100, 5]),
                           ProxyHeader.signature + [0x20, 0x00, 0, 0]] {
                let opened = rawExchange(port: server.port, sending: header, seconds: 3)
                #expect(String(decoding: opened.received, as: UTF8.self).hasPrefix("SSH-2.0-"), "\(opened)")
            }
            try server.waitForLog("address=198.51.100.5")
            #expect(server.log.contains("address=198.51.100.4"))
        }
    }
}

enum ProxyHeaderBytes {
    /// A PROXY v2 TCP-over-IPv4 header from `source` to 127.0.0.1.
    static func v2(source: [UInt8]) -> [UInt8] {
        ProxyHeader.signature + [0x21, 0x11, 0, 12] + source + [127, 0, 0, 1, 0x03, 0xE8, 0x08, 0xAE]
    }
}
