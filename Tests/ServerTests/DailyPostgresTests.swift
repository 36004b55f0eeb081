import Foundation
import Memorize
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Several servers on one PostgreSQL (issue 35, items 1 and 8): one daily secret for all, kept in
/// the database, and one run per key per day across them. A throwaway cluster from
/// scripts/ci-postgres.sh on loopback, as the leaderboard tests start theirs; if it cannot start,
/// the test fails saying why (it never passes by skipping).
extension ServerTests.DailyLeaderboard {
    static let postgres: Result<(directory: String, port: Int), BackgroundProcess.Failure> = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let directory = NSTemporaryDirectory() + "srv-pg-\(getpid())-\(UUID().uuidString.prefix(8))"
        var last = ""
        let base = 22690 + Int(getpid()) % 5
        for port in base..<(base + 5) {
            // --owner: the cluster stops itself once this test process has gone.
            guard let result = try? ProcessRunner.run("/bin/bash", [root + "/scripts/ci-postgres.sh", "start", directory, "\(port)", "--owner", "\(getpid())"],
                                                        timeout: 180) else { continue }
            if result.status == 0 { return .success((directory, port)) }
            last = result.stderrText
        }
        return .failure(BackgroundProcess.Failure(description: "PostgreSQL did not start (scripts/ci-postgres.sh): \(last)"))
    }()

    static func freshPostgresDatabase(_ name: String) throws -> String {
        let (directory, port) = try postgres.get()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let result = try ProcessRunner.run("/bin/bash", [root + "/scripts/ci-postgres.sh", "createdb", directory, "\(port)", name], timeout: 60)
        guard result.status == 0 else { throw BackgroundProcess.Failure(description: "createdb failed: \(result.stderrText)") }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("two servers on one PostgreSQL deal the same daily, and a key's run on one is its run on the other")
    func serversShareOneDatabase() throws {
        let url = try Self.freshPostgresDatabase("s_\(getpid())_\(UInt32.random(in: 0...UInt32.max))")
        let first = try ServerUnderTest(["--database", url], ports: Self.ports)
        defer { first.close() }
        let second = try ServerUnderTest(["--database", url], ports: Self.ports)
        defer { second.close() }
        let kim = try PlayerKey(in: first.directory, name: "kim")
        let lee = try PlayerKey(in: second.directory, name: "lee")
        let pane = try SSHPane(server: first, key: kim, user: "kim", remote: ["daily"])
        defer { pane.close() }
        _ = try pane.waitFor("Score: 0")
        let other = try SSHPane(server: second, key: lee, user: "lee", remote: ["daily"])
        defer { other.close() }
        _ = try other.waitFor("Score: 0")
        // The same deal on both: the seed each server gave its game.
        func seed(_ log: String) -> String? {
            guard let line = log.split(separator: "\n").first(where: { $0.contains("--server-daily") }),
                  let range = line.range(of: "--seed ") else { return nil }
            return String(line[range.upperBound...].prefix { $0.isNumber })
        }
        let seeds = (seed(first.log), seed(second.log))
        #expect(seeds.0 != nil && seeds.0 == seeds.1, "\(seeds)")
        // Neither server keeps a secret of its own: the database holds it.
        #expect(!FileManager.default.fileExists(atPath: first.stateDirectory + "/daily_secret"))
        // kim's run, started on the first server, is kim's run on the second too.
        let again = try runSSH(server: second, key: kim, user: "kim", options: ["-tt"], remote: ["daily"])
        #expect(again.status == 2 && again.stderrText.contains("already played today's daily"), "\(again.stderrText)\n\(second.log)")
        try pane.sendKeys("q")
        _ = try pane.waitForExit()
        try other.sendKeys("q")
        _ = try other.waitForExit()
        try eventually("both runs DNF on the shared board") {
            let board = (try? runSSH(server: second, key: lee, remote: ["scores"]))?.stdoutText ?? ""
            return board.split(separator: "\n").filter { $0.contains("DNF") }.count == 2
        }
    }
}
