import Foundation
import MemorizeTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A fleet as docs/hosting.md describes it ("A fleet"): three servers with one host key on one
/// PostgreSQL (a fresh database in the DailyLeaderboard suite's cluster), HAProxy in front with
/// round robin and PROXY v2. Servers on 22700-22749, HAProxy on 22750-22759. `close()` stops all.
final class FleetUnderTest {
    let directory: String
    let databaseURL: String
    let servers: [ServerUnderTest]
    let balancer: BalancerUnderTest
    let knownHosts: String
    private var closed = false

    init(_ extra: [String] = [], hosts: Int = 3) throws {
        directory = NSTemporaryDirectory() + "fleet-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        databaseURL = try ServerTests.DailyLeaderboard.freshPostgresDatabase("fleet_\(getpid())_\(UInt32.random(in: 0...UInt32.max))")
        let hostKey = try ServerTests.BehindABalancer.hostKey(in: directory)
        var servers: [ServerUnderTest] = []
        do {
            for _ in 0..<hosts {
                servers.append(try ServerUnderTest(["--database", databaseURL, "--proxy-protocol", "--trusted-proxy", "127.0.0.1",
                                                    "--host-key", hostKey] + extra, ports: ServerTests.BehindABalancer.ports))
            }
            balancer = try BalancerUnderTest(servers: servers.map(\.port))
        } catch {
            servers.forEach { $0.close() }
            throw error
        }
        self.servers = servers
        let publicKey = try ProcessRunner.run("/usr/bin/ssh-keygen", ["-y", "-f", hostKey]).stdoutText
            .trimmingCharacters(in: .whitespacesAndNewlines)
        knownHosts = directory + "/known_hosts"
        // One line for the balancer's address and one per host: the same key in each.
        let lines = (["[127.0.0.1]:\(balancer.port)"] + servers.map { "[127.0.0.1]:\($0.port)" }).map { "\($0) \(publicKey)\n" }
        try lines.joined().write(toFile: knownHosts, atomically: true, encoding: .utf8)
    }

    deinit { close() }

    func key(_ name: String) throws -> PlayerKey { try PlayerKey(in: directory, name: name) }

    /// OpenSSH's command line through the balancer (or straight to host `host`), from `source`
    /// (default: 127.0.0.1 to the balancer; 127.0.0.4 to a host, which serves it as itself: a
    /// connection from the trusted proxy's address must carry a PROXY header).
    func sshCommand(key: PlayerKey?, user: String, host: Int? = nil, source: String? = nil, terminal: Bool,
                    remote: [String]) -> [String] {
        let port = host.map { servers[$0].port } ?? balancer.port
        let source = source ?? (host == nil ? "127.0.0.1" : "127.0.0.4")
        return ["/usr/bin/ssh"] + sshOptions(server: servers[0], key: key, knownHosts: knownHosts, port: port)
            + ["-o", "StrictHostKeyChecking=yes", "-b", source] + (terminal ? ["-t"] : []) + ["\(user)@127.0.0.1"]
            + (remote.isEmpty || !terminal ? remote : ["--"] + remote)
    }

    /// `ssh` to completion (no terminal unless `options` has -tt), through the balancer unless `host` is given.
    func ssh(key: PlayerKey?, user: String = "player", host: Int? = nil, source: String? = nil, options: [String] = [],
             remote: [String]) throws -> ProcessOutput {
        var command = sshCommand(key: key, user: user, host: host, source: source, terminal: false, remote: remote)
        command.insert(contentsOf: options, at: command.count - 1 - remote.count)
        return try ProcessRunner.run(command[0], Array(command.dropFirst()), environment: ProcessRunner.baseEnvironment, timeout: 60)
    }

    /// `ssh -t` in a tmux pane, through the balancer unless `host` is given.
    func pane(key: PlayerKey?, user: String = "player", host: Int? = nil, source: String? = nil, remote: [String] = []) throws -> SSHPane {
        try SSHPane(server: servers[0], key: key, client: sshCommand(key: key, user: user, host: host, source: source, terminal: true, remote: remote))
    }

    /// How many games each host has started (its log's "game started" lines).
    var gamesStarted: [Int] { servers.map { $0.log.components(separatedBy: "game started").count - 1 } }

    /// The daily secret the fleet deals from, read from the database with psql. Not through
    /// PostgresLeaderboard: a synchronous test waiting on a Task holds one of the two cooperative
    /// threads a 2-core machine has, and the parallel suites' synchronous tests hold the other, so
    /// the Task could not run (CI saw its 30 s timeout fire).
    func dailySecret() throws -> [UInt8] {
        let (directory, port) = try ServerTests.DailyLeaderboard.postgres.get()
        let name = String(databaseURL.split(separator: "/").last ?? "")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let result = try ProcessRunner.run("/bin/bash", [root + "/scripts/ci-postgres.sh", "query", directory, "\(port)", name,
                                                         "SELECT secret FROM memorize_daily_secret WHERE id = 1"], timeout: 60)
        let hex = result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, hex.utf8.count == 32 else {
            throw BackgroundProcess.Failure(description: "the fleet's daily secret could not be read (\(result.status)): \(hex) \(result.stderrText)")
        }
        return try stride(from: 0, to: 32, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            guard let byte = UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) else {
                throw BackgroundProcess.Failure(description: "the fleet's daily secret is not hexadecimal: \(hex)")
            }
            return byte
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        balancer.close()
        servers.forEach { $0.close() }
        try? FileManager.default.removeItem(atPath: directory)
    }
}
