import Foundation
import Testing
import MemorizeTestSupport

extension EndToEndTests {
    /// `--daily` and `--date`: the deal comes from the date alone, so two processes (two
    /// machines) deal the same game; another date deals another.
    @Suite("Daily")
    struct Daily {
        /// Deals, then turns up the first card of each row: the snapshot shows the theme (title)
        /// and where four of its emoji lie.
        static let script = """
            key d
            wait 3s
            click 4 3
            wait 300ms
            click 14 3
            wait 300ms
            snapshot two
            click 4 10
            wait 300ms
            click 14 10
            wait 300ms
            snapshot four
            key q
            """

        func run(_ arguments: [String]) throws -> ProcessOutput {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("memorize-daily-\(getpid())-\(UUID().uuidString).keys")
            try Self.script.write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            return try ProcessRunner.run(try BinaryUnderTest.path(), arguments + ["--headless", "--size", "80x24", "--script", url.path])
        }

        @Test("--date: the same deal in two processes, another on another day")
        func sameAcrossProcesses() throws {
            let first = try run(["--date", "2026-01-05"])
            let second = try run(["--date", "2026-01-05"])
            #expect(first.status == 0, "stderr: \(first.stderrText)")
            #expect(first.stdoutText.contains("--- snapshot four 80x24 ---"))
            #expect(first.stdoutText == second.stdoutText)
            let others = try ["2026-01-06", "2026-01-07", "2026-01-08"].map { try run(["--date", $0]).stdoutText }
            #expect(others.allSatisfy { $0 != first.stdoutText })
        }

        @Test("--daily is today's --date")
        func dailyIsToday() throws {
            let today = String(ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate]))
            let daily = try run(["--daily"])
            let dated = try run(["--date", today])
            #expect(daily.status == 0, "stderr: \(daily.stderrText)")
            #expect(daily.stdoutText == dated.stdoutText)
        }

        @Test("a future or malformed --date: exit 2 and one line")
        func futureRefused() throws {
            for date in ["2999-01-01", "2026-02-30", "yesterday"] {
                let result = try ProcessRunner.run(try BinaryUnderTest.path(), ["--date", date])
                #expect(result.status == 2, "\(date): \(result.stderrText)")
                #expect(result.stderrLines.count == 1, "\(date): \(result.stderrText)")
                #expect(result.stdout.isEmpty)
            }
            let future = try ProcessRunner.run(try BinaryUnderTest.path(), ["--date", "2999-01-01"])
            #expect(future.stderrText.contains("is in the future"))
            let mixed = try ProcessRunner.run(try BinaryUnderTest.path(), ["--daily", "--seed", "4"])
            #expect(mixed.status == 2)
        }
    }
}
