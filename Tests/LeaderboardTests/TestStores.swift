import Foundation
import Memorize
import MemorizeLeaderboard
import MemorizeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Every store test runs against both stores.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
}

/// A store under test and what to tidy afterwards.
struct StoreUnderTest {
    let store: LeaderboardStore
    /// The SQLite file, or the PostgreSQL URL: what a second process (the writer) opens.
    let spec: String
    let directory: String

    static func make(_ kind: StoreKind) async throws -> StoreUnderTest {
        let directory = TestDirectory.make()
        switch kind {
        case .sqlite:
            let path = directory + "/leaderboard.sqlite"
            return StoreUnderTest(store: try SQLiteLeaderboard(path: path), spec: path, directory: directory)
        case .postgres:
            let url = try PostgresTestServer.freshDatabase()
            return StoreUnderTest(store: try await PostgresLeaderboard(url: try PostgresURL(url), timeout: Self.postgresTimeout),
                                  spec: url, directory: directory)
        }
    }

    func reopen(_ kind: StoreKind) async throws -> LeaderboardStore {
        switch kind {
        case .sqlite: try SQLiteLeaderboard(path: spec)
        case .postgres: try await PostgresLeaderboard(url: try PostgresURL(spec), timeout: Self.postgresTimeout)
        }
    }

    /// Generous: in a full `swift test` other suites can keep async tests waiting for a thread.
    static let postgresTimeout: Duration = .seconds(120)

    func close() async {
        await store.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

enum TestDirectory {
    static func make() -> String {
        var template = Array("/tmp/memorize-leaderboard-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }
}

/// The package root, from this file's path (<root>/Tests/LeaderboardTests/TestStores.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// One throwaway PostgreSQL server for the whole test run (scripts/ci-postgres.sh, on a port in
/// 22650-22699), a fresh database per test. If it cannot start, every PostgreSQL test fails
/// saying why: the tests never pass by skipping (CI=true or not).
enum PostgresTestServer {
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    static let server: Result<(directory: String, port: Int), Unavailable> = start()

    private static func start() -> Result<(directory: String, port: Int), Unavailable> {
        let directory = TestDirectory.make()
        let script = packageRoot + "/scripts/ci-postgres.sh"
        var last = ""
        let base = 22650 + Int(getpid()) % 40
        for port in base..<(base + 10) {
            // --owner: the server stops itself once this test process has gone, however it ends.
            guard let result = try? ProcessRunner.run("/bin/bash", [script, "start", directory, "\(port)", "--owner", "\(getpid())"],
                                                        timeout: 180) else { continue }
            if result.status == 0 {
                return .success((directory, port))
            }
            last = result.stderrText
        }
        return .failure(Unavailable(description: "PostgreSQL did not start (scripts/ci-postgres.sh; apt-get install postgresql): \(last)"))
    }

    nonisolated(unsafe) static var counter = 0
    static let lock = NSLock()

    static func freshDatabase() throws -> String {
        let (directory, port) = try server.get()
        let name = lock.withLock { counter += 1; return "t_\(getpid())_\(counter)" }
        let result = try ProcessRunner.run("/bin/bash", [packageRoot + "/scripts/ci-postgres.sh", "createdb", directory, "\(port)", name],
                                           timeout: 60)
        guard result.status == 0 else { throw Unavailable(description: "createdb failed: \(result.stderrText)") }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
