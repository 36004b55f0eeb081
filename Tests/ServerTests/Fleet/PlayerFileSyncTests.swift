import Foundation
import Logging
import MemorizeLeaderboard
@testable import MemorizeServer
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ServerTests {
    /// A key's files across hosts: two hosts' player directories and one
    /// PostgreSQL (the DailyLeaderboard suite's cluster), synced as a session's start and end do.
    @Suite("Player files in the database")
    struct PlayerFiles {
        static let scores = "state/memorize-tui/scores.json"
        static let themes = "config/memorize-tui/themes.json"

        /// Two hosts (a state directory each) on one fresh database; each test closes it at its end.
        struct Fleet {
            let store: PostgresLeaderboard
            let hosts: [(sync: PlayerFileSync, directory: String)]
            let root: String
            let key = KeyFingerprint(blob: Data("kim's key".utf8))

            init(limits: PlayerFileLimits = PlayerFileLimits()) async throws {
                let url = try ServerTests.DailyLeaderboard.freshPostgresDatabase("f_\(getpid())_\(UInt32.random(in: 0...UInt32.max))")
                let store = try await PostgresLeaderboard(url: try PostgresURL(url), timeout: .seconds(60))
                self.store = store
                root = NSTemporaryDirectory() + "player-files-\(getpid())-\(UUID().uuidString.prefix(8))"
                var hosts: [(PlayerFileSync, String)] = []
                for host in ["a", "b"] {
                    let stateFiles = StateFiles(root: root + "/" + host)
                    try FileManager.default.createDirectory(atPath: stateFiles.root, withIntermediateDirectories: true)
                    let sync = PlayerFileSync(limits: limits, stateFiles: stateFiles, logger: Logger(label: "test")) { store }
                    hosts.append((sync, try stateFiles.playerDirectory(for: key)))
                }
                self.hosts = hosts
            }

            func sync(_ host: Int) async -> Bool { await hosts[host].sync.sync(key, directory: hosts[host].directory).value }

            /// As the game saves: the file in host `host`'s player directory.
            func write(_ text: String, _ name: String, on host: Int) throws {
                let path = hosts[host].directory + "/" + name
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            }

            func read(_ name: String, on host: Int) -> String? {
                FileManager.default.contents(atPath: hosts[host].directory + "/" + name).map { String(decoding: $0, as: UTF8.self) }
            }

            func close() async {
                await store.close()
                try? FileManager.default.removeItem(atPath: root)
            }
        }

        @Test("a file made on one host is there on the other, and a change made there comes back")
        func roundTrip() async throws {
            let fleet = try await Fleet()
            try fleet.write("best: 12", Self.scores, on: 0)
            try fleet.write("[theme]", Self.themes, on: 0)
            #expect(await fleet.sync(0))
            #expect(await fleet.sync(1))
            #expect(fleet.read(Self.scores, on: 1) == "best: 12")
            #expect(fleet.read(Self.themes, on: 1) == "[theme]")
            try fleet.write("best: 15", Self.scores, on: 1)
            #expect(await fleet.sync(1))
            #expect(await fleet.sync(0))
            #expect(fleet.read(Self.scores, on: 0) == "best: 15")
            #expect(try await fleet.store.playerFiles(of: "\(fleet.key)", limit: 16).map(\.version) == [1, 2])
            // Nothing changed: nothing written, no version made.
            #expect(await fleet.sync(0))
            #expect(try await fleet.store.playerFiles(of: "\(fleet.key)", limit: 16).map(\.version) == [1, 2])
            await fleet.close()
        }

        @Test("two hosts change one file from one version: the first to end wins, the other's bytes are kept aside, never lost")
        func conflictKeptAside() async throws {
            let fleet = try await Fleet()
            try fleet.write("v1", Self.scores, on: 0)
            #expect(await fleet.sync(0))
            #expect(await fleet.sync(1))
            // Both sessions started from version 1; each game saves its own change.
            try fleet.write("from a", Self.scores, on: 0)
            try fleet.write("from b", Self.scores, on: 1)
            #expect(await fleet.sync(0))
            #expect(await fleet.sync(1))
            let conflicts = try await fleet.store.playerFileConflicts(of: "\(fleet.key)")
            #expect(conflicts == [PlayerFileConflict(name: Self.scores, basedOn: 1, content: Array("from b".utf8))])
            // The winner's bytes replace the loser's here, so the next change is based on them.
            #expect(fleet.read(Self.scores, on: 1) == "from a")
            try fleet.write("from b again", Self.scores, on: 1)
            #expect(await fleet.sync(1))
            #expect(try await fleet.store.playerFiles(of: "\(fleet.key)", limit: 16).first?.version == 3)
            await fleet.close()
        }

        @Test("count and size are bounded; hidden temp files and rows naming other paths are never taken")
        func bounded() async throws {
            var limits = PlayerFileLimits()
            limits.maxFiles = 3
            limits.maxFileBytes = 100
            let fleet = try await Fleet(limits: limits)
            try fleet.write(String(repeating: "x", count: 101), Self.scores, on: 0)
            try fleet.write("ok", Self.themes, on: 0)
            try fleet.write("tmp", "config/memorize-tui/.themes.json.tmp-1", on: 0)
            for index in 0..<4 { try fleet.write("\(index)", "state/memorize-tui/scores.json.corrupt-\(index)", on: 0) }
            #expect(await fleet.sync(0))
            let names = try await fleet.store.playerFiles(of: "\(fleet.key)", limit: 16).map(\.name)
            #expect(names == [Self.themes, "state/memorize-tui/scores.json.corrupt-0", "state/memorize-tui/scores.json.corrupt-1"])
            // A row naming a path outside the game's directories (another server's bug, or worse) is not written.
            for name in ["../../escaped", "config/memorize-tui/../x", "home/.ssh/authorized_keys"] {
                _ = try await fleet.store.savePlayerFile(of: "\(fleet.key)", name: name, content: [1], basedOn: 0, maxFiles: 10, now: 1)
            }
            #expect(await fleet.sync(1))
            #expect(!FileManager.default.fileExists(atPath: fleet.root + "/b/escaped") && !FileManager.default.fileExists(atPath: fleet.hosts[1].directory + "/config/x"))
            #expect(!FileManager.default.fileExists(atPath: fleet.hosts[1].directory + "/home/.ssh/authorized_keys"))
            #expect(fleet.read(Self.themes, on: 1) == "ok")
            await fleet.close()
        }

        @Test("the database unreachable: the sync says so and this host's files stay as they were")
        func unavailable() async throws {
            let root = NSTemporaryDirectory() + "player-files-\(getpid())-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: root) }
            let stateFiles = StateFiles(root: root)
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let sync = PlayerFileSync(limits: PlayerFileLimits(), stateFiles: stateFiles, logger: Logger(label: "test")) {
                throw LeaderboardUnavailable("down")
            }
            let key = KeyFingerprint(blob: Data("kim".utf8))
            let directory = try stateFiles.playerDirectory(for: key)
            try FileManager.default.createDirectory(atPath: directory + "/state/memorize-tui", withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: URL(fileURLWithPath: directory + "/" + Self.scores))
            #expect(await sync.sync(key, directory: directory).value == false)
            #expect(FileManager.default.contents(atPath: directory + "/" + Self.scores) == Data("mine".utf8))
            #expect(sync.pending == 0)
        }

        @Test("--max-player-files and --max-player-file-size: refused out of range, and without --database")
        func flags() throws {
            for (flag, value) in [("--max-player-files", "0"), ("--max-player-files", "1001"),
                                  ("--max-player-file-size", "0"), ("--max-player-file-size", "16385")] {
                let text = try LimitFlags.refused(["--database", "postgres://u@127.0.0.1:5432/db", flag, value])
                #expect(text.contains(flag) && text.contains("between"), "\(flag) \(value): \(text)")
            }
            let alone = try LimitFlags.refused(["--max-player-files", "8"])
            #expect(alone.contains("--max-player-files goes with --database"), "\(alone)")
        }
    }
}
