import Foundation
import MemorizeLeaderboard
import MemorizeTestSupport
import Testing

/// Each key's files as versioned rows (schema version 3): a change is a
/// compare-and-set on the version it was based on; the losing write is kept aside, never lost.
@Suite struct PlayerFileStoreTests {
    /// A store on a fresh database (each test closes it at its end).
    static func store() async throws -> PostgresLeaderboard {
        try await PostgresLeaderboard(url: try PostgresURL(try PostgresTestServer.freshDatabase()), timeout: StoreUnderTest.postgresTimeout)
    }

    static let scores = "state/memorize-tui/scores.json"

    @Test("a new file is version 1, each change based on the current version the next")
    func versionsCount() async throws {
        let store = try await Self.store()
        #expect(try await store.playerFiles(of: "SHA256:kim", limit: 16).isEmpty)
        #expect(try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: Array("one".utf8), basedOn: 0, maxFiles: 16, now: 1)
                == .saved(version: 1))
        #expect(try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: Array("two".utf8), basedOn: 1, maxFiles: 16, now: 2)
                == .saved(version: 2))
        #expect(try await store.playerFiles(of: "SHA256:kim", limit: 16) == [PlayerFileRow(name: Self.scores, version: 2, content: Array("two".utf8))])
        // Another key's files are its own.
        #expect(try await store.playerFiles(of: "SHA256:lee", limit: 16).isEmpty)
        #expect(try await store.playerFileConflicts(of: "SHA256:kim").isEmpty)
        await store.close()
    }

    @Test("two writes based on one version: the second is kept aside as a conflict, and the first stays")
    func compareAndSet() async throws {
        let store = try await Self.store()
        _ = try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: Array("base".utf8), basedOn: 0, maxFiles: 16, now: 1)
        let first = try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: Array("host A".utf8), basedOn: 1, maxFiles: 16, now: 2)
        let second = try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: Array("host B".utf8), basedOn: 1, maxFiles: 16, now: 3)
        #expect(first == .saved(version: 2))
        #expect(second == .conflict(current: PlayerFileRow(name: Self.scores, version: 2, content: Array("host A".utf8))))
        #expect(try await store.playerFileConflicts(of: "SHA256:kim") == [PlayerFileConflict(name: Self.scores, basedOn: 1, content: Array("host B".utf8))])
        // Two sessions that both found no file: the second new file is a conflict too.
        _ = try await store.savePlayerFile(of: "SHA256:kim", name: "config/memorize-tui/themes.json", content: [1], basedOn: 0, maxFiles: 16, now: 4)
        let late = try await store.savePlayerFile(of: "SHA256:kim", name: "config/memorize-tui/themes.json", content: [2], basedOn: 0, maxFiles: 16, now: 5)
        #expect(late == .conflict(current: PlayerFileRow(name: "config/memorize-tui/themes.json", version: 1, content: [1])))
        await store.close()
    }

    @Test("a key's files and conflicts are bounded")
    func bounded() async throws {
        let store = try await Self.store()
        for index in 0..<3 {
            let outcome = try await store.savePlayerFile(of: "SHA256:kim", name: "state/memorize-tui/f\(index)", content: [UInt8(index)],
                                                         basedOn: 0, maxFiles: 2, now: 1)
            #expect(outcome == (index < 2 ? .saved(version: 1) : .full), "\(index)")
        }
        #expect(try await store.playerFiles(of: "SHA256:kim", limit: 16).count == 2)
        #expect(try await store.playerFiles(of: "SHA256:kim", limit: 1).count == 1)
        for index in 0..<(PostgresLeaderboard.conflictsKeptPerKey + 3) {
            _ = try await store.savePlayerFile(of: "SHA256:kim", name: "state/memorize-tui/f0", content: [UInt8(index)], basedOn: 7,
                                               maxFiles: 2, now: Double(index))
        }
        let conflicts = try await store.playerFileConflicts(of: "SHA256:kim")
        // The full write above, then the stale ones: only the newest are kept.
        #expect(conflicts.count == PostgresLeaderboard.conflictsKeptPerKey)
        #expect(conflicts.last?.content == [UInt8(PostgresLeaderboard.conflictsKeptPerKey + 2)])
        await store.close()
    }

    @Test("bytes of any value survive the round trip")
    func binary() async throws {
        let store = try await Self.store()
        let bytes = (0..<4096).map { UInt8($0 % 256) }
        _ = try await store.savePlayerFile(of: "SHA256:kim", name: Self.scores, content: bytes, basedOn: 0, maxFiles: 16, now: 1)
        #expect(try await store.playerFiles(of: "SHA256:kim", limit: 16).first?.content == bytes)
        await store.close()
    }
}
