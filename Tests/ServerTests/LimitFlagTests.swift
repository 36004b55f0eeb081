import Foundation
import MemorizeServer
import MemorizeTestSupport
import Testing

extension ServerTests {
    /// Every duration and count flag refuses what the server cannot honour, at start, with one
    /// line naming the flag and its range (exit 2); at its maximum the server runs and a game
    /// ends without trapping (`--idle-timeout 1000000000h` once killed the server with SIGILL
    /// when a session ended).
    @Suite struct LimitFlags {
        static func refused(_ arguments: [String]) throws -> String {
            let result = try ProcessRunner.run(try ServerUnderTest.binary(), arguments + ["--listen", "127.0.0.1:22499"], timeout: 30)
            #expect(result.status == 2, "\(arguments): \(result.stderrText)")
            #expect(result.stderrText.split(separator: "\n").count == 1, "\(arguments): \(result.stderrText)")
            return result.stderrText
        }

        static func milliseconds(_ duration: Duration) -> Int64 {
            duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        }

        @Test(arguments: FlagBounds.durations.map { $0.flag })
        func eachDurationFlagRefusesItsMaximumPlusOne(_ flag: String) throws {
            let maximum = try #require(FlagBounds.durations.first { $0.flag == flag }?.maximum)
            let text = try Self.refused([flag, "\(Self.milliseconds(maximum) + 1)ms"])
            // A host's lease is at least a second (its renewal runs every quarter of it); the rest, a millisecond.
            let minimum = flag == "--host-lease" ? FlagBounds.minimumHostLease : FlagBounds.minimumDuration
            #expect(text.contains(flag) && text.contains("between \(DurationText.describe(minimum)) and \(DurationText.describe(maximum))"), "\(text)")
            let huge = try Self.refused([flag, "1000000000h"])
            #expect(huge.contains(flag) && huge.contains("between"), "\(huge)")
            for zero in ["0s", "0ms"] { _ = try Self.refused([flag, zero]) }
        }

        @Test func countFlagsRefuseWhatTheyCannotHonour() throws {
            let cases: [(String, String)] = [
                ("--game-memory", "\(FlagBounds.gameMemoryMiB.upperBound + 1)"),
                ("--game-memory", "18446744073709551615"),
                ("--game-memory", "63"),
                ("--game-cpu", "\(FlagBounds.gameCPUSeconds.upperBound + 1)"),
                ("--game-cpu", "0"),
                ("--game-open-files", "\(FlagBounds.gameOpenFiles.upperBound + 1)"),
                ("--game-open-files", "15"),
                ("--max-sessions", "100001"),
                ("--max-sessions-per-address", "0"),
                ("--max-connections-per-minute", "100001"),
                ("--max-tables", "0"),
                ("--join-attempts-per-minute", "100001"),
                ("--max-watchers-per-table", "1001"),
                ("--max-table-log", "100000"),
            ]
            for (flag, value) in cases {
                let text = try Self.refused([flag, value])
                #expect(text.contains(flag) && text.contains("between"), "\(flag) \(value): \(text)")
            }
        }

        /// --public-name is bounded to what a table's invitation can carry.
        @Test func publicNameFitsAnInvitation() throws {
            let text = try Self.refused(["--public-name", String(repeating: "a", count: FlagBounds.publicNameLength + 1)])
            #expect(text.contains("--public-name") && text.contains("1 to \(FlagBounds.publicNameLength) characters"), "\(text)")
        }

        /// Every duration flag at its maximum: a game starts and ends, the server lives on and
        /// the next player plays.
        @Test func everyDurationAtItsMaximumRuns() throws {
            let arguments = FlagBounds.durations.flatMap { [$0.flag, DurationText.describe($0.maximum)] }
                + ["--game-memory", "\(FlagBounds.gameMemoryMiB.upperBound)", "--game-cpu", "\(FlagBounds.gameCPUSeconds.upperBound)",
                   "--game-open-files", "\(FlagBounds.gameOpenFiles.upperBound)"]
            let server = try ServerUnderTest(arguments)
            defer { server.close() }
            for name in ["first", "second"] {
                let pane = try SSHPane(server: server, key: try PlayerKey(in: server.directory, name: name))
                defer { pane.close() }
                try pane.waitFor("Pairs left")
                try pane.sendKeys("q")
                #expect(try pane.waitForExit() == 0)
                try server.waitForNoGames()
                #expect(server.process.isRunning, "the server died: \(server.log)")
            }
        }
    }
}
