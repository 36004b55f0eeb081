import Foundation
import MemorizeTestSupport
import Testing

/// ssh-audit (PyPI; `scripts/test.sh` installs it in .build/python) against a running memorize-tui-server on loopback.
/// Every failure and warning it reports must be one listed here with its reason (README "Security:
/// what ssh-audit says"); anything else fails, and so does a listed one that is no longer reported,
/// so the list and the README stay true.
@Suite(.serialized)
struct SSHAuditTests {
    /// swift-nio-ssh 0.15.1 offers a fixed set of key exchanges (a static list in
    /// SSHKeyExchangeStateMachine, no configuration): curve25519 plus the NIST curves.
    static let nistReason = "swift-nio-ssh 0.15.1 always offers the NIST curves; clients that support curve25519 (every current OpenSSH, PuTTY, asyncssh, paramiko) pick it first"
    static let postQuantumReason = "swift-nio-ssh 0.15.1 has no post-quantum hybrid key exchange (sntrup761x25519, mlkem768x25519)"
    /// The CTR ciphers' encrypt-and-MAC variant is for dropbear's dbclient 2022.83, which has no
    /// -etm MAC (docs/hosting.md, "Algorithms").
    static let macReason = "dropbear's dbclient 2022.83 has no -etm MAC; CTR with HMAC-SHA-256 encrypt-and-MAC has no known attack, and clients that list the -etm MAC first get it"

    static let explained: [String: String] = {
        var reasons: [String: String] = [:]
        for curve in ["ecdh-sha2-nistp256", "ecdh-sha2-nistp384", "ecdh-sha2-nistp521"] {
            reasons["fail kex \(curve): using elliptic curves that are suspected as being backdoored by the U.S. National Security Agency"] = nistReason
            reasons["warn kex \(curve): does not provide protection against post-quantum attacks"] = postQuantumReason
        }
        for exchange in ["curve25519-sha256", "curve25519-sha256@libssh.org"] {
            reasons["warn kex \(exchange): does not provide protection against post-quantum attacks"] = postQuantumReason
        }
        reasons["warn mac hmac-sha2-256: using encrypt-and-MAC mode"] = macReason
        return reasons
    }()

    /// ssh-audit's connection-rate test (DHEat) opens up to 38 connections in 1.5 s and counts
    /// those that answer with an SSH banner. The server answers each with its banner: even one over
    /// --max-connections-per-minute (20 from one address) goes through the key exchange, so that
    /// its refusal reaches the player as a readable line. Whether the note appears depends on the
    /// machine's pace (38 in under 1.9 s), so it may be absent; it carries the rate, hence a prefix.
    static let explainedNotePrefixes: [String: String] = [
        "Potentially insufficient connection throttling detected, resulting in possible vulnerability to the DHEat DoS attack":
            "refusals complete an ECDH key exchange (no finite-field Diffie-Hellman is offered) so the player reads why",
    ]

    @Test("ssh-audit finds nothing but the explained findings, and the host key is Ed25519",
          .enabled(if: Tools.sshAudit != nil || ProcessInfo.processInfo.environment["CI"] != nil,
                   "ssh-audit is not installed: \(TestPython.howToInstall)"),
          .timeLimit(.minutes(3)))
    func audit() throws {
        let sshAudit = try #require(Tools.sshAudit, "ssh-audit is not installed: \(TestPython.howToInstall)")
        let server = try AuditedServer(binary: try Tools.server(), game: try Tools.game())
        let run = try ProcessRunner.run(sshAudit, ["-j", "-t", "20", "-p", String(server.port), "127.0.0.1"],
                                        environment: TestPython.environment(), timeout: 120)
        // 0 good, 2 warnings, 3 failures; 1 is a connection error and -1 an internal one.
        try #require([0, 2, 3].contains(run.status),
                     "ssh-audit exited \(run.status): \(run.stderrText) \(run.stdoutText.prefix(500))\nserver log:\n\(server.log)")
        let report = try SSHAuditReport(json: run.stdout)

        #expect(report.hostKeyAlgorithms == ["ssh-ed25519"], "host keys offered: \(report.hostKeyAlgorithms)")
        let printed = server.log
        #expect(!report.sha256Fingerprints.isEmpty && report.sha256Fingerprints.allSatisfy { printed.contains($0) },
                "the host key ssh-audit saw (SHA256:\(report.sha256Fingerprints)) is the one the server printed at start:\n\(printed)")
        #expect(report.cves.isEmpty, "CVEs reported: \(report.cves)")

        let unexplained = report.findings.filter { Self.explained[$0.description] == nil }
        #expect(unexplained.isEmpty, "ssh-audit findings with no listed reason:\n\(unexplained.map(\.description).joined(separator: "\n"))")
        let unexplainedNotes = report.additionalNotes.filter { note in
            !Self.explainedNotePrefixes.keys.contains { note.hasPrefix($0) }
        }
        #expect(unexplainedNotes.isEmpty, "ssh-audit notes with no listed reason:\n\(unexplainedNotes.joined(separator: "\n"))")
        let reported = Set(report.findings.map(\.description))
        let stale = Self.explained.keys.filter { !reported.contains($0) }.sorted()
        #expect(stale.isEmpty, "listed findings ssh-audit no longer reports (remove them here and from the README):\n\(stale.joined(separator: "\n"))")

        #expect(server.stop() == 0, "the server's exit status after SIGTERM; log:\n\(server.log)")
    }
}

/// Where the programs the audit needs are.
enum Tools {
    /// scripts/test.sh installs it in .build/python/bin (the README's version, 3.9.0).
    static let sshAudit: String? = TestPython.program("ssh-audit")

    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Missing: Error, CustomStringConvertible { var description: String }

    /// `MEMORIZE_TUI_SERVER_BINARY`, else the build directory the test bundle runs from, else
    /// `<package>/.build/debug`.
    static func server() throws -> String {
        try locate("memorize-tui-server", override: "MEMORIZE_TUI_SERVER_BINARY")
    }

    /// The game each session would run: `MEMORIZE_TUI_BINARY`, else beside the server.
    static func game() throws -> String {
        try locate("memorize-tui", override: "MEMORIZE_TUI_BINARY")
    }

    private static func locate(_ name: String, override: String) throws -> String {
        let fm = FileManager.default
        if let chosen = ProcessInfo.processInfo.environment[override], !chosen.isEmpty {
            guard fm.isExecutableFile(atPath: chosen) else { throw Missing(description: "\(override)=\(chosen) is not an executable") }
            return chosen
        }
        var directories: [URL] = []
        if let first = CommandLine.arguments.first, !first.isEmpty {
            var dir = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: fm.currentDirectoryPath))
                .standardizedFileURL.deletingLastPathComponent()
            for _ in 0..<4 {
                directories.append(dir)
                dir = dir.deletingLastPathComponent()
            }
        }
        // #filePath: <root>/Tests/ServerAuditTests/SSHAuditTests.swift
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))
        let candidates = directories.map { $0.appendingPathComponent(name).path }
        guard let found = candidates.first(where: { fm.isExecutableFile(atPath: $0) }) else {
            throw Missing(description: "\(name) not found; run `swift build` before `swift test`. Looked in:\n  "
                          + candidates.joined(separator: "\n  "))
        }
        return found
    }
}
