import Foundation
import MemorizeTestSupport
import Memorize
import MemorizeLeaderboard
import Testing

/// A database that is corrupt, locked or unreachable makes the board unavailable, quickly and
/// with one error; it never hangs or crashes the caller (the server's test shows games go on).
@Suite struct UnavailableTests {
    let day = DailyDate("2026-11-26")!

    @Test func aCorruptFileIsUnavailableNotACrash() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/leaderboard.sqlite"
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path))
        #expect(throws: LeaderboardUnavailable.self) { try SQLiteLeaderboard(path: path) }
        // Left as it was, for the operator to look at.
        #expect(FileManager.default.contents(atPath: path) == Data(repeating: 0x41, count: 8192))
    }

    @Test func aLockedDatabaseIsUnavailableForAMoment() async throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/leaderboard.sqlite"
        let store = try SQLiteLeaderboard(path: path, busyTimeout: 0.2)
        // Another process holding the write lock: an exclusive transaction in Python's sqlite3.
        let holder = try BackgroundProcess("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(900)
            """, path], environment: ProcessRunner.baseEnvironment, outputBase: directory + "/holder")
        let deadline = Date().addingTimeInterval(30)
        while !holder.stdoutText.contains("locked") && holder.isRunning && Date() < deadline { usleep(20_000) }
        #expect(holder.stdoutText.contains("locked"), "\(holder.stderrText)")
        let run = LeaderboardRun(date: day, fingerprint: "SHA256:a", name: "a", score: 1, moves: 2, milliseconds: 3,
                                 intents: "", reportedAt: 0)
        await #expect(throws: LeaderboardUnavailable.self) { try await store.submit(run) }
        // Refused, not waited out: the holder keeps the lock until it is killed. (How long the
        // refusal takes is not asserted: in a full `swift test` the other suites can keep this
        // async test off the cooperative threads for minutes.)
        #expect(holder.isRunning)
        holder.close()
        #expect(try await store.submit(run) == .stored)
        await store.close()
    }

    @Test func noPostgresServerIsUnavailable() async throws {
        // 22699: in our range, and nothing listens there.
        await #expect(throws: LeaderboardUnavailable.self) {
            _ = try await PostgresLeaderboard(url: try PostgresURL("postgres://nobody@127.0.0.1:22699/none"), timeout: .seconds(2))
        }
    }

    @Test func badURLsAreOneClearProblem() {
        for bad in ["mysql://a@b/c", "postgres://127.0.0.1/db", "postgres://u@h", "postgres://u@h/db?sslmode=require", "postgres://u@h:0/db"] {
            #expect(throws: PostgresURL.Problem.self, "\(bad)") { try PostgresURL(bad) }
        }
        #expect((try? PostgresURL("postgres://memorize:pw@127.0.0.1:22650/leaderboard"))?.port == 22650)
    }
}
