import Foundation
import Memorize
import MemorizeLeaderboard
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// kill -9 of a process in the middle of writing loses no run it had committed: a writer process
/// (leaderboard-bench write) says "committed N" after each submit returned; it is killed while
/// writing, and every run it said was committed is there when the board is opened again.
@Suite struct CrashTests {
    static var writer: String {
        let candidates = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path,
                          packageRoot + "/.build/debug"]
        return candidates.map { $0 + "/leaderboard-bench" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? packageRoot + "/.build/debug/leaderboard-bench"
    }

    @Test("kill -9 mid-write loses no committed run", arguments: StoreKind.allCases)
    func killMidWrite(_ kind: StoreKind) async throws {
        let board = try await StoreUnderTest.make(kind)
        defer { Task { await board.close() } }
        let process = try BackgroundProcess(Self.writer, ["write", board.spec, "100000"], environment: ProcessRunner.baseEnvironment,
                                            outputBase: board.directory + "/writer")
        // Let it commit a good number of runs, then kill it without warning.
        let deadline = Date().addingTimeInterval(60)
        var committed: [Int] = []
        while Date() < deadline {
            committed = Self.committed(process.stdoutPath)
            if committed.count >= 40 || !process.isRunning { break }
            usleep(20_000)
        }
        kill(process.pid, SIGKILL)
        _ = process.isRunning
        usleep(100_000)
        committed = Self.committed(process.stdoutPath)
        #expect(committed.count >= 40, "the writer committed too little: \(String((try? String(contentsOfFile: process.stderrPath, encoding: .utf8)) ?? ""))")
        let reopened = try await board.reopen(kind)
        let stored = try await reopened.count(on: DailyDate("2026-11-26")!)
        await reopened.close()
        #expect(stored >= committed.count, "committed \(committed.count), found \(stored)")
        // It was killed mid-stream, not after finishing.
        #expect(stored < 100_000)
    }

    static func committed(_ path: String) -> [Int] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in line.hasPrefix("committed ") ? Int(line.dropFirst(10)) : nil }
    }
}
