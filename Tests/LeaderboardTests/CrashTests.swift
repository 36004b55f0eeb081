import Foundation
import Memorize
import MemorizeLeaderboard
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// kill -9 of a process in the middle of writing loses no run it had committed. The writer is a
/// child process (an exit test) that submits runs, printing "committed N" after each submit
/// returned; once it has committed 40, a second thread sends it SIGKILL a few milliseconds later,
/// wherever the writing has got to. Every run it said was committed must be there when the board
/// is opened again.
@Suite struct CrashTests {
    @Test("kill -9 mid-write loses no committed run", arguments: StoreKind.allCases)
    func killMidWrite(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let spec = board.spec
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) { [spec = spec as String] in
            let store = try await CrashTests.open(spec)
            for number in 0..<100_000 {
                _ = try await store.submit(CrashTests.run(number: number))
                // Straight to the descriptor: a line printed is a line the parent reads.
                let line = Array("committed \(number)\n".utf8)
                _ = line.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                if number == 40 {
                    Thread.detachNewThread {
                        usleep(UInt32.random(in: 0...20_000))
                        kill(getpid(), SIGKILL)
                    }
                }
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let committed = output.split(separator: "\n").filter { $0.hasPrefix("committed ") }.count
        #expect(committed > 40, "the writer committed too little before it was killed")
        let reopened = try await board.reopen(kind)
        let stored = try await reopened.count(on: Self.date)
        await reopened.close()
        #expect(stored >= committed, "committed \(committed), found \(stored)")
        // It was killed mid-stream, not after finishing.
        #expect(stored < 100_000)
    }

    static let date = DailyDate("2026-11-26")!

    static func open(_ spec: String) async throws -> LeaderboardStore {
        if spec.hasPrefix("postgres") {
            return try await PostgresLeaderboard(url: try PostgresURL(spec), timeout: StoreUnderTest.postgresTimeout)
        }
        return try SQLiteLeaderboard(path: spec)
    }

    /// A run with a long log, so a write takes long enough to be caught in the middle.
    static func run(number: Int) -> LeaderboardRun {
        LeaderboardRun(date: date, fingerprint: "SHA256:writer\(number)", name: "writer \(number)", score: number % 97,
                       moves: 20 + number % 13, milliseconds: 10_000 + number % 1000,
                       intents: String(repeating: "0.0 0 deal\n", count: 200), reportedAt: Double(number))
    }
}
