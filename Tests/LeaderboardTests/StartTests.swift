import Foundation
import Memorize
import MemorizeLeaderboard
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One run per key per day, counted when it starts (DailyStart), the same on SQLite and PostgreSQL.
@Suite struct StartTests {
    let day = DailyDate("2026-11-26")!

    func start(_ key: String, at time: Double = 100, on date: DailyDate? = nil) -> DailyStart {
        DailyStart(date: date ?? day, fingerprint: "SHA256:\(key)", name: key, startedAt: time)
    }

    func run(_ key: String, score: Int) -> LeaderboardRun {
        LeaderboardRun(date: day, fingerprint: "SHA256:\(key)", name: key, score: score, moves: 20, milliseconds: 30_000,
                       intents: "0.0 0 deal", reportedAt: 200)
    }

    @Test("a key's second start of a day is refused, however the first ended", arguments: StoreKind.allCases)
    func secondStartRefused(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let store = board.store
        #expect(try await store.status(on: day, fingerprint: "SHA256:a") == .notStarted)
        #expect(try await store.start(start("a")) == .started)
        #expect(try await store.status(on: day, fingerprint: "SHA256:a") == .playing(startedAt: 100))
        // Still playing, left, or reopened by another server: a second start is refused.
        #expect(try await store.start(start("a", at: 150)) == .alreadyStarted)
        try await store.end(on: day, fingerprint: "SHA256:a", at: 160)
        #expect(try await store.status(on: day, fingerprint: "SHA256:a") == .ended)
        let reopened = try await board.reopen(kind)
        #expect(try await reopened.start(start("a", at: 170)) == .alreadyStarted)
        await reopened.close()
        // Another key, and the next day, are other runs.
        #expect(try await store.start(start("b")) == .started)
        #expect(try await store.start(start("a", on: DailyDate("2026-11-27")!)) == .started)
    }

    @Test("a started run never won is unfinished, below every finished run", arguments: StoreKind.allCases)
    func unfinishedRuns(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let store = board.store
        #expect(try await store.start(start("left", at: 100)) == .started)
        #expect(try await store.start(start("won", at: 110)) == .started)
        #expect(try await store.start(start("going", at: 120)) == .started)
        try await store.end(on: day, fingerprint: "SHA256:left", at: 130)
        #expect(try await store.submit(run("won", score: 3)) == .stored)
        try await store.end(on: day, fingerprint: "SHA256:won", at: 140)
        // The board ranks finished runs only; the others are listed as unfinished, in start order.
        #expect(try await store.top(on: day, limit: 20).map(\.fingerprint) == ["SHA256:won"])
        #expect(try await store.count(on: day) == 1)
        let unfinished = try await store.unfinished(on: day, limit: 20)
        #expect(unfinished == [UnfinishedRun(fingerprint: "SHA256:left", name: "left", startedAt: 100, ended: true),
                               UnfinishedRun(fingerprint: "SHA256:going", name: "going", startedAt: 120, ended: false)])
        #expect(try await store.status(on: day, fingerprint: "SHA256:won") == .ended)
        // Ending twice keeps the first end; ending a key that never started writes nothing.
        try await store.end(on: day, fingerprint: "SHA256:left", at: 999)
        try await store.end(on: day, fingerprint: "SHA256:nobody", at: 999)
        #expect(try await store.unfinished(on: day, limit: 20).count == 2)
    }

    @Test("a key with a finished run kept before starts were recorded has had its run", arguments: StoreKind.allCases)
    func finishedRunCountsAsStarted(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        #expect(try await board.store.submit(run("old", score: 7)) == .stored)
        #expect(try await board.store.status(on: day, fingerprint: "SHA256:old") == .ended)
        #expect(try await board.store.start(start("old")) == .alreadyStarted)
        #expect(try await board.store.unfinished(on: day, limit: 20).isEmpty)
    }

    @Test("a start is bounded like a run: nothing out of range is written", arguments: StoreKind.allCases)
    func startBounded(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        var bad = start("x")
        bad.fingerprint = String(repeating: "A", count: 200)
        await #expect(throws: LeaderboardRefusal.self) { try await board.store.start(bad) }
        #expect(try await board.store.unfinished(on: day, limit: 20).isEmpty)
    }

    @Test("SQLite: the board's files are the server's alone (0600), whatever the umask")
    func sqliteFileMode() async throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = umask(0o022)
        defer { umask(old) }
        let store = try SQLiteLeaderboard(path: directory + "/leaderboard.sqlite")
        #expect(try await store.start(start("a")) == .started)
        for file in ["leaderboard.sqlite", "leaderboard.sqlite-wal", "leaderboard.sqlite-shm"] {
            var status = stat()
            #expect(stat(directory + "/" + file, &status) == 0, "\(file)")
            #expect(status.st_mode & 0o777 == 0o600, "\(file): \(String(status.st_mode & 0o777, radix: 8))")
        }
        await store.close()
    }

    @Test("PostgreSQL: every server on one database deals from one secret, made once")
    func sharedSecret() async throws {
        let url = try PostgresURL(try PostgresTestServer.freshDatabase())
        // Several servers starting together: the migration lock lets one make the secret.
        let stores = try await withThrowingTaskGroup(of: PostgresLeaderboard.self) { group in
            for _ in 0..<4 { group.addTask { try await PostgresLeaderboard(url: url, timeout: StoreUnderTest.postgresTimeout) } }
            var stores: [PostgresLeaderboard] = []
            for try await store in group { stores.append(store) }
            return stores
        }
        var secrets: [[UInt8]] = []
        for store in stores { secrets.append(try await store.dailySecret()) }
        #expect(secrets.allSatisfy { $0 == secrets[0] } && secrets[0].count == 16, "\(secrets)")
        for store in stores { await store.close() }
        let later = try await PostgresLeaderboard(url: url, timeout: StoreUnderTest.postgresTimeout)
        #expect(try await later.dailySecret() == secrets[0])
        await later.close()
    }
}
